#include "agent/nested_search.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::State;

NestedSearcherBase::NestedSearcherBase(const NestedConfig& config, reasoner::StateMachine& machine,
                                       uint64_t seed)
    : config_(config), machine_(machine), rng_(seed), rollout_(machine) {
  if (machine.num_roles() != 1)
    throw std::invalid_argument("NMCS and NRPA play single-player games only");
  results_.resize(1);
  set_root(machine_.initial_state());
}

void NestedSearcherBase::set_root(const State& state) {
  root_ = state;
  playouts_ = 0;
  best_line_.clear();
  best_result_ = -1;
}

void NestedSearcherBase::advance(std::span<const MoveId> joint, const State& next) {
  bool on_line = !best_line_.empty() && joint.size() == 1 && joint[0] == best_line_[0];
  std::vector<MoveId> rest(best_line_.begin() + (on_line ? 1 : 0), best_line_.end());
  double result = best_result_;
  set_root(next);
  if (on_line) best_line_ = std::move(rest), best_result_ = result;
}

void NestedSearcherBase::search(const SearchLimits& limits) {
  limits_ = &limits;
  playouts_this_call_ = 0;
  out_of_budget_ = false;
  while (!machine_.is_terminal(root_) && !out_of_budget_ && best_result_ < 1.0) {
    uint64_t before = playouts_this_call_;
    restart();
    if (playouts_this_call_ == before) break;  // nothing left to sample (a broken position)
  }
  limits_ = nullptr;
}

double NestedSearcherBase::playout(const State& state, const PolicyWeights* policy, Trace& trace) {
  if (out_of_budget_ || limit_reached(*limits_, playouts_this_call_)) {
    out_of_budget_ = true;
    return -1;
  }
  RolloutPolicy rollout_policy;
  rollout_policy.mode = policy != nullptr ? PlayoutMode::Ppa : PlayoutMode::Random;
  rollout_policy.weights = policy;
  rollout_policy.max_depth = config_.max_playout_depth;
  RolloutResult r = rollout_.run(state, rollout_policy, rng_, trace, results_);
  ++playouts_this_call_;
  ++playouts_;
  return r.completed ? results_[0] : 0.0;
}

void NestedSearcherBase::offer(const Trace& trace, double result) {
  if (result <= best_result_) return;
  best_result_ = result;
  best_line_.clear();
  for (size_t step = 0; step < trace.steps(); ++step) best_line_.push_back(trace.chosen(step, 0));
}

MoveId NestedSearcherBase::best_move(reasoner::RoleIndex role) {
  std::span<const MoveId> legal = machine_.legal_moves(root_, role);
  if (legal.empty()) return 0;
  if (!best_line_.empty() && std::find(legal.begin(), legal.end(), best_line_[0]) != legal.end())
    return best_line_[0];
  return legal[0];
}

std::vector<std::pair<MoveId, double>> NestedSearcherBase::root_votes(reasoner::RoleIndex role) {
  return {{best_move(role), best_result_ >= 1.0 ? INFINITY : std::max(best_result_, 0.0)}};
}

// NMCS ---------------------------------------------------------------------------------------

void NmcsSearcher::restart() {
  Trace prefix, best;
  prefix.reset(1);
  double result = nested(root_, config_.level, prefix, best);
  if (result >= 0) offer(best, result);
}

double NmcsSearcher::nested(const State& start, int level, Trace& prefix, Trace& best) {
  if (level == 0 || machine_.is_terminal(start)) {  // a terminal start counts as a playout too
    best = prefix;
    return playout(start, nullptr, best);
  }
  size_t base = prefix.steps();
  double best_result = -1;
  State state = start, next;
  Trace candidate;
  while (!machine_.is_terminal(state)) {
    std::span<const MoveId> legal = machine_.legal_moves(state, 0);
    if (legal.empty()) break;
    std::vector<MoveId> moves(legal.begin(), legal.end());
    size_t step = prefix.steps();
    for (MoveId m : moves) {
      prefix.add(moves, m);
      machine_.next_state(state, prefix.joint(step), next);
      double result = nested(next, level - 1, prefix, candidate);
      prefix.truncate(step);
      if (out_of_budget()) break;
      if (result > best_result) best_result = result, best = candidate;
    }
    if (out_of_budget() || best_result < 0) break;
    // Follow the best sequence one move: its move at this step.
    MoveId follow = best.chosen(step, 0);
    prefix.add(moves, follow);
    machine_.next_state(state, prefix.joint(step), next);
    std::swap(state, next);
  }
  prefix.truncate(base);
  return best_result;
}

// NRPA ---------------------------------------------------------------------------------------

void NrpaSearcher::restart() {
  PolicyWeights policy;
  Trace best;
  double result = nrpa(config_.level, policy, best);
  if (result >= 0) offer(best, result);
}

double NrpaSearcher::nrpa(int level, PolicyWeights& policy, Trace& best) {
  if (level == 0) {
    best.reset(1);
    return playout(root_, &policy, best);
  }
  double best_result = -1;
  Trace candidate;
  for (int i = 0; i < config_.iterations; ++i) {
    PolicyWeights copy = policy;
    double result = nrpa(level - 1, copy, candidate);
    if (out_of_budget()) break;
    if (result >= best_result) {
      best_result = result;
      best = candidate;
      offer(best, result);
    }
    policy.adapt(best, 0, 0, config_.alpha);
  }
  return best_result;
}

}  // namespace ggp::agent
