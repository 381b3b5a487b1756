#include "agent/rollout.h"

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
  while (true) {
    if (machine_.is_terminal(*current)) {
      result.completed = true;
      break;
    }
    if (result.steps >= policy.max_depth) break;
    if (policy.limits != nullptr && interrupted_at_step(*policy.limits, result.steps)) {
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
        if (!gives_immediate_win(state, joint_, m)) candidates_.push_back(move);
      }
      if (!candidates_.empty()) return trace.set_chosen(step, m, choose(candidates_, policy, rng));
    }
    return trace.set_chosen(step, m, choose(legal, policy, rng));
  }
  for (RoleIndex r = 0; r < trace.num_roles(); ++r)
    trace.set_chosen(step, r, choose(trace.legal(step, r), policy, rng));
}

MoveId Rollout::choose(std::span<const MoveId> legal, const RolloutPolicy& policy,
                       reasoner::Random& rng) {
  if (legal.size() == 1) return legal[0];
  switch (policy.mode) {
    case PlayoutMode::Mast:
      return legal[gibbs_draw(
          legal, [&](MoveId m) { return policy.mast->mean(m); }, policy.mast_temperature, rng,
          gibbs_scratch_)];
    case PlayoutMode::MastGreedy:
      if (rng.uniform() >= policy.mast_epsilon) return mast_best(legal, *policy.mast, rng);
      break;
    case PlayoutMode::Ppa:
      return legal[gibbs_draw(
          legal, [&](MoveId m) { return policy.weights->weight(m); }, 1.0, rng, gibbs_scratch_)];
    case PlayoutMode::Random:
      break;
  }
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

MoveId Rollout::mast_best(std::span<const MoveId> legal, const MoveAverages& mast,
                          reasoner::Random& rng) {
  MoveId best = legal[0];
  double top = -INFINITY;
  uint32_t ties = 0;
  for (MoveId m : legal) {
    double v = mast.mean(m);
    if (v > top) {
      top = v, best = m, ties = 1;
    } else if (v == top && rng.below(++ties) == 0) {  // reservoir: each tie kept with 1/ties
      best = m;
    }
  }
  return best;
}

int Rollout::find_decisive(const State& state, std::span<const MoveId> others, RoleIndex mover,
                           std::span<const MoveId> legal) {
  joint_.assign(others.begin(), others.end());
  for (size_t i = 0; i < legal.size(); ++i) {
    joint_[mover] = legal[i];
    machine_.next_state(state, joint_, probe_);
    if (machine_.is_terminal(probe_) && machine_.goal(probe_, mover) == kWinGoal)
      return static_cast<int>(i);
  }
  return -1;
}

bool Rollout::gives_immediate_win(const State& state, std::span<const MoveId> joint,
                                  RoleIndex mover) {
  machine_.next_state(state, joint, probe_);
  if (machine_.is_terminal(probe_)) return false;
  size_t num_roles = machine_.num_roles();
  reply_legal_.resize(num_roles);
  int next_mover = -1;
  for (RoleIndex r = 0; r < num_roles; ++r) {
    std::span<const MoveId> legal = machine_.legal_moves(probe_, r);
    if (legal.empty()) return false;
    reply_legal_[r].assign(legal.begin(), legal.end());
    if (legal.size() > 1) next_mover = next_mover == -1 ? static_cast<int>(r) : -2;
  }
  if (next_mover < 0 || static_cast<RoleIndex>(next_mover) == mover) return false;
  auto opponent = static_cast<RoleIndex>(next_mover);
  reply_joint_.resize(num_roles);
  for (RoleIndex r = 0; r < num_roles; ++r) reply_joint_[r] = reply_legal_[r][0];
  for (MoveId move : reply_legal_[opponent]) {
    reply_joint_[opponent] = move;
    machine_.next_state(probe_, reply_joint_, reply_);
    if (machine_.is_terminal(reply_) && machine_.goal(reply_, opponent) == kWinGoal) return true;
  }
  return false;
}

}  // namespace ggp::agent
