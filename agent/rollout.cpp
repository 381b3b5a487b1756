#include "agent/rollout.h"

#include <optional>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

void scaled_goals(reasoner::StateMachine& machine, const State& state, std::span<double> out) {
  for (RoleIndex r = 0; r < out.size(); ++r) {
    reasoner::GoalValue g = machine.goal(state, r);
    out[r] = g < 0 ? 0.0 : static_cast<double>(g) / 100.0;
  }
}

int unique_mover(const Trace& trace, size_t step) {
  int mover = -1;
  for (RoleIndex r = 0; r < trace.num_roles(); ++r) {
    if (trace.legal(step, r).size() < 2) continue;
    if (mover >= 0) return -1;
    mover = static_cast<int>(r);
  }
  return mover;
}

RolloutResult Rollout::run(const State& start, const RolloutPolicy& policy, reasoner::Random& rng,
                           Trace& trace, std::span<double> results) {
  RolloutResult result;
  const State* current = &start;
  State* spare[2] = {&a_, &b_};
  int next_buffer = 0;
  size_t num_roles = machine_.num_roles();
  std::optional<StepCheck> check;
  if (policy.limits != nullptr) check.emplace(*policy.limits);
  while (true) {
    if (machine_.is_terminal(*current)) {
      result.completed = true;
      break;
    }
    if (result.steps >= policy.max_depth) break;
    if (check && check->interrupted(result.steps)) {
      result.abandoned = true;
      return result;
    }
    size_t step = trace.steps();
    bool broken = false;
    for (RoleIndex r = 0; r < num_roles; ++r) {
      std::span<const MoveId> legal = machine_.legal_moves(*current, r);
      broken |= legal.empty();
      trace.add_legal(legal);
    }
    if (broken) {
      trace.truncate(step);
      break;
    }
    choose_joint(*current, step, policy, rng, trace);
    State* out = spare[next_buffer];
    next_buffer ^= 1;
    machine_.next_state(*current, trace.joint(step), *out);
    current = out;
    ++result.steps;
  }
  scaled_goals(machine_, *current, results);
  return result;
}

void Rollout::choose_joint(const State& state, size_t step, const RolloutPolicy& policy,
                           reasoner::Random& rng, Trace& trace) {
  int mover = (policy.decisive || policy.anti_decisive) ? unique_mover(trace, step) : -1;
  if (mover >= 0) {
    auto m = static_cast<RoleIndex>(mover);
    std::span<const MoveId> legal = trace.legal(step, m);
    std::span<const MoveId> others = trace.joint(step);  // others' only moves; m's is a placeholder
    if (policy.decisive) {
      int win = find_decisive(state, others, m, legal);
      if (win >= 0) return trace.set_chosen(step, m, legal[static_cast<size_t>(win)]);
    }
    if (policy.anti_decisive) {
      candidates_.clear();
      joint_.assign(others.begin(), others.end());
      for (MoveId move : legal) {
        joint_[m] = move;
        if (!reasoner::gives_immediate_win(machine_, state, joint_, m, greedy_))
          candidates_.push_back(move);
      }
      if (!candidates_.empty()) return trace.set_chosen(step, m, choose(candidates_, state, policy, rng));
    }
    return trace.set_chosen(step, m, choose(legal, state, policy, rng));
  }
  for (RoleIndex r = 0; r < trace.num_roles(); ++r)
    trace.set_chosen(step, r, choose(trace.legal(step, r), state, policy, rng));
}

MoveId Rollout::choose(std::span<const MoveId> legal, const State& state,
                       const RolloutPolicy& policy, reasoner::Random& rng) {
  if (legal.size() == 1) return legal[0];
  if (std::optional<MoveId> capture = reasoner::capture_move(legal, policy.captures, state, rng))
    return *capture;
  switch (policy.mode) {
    case PlayoutMode::Mast:
      return legal[gibbs_draw(
          legal, [&](MoveId m) { return policy.mast->mean(m); }, policy.mast_temperature, rng,
          gibbs_scratch_)];
    case PlayoutMode::MastGreedy:
      return reasoner::epsilon_greedy_move(
          legal, [&](MoveId m) { return policy.mast->mean(m); }, policy.mast_epsilon, rng);
    case PlayoutMode::Ppa:
      return legal[gibbs_draw(
          legal, [&](MoveId m) { return policy.weights->weight(m); }, 1.0, rng, gibbs_scratch_)];
    case PlayoutMode::PpaGreedy:
      return reasoner::epsilon_greedy_move(
          legal, [&](MoveId m) { return policy.weights->weight(m); }, policy.mast_epsilon, rng);
    case PlayoutMode::Random:
      break;
  }
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

}  // namespace ggp::agent
