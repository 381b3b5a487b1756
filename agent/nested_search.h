#pragma once
// Nested searches for single-player games; both keep the best line found from the root and play it
// (a deterministic puzzle replays a line exactly), across turns too.
//
// - NMCS (Cazenave 2009): at level n, every move of the current position is scored by a level n-1
//   search; the best sequence seen so far is followed one move at a time. Level 0 is a random
//   playout.
// - NRPA (Rosin 2011): at level n, `iterations` level n-1 searches, each from a copy of the
//   policy; after each, the policy is adapted towards the best sequence of this level. Level 0 is a
//   Gibbs playout over the policy weights. Adaptation is PolicyWeights::adapt, as in PPA.
#include <vector>

#include "agent/move_tables.h"
#include "agent/rollout.h"
#include "agent/searcher.h"
#include "agent/trace.h"
#include "reasoner/random.h"

namespace ggp::agent {

struct NestedConfig {
  int level = 2;                      // nesting level of each restart from the root
  int iterations = 100;               // NRPA: level n-1 searches per level (Rosin: 100)
  double alpha = 1.0;                 // NRPA: adaptation step (Rosin: 1.0)
  size_t max_playout_depth = 10'000;  // a playout longer than this is scored where it stops
};

// What the two nested searches share: root, limits, the best line and the Searcher plumbing.
class NestedSearcherBase : public Searcher {
 public:
  NestedSearcherBase(const NestedConfig& config, reasoner::StateMachine& machine, uint64_t seed);

  void set_root(const reasoner::State& state) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override { return {playouts_, playouts_, 0, false}; }
  // One vote for the best line's first move, weighted by its result (infinite at the top goal).
  std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) override;

  const std::vector<reasoner::MoveId>& best_line() const { return best_line_; }
  double best_result() const { return best_result_; }

 protected:
  // One restart from the root; returns early (false) once the limits are reached.
  virtual void restart() = 0;
  // Runs a level-0 playout from `state` with `policy` (null: uniform) and records it in `trace`
  // after the existing steps; returns the result, or -1 once the limits are reached.
  double playout(const reasoner::State& state, const PolicyWeights* policy, Trace& trace);
  // Offers a complete line from the root.
  void offer(const Trace& trace, double result);
  bool out_of_budget() const { return out_of_budget_; }

  NestedConfig config_;
  reasoner::StateMachine& machine_;
  reasoner::Random rng_;
  reasoner::State root_;

 private:
  Rollout rollout_;
  std::vector<double> results_;
  const SearchLimits* limits_ = nullptr;
  uint64_t playouts_this_call_ = 0;
  bool out_of_budget_ = false;
  uint64_t playouts_ = 0;
  std::vector<reasoner::MoveId> best_line_;
  double best_result_ = -1;
};

class NmcsSearcher : public NestedSearcherBase {
 public:
  using NestedSearcherBase::NestedSearcherBase;
  std::string name() const override { return "nmcs"; }

 private:
  void restart() override;
  // Level-`level` NMCS from `state`, whose line from the root is in `prefix`; the best line found
  // (prefix included) goes to `best`. Returns its result, or -1 if nothing completed.
  double nested(const reasoner::State& state, int level, Trace& prefix, Trace& best);
};

class NrpaSearcher : public NestedSearcherBase {
 public:
  using NestedSearcherBase::NestedSearcherBase;
  std::string name() const override { return "nrpa"; }

 private:
  void restart() override;
  double nrpa(int level, PolicyWeights& policy, Trace& best);
};

}  // namespace ggp::agent
