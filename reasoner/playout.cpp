#include "reasoner/playout.h"

#include <algorithm>

namespace ggp::reasoner {

bool random_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint) {
  size_t n = machine.num_roles();
  joint.resize(n);
  for (RoleIndex r = 0; r < n; ++r) {
    std::span<const MoveId> legal = machine.legal_moves(state, r);
    if (legal.empty()) return false;
    joint[r] = legal[rng.below(static_cast<uint32_t>(legal.size()))];
  }
  return true;
}

PlayoutResult depth_charge(StateMachine& machine, const State& start, Random& rng,
                           PlayoutBuffers& buffers, const State*& final_state, size_t max_depth,
                           std::vector<MoveId>* moves) {
  PlayoutResult result;
  const State* current = &start;
  State* spare[2] = {&buffers.a, &buffers.b};
  int next_buffer = 0;
  while (true) {
    if (machine.is_terminal(*current)) {
      result.completed = true;
      break;
    }
    if (result.depth >= max_depth || !random_joint_move(machine, *current, rng, buffers.joint))
      break;
    if (moves) moves->insert(moves->end(), buffers.joint.begin(), buffers.joint.end());
    State* out = spare[next_buffer];
    next_buffer ^= 1;
    machine.next_state(*current, buffers.joint, *out);
    current = out;
    ++result.depth;
  }
  final_state = current;
  return result;
}

PlayoutTally StateMachine::random_playouts(const State& state, size_t count, Random& rng,
                                           std::span<double> goal_sums, size_t max_depth) {
  PlayoutTally tally;
  PlayoutBuffers buffers;
  for (size_t i = 0; i < count; ++i) {
    const State* end = nullptr;
    PlayoutResult result = depth_charge(*this, state, rng, buffers, end, max_depth);
    tally.steps += result.depth;
    if (!result.completed) continue;
    ++tally.completed;
    for (RoleIndex r = 0; r < num_roles() && r < goal_sums.size(); ++r)
      goal_sums[r] += std::max<GoalValue>(goal(*end, r), 0);
  }
  return tally;
}

PlayoutTally StateMachine::random_playouts_from(std::span<const State* const> starts, Random& rng,
                                                std::span<double> results,
                                                std::span<uint8_t> completed, size_t max_depth,
                                                std::span<std::vector<MoveId>> moves) {
  PlayoutTally tally;
  PlayoutBuffers buffers;
  const size_t roles = num_roles();
  for (size_t i = 0; i < starts.size(); ++i) {
    const State* end = nullptr;
    std::vector<MoveId>* played = moves.empty() ? nullptr : &moves[i];
    if (played) played->clear();
    PlayoutResult result = depth_charge(*this, *starts[i], rng, buffers, end, max_depth, played);
    tally.steps += result.depth;
    tally.completed += result.completed;
    completed[i] = result.completed;
    for (RoleIndex r = 0; r < roles; ++r)
      results[i * roles + r] = std::max<GoalValue>(goal(*end, r), 0);
  }
  return tally;
}

}  // namespace ggp::reasoner
