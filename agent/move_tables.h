#pragma once
// Per-move tables that bias playouts, keyed by MoveId (a MoveId already names a (role, move) pair,
// as PPA requires), grown on demand because a prover's move ids grow as it meets new terms.
//
// - MoveAverages: MAST (Finnsson & Björnsson 2008): each move's average result for the role that
//   played it, over all simulations; playouts draw moves from a Gibbs distribution over it.
// - PolicyWeights: the playout policy of PPA (Cazenave 2015, Algorithms 1-2) and NRPA (Rosin 2011):
//   a weight per move, moves drawn with probability exp(w) / sum exp(w) over the legal moves.
#include <cmath>
#include <span>
#include <vector>

#include "agent/trace.h"
#include "reasoner/random.h"
#include "reasoner/state.h"

namespace ggp::agent {

// Draws an index into `legal` with probability proportional to exp(score(move) / temperature).
// `scratch` is reused so that the draw does not allocate once warm.
template <typename Score>
size_t gibbs_draw(std::span<const reasoner::MoveId> legal, Score&& score, double temperature,
                  reasoner::Random& rng, std::vector<double>& scratch) {
  scratch.resize(legal.size());
  double top = -INFINITY;
  for (size_t i = 0; i < legal.size(); ++i) {
    scratch[i] = score(legal[i]) / temperature;
    top = std::max(top, scratch[i]);
  }
  double total = 0;
  for (double& x : scratch) total += (x = std::exp(x - top));  // shifted: no overflow
  double pick = rng.uniform() * total;
  for (size_t i = 0; i < legal.size(); ++i) {
    pick -= scratch[i];
    if (pick < 0) return i;
  }
  return legal.size() - 1;
}

class MoveAverages {
 public:
  // `unseen` is the value of a move never played (optimistic by default: tried early).
  explicit MoveAverages(double unseen = 1.0) : unseen_(unseen) {}
  void clear() { sums_.clear(), counts_.clear(); }
  double mean(reasoner::MoveId move) const {
    return move < counts_.size() && counts_[move] > 0 ? sums_[move] / counts_[move] : unseen_;
  }
  void add(reasoner::MoveId move, double value) {
    if (move >= counts_.size()) sums_.resize(move + 1, 0.0), counts_.resize(move + 1, 0);
    sums_[move] += value;
    ++counts_[move];
  }
  // Every move of `trace` that was a choice (of two legal moves or more) is credited with the
  // result of the role that played it.
  void update(const Trace& trace, std::span<const double> results);
  // Every move of `joint_moves` (whole joint moves, role-major: the batched playouts' record,
  // which does not say which were choices) is credited with its role's entry of `results`.
  void update_moves(std::span<const reasoner::MoveId> joint_moves, std::span<const double> results);
  // Each move's mean by MoveId (`unseen` for a move never played), for MoveBias::values.
  void means(std::vector<float>& out) const;
  double unseen() const { return unseen_; }

 private:
  double unseen_;
  std::vector<double> sums_;
  std::vector<uint32_t> counts_;
};

class PolicyWeights {
 public:
  void clear() { weights_.clear(); }
  double weight(reasoner::MoveId move) const {
    return move < weights_.size() ? weights_[move] : 0.0;
  }
  void set(reasoner::MoveId move, double w) {
    if (move >= weights_.size()) weights_.resize(move + 1, 0.0);
    weights_[move] = w;
  }
  // Algorithm 2 (PPA) / Adapt (NRPA): for every step of `trace` from `first_step`, for `role`'s
  // move: w[move] += alpha and w[m] -= alpha * exp(w[m]) / z for every legal m, where the weights
  // on the right-hand side and z = sum exp(w[m]) are those BEFORE this call (the paper's polp
  // copy).
  void adapt(const Trace& trace, size_t first_step, reasoner::RoleIndex role, double alpha);
  // The winners of a simulation with `results` (one per role, in [0,1]): the roles with the top
  // result where it beats another role's (alone: a result of 1), each adapted over all of `trace`.
  void adapt_winners(const Trace& trace, std::span<const double> results, double alpha);
  // Each move's weight by MoveId (0 past the moves ever weighted), for MoveBias::values.
  void values(std::vector<float>& out) const { out.assign(weights_.begin(), weights_.end()); }

 private:
  std::vector<double> weights_;
  std::vector<std::pair<reasoner::MoveId, double>> deltas_;  // reused by adapt()
};

}  // namespace ggp::agent
