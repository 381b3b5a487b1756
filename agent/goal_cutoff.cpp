#include "agent/goal_cutoff.h"

#include <cmath>
#include <optional>

#include "agent/rollout.h"
#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::RoleIndex;
using reasoner::State;

bool GoalSignalProbe::add_playout(const State& start, reasoner::Random& rng,
                                  const SearchLimits* limits, size_t max_steps) {
  size_t num_roles = machine_.num_roles();
  final_.resize(num_roles);
  step_goals_.clear();
  const State* current = &start;
  State* spare[2] = {&a_, &b_};
  int next_buffer = 0;
  size_t steps = 0;
  std::optional<StepCheck> check;
  if (limits != nullptr) check.emplace(*limits);
  while (!machine_.is_terminal(*current)) {
    if (steps >= max_steps) return false;
    if (check && check->interrupted(steps)) return false;
    step_goals_.resize(step_goals_.size() + num_roles);
    scaled_goals(machine_, *current, std::span(step_goals_).last(num_roles));
    if (!reasoner::random_joint_move(machine_, *current, rng, joint_)) return false;
    State* out = spare[next_buffer];
    next_buffer ^= 1;
    machine_.next_state(*current, joint_, *out);
    current = out;
    ++steps;
  }
  scaled_goals(machine_, *current, final_);
  sums_.resize(num_roles);
  for (size_t i = 0; i < step_goals_.size(); ++i) {
    Sums& s = sums_[i % num_roles];
    double x = step_goals_[i], y = final_[i % num_roles];
    s.n += 1, s.x += x, s.y += y, s.xx += x * x, s.yy += y * y, s.xy += x * y;
  }
  ++playouts_;
  steps_ += steps;
  return true;
}

double GoalSignalProbe::Sums::correlation() const {
  if (n < 2) return 0;
  double vx = n * xx - x * x, vy = n * yy - y * y;
  if (vx <= 1e-12 * n * n || vy <= 1e-12 * n * n) return 0;  // a constant side: no signal
  return (n * xy - x * y) / std::sqrt(vx * vy);
}

GoalSignal GoalSignalProbe::signal() const {
  GoalSignal s;
  s.playouts = playouts_;
  s.mean_length = playouts_ > 0 ? static_cast<double>(steps_) / static_cast<double>(playouts_) : 0;
  for (const Sums& role : sums_) {
    s.samples += static_cast<size_t>(role.n);
    s.correlation += role.correlation() / static_cast<double>(sums_.size());
  }
  return s;
}

}  // namespace ggp::agent
