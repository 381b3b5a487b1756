#include "reasoner/playout.h"

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
                           PlayoutBuffers& buffers, const State*& final_state, size_t max_depth) {
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
    State* out = spare[next_buffer];
    next_buffer ^= 1;
    machine.next_state(*current, buffers.joint, *out);
    current = out;
    ++result.depth;
  }
  final_state = current;
  return result;
}

}  // namespace ggp::reasoner
