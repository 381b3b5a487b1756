#include "agent/match_state.h"

namespace ggp::agent {

reasoner::RoleIndex find_role(const reasoner::StateMachine& machine, const std::string& role) {
  for (reasoner::RoleIndex r = 0; r < machine.num_roles(); ++r)
    if (machine.role_name(r) == role) return r;
  throw std::invalid_argument("no role named '" + role + "' in these rules");
}

reasoner::JointMove parse_joint_move(reasoner::StateMachine& machine,
                                     const std::vector<std::string>& joint_texts) {
  if (joint_texts.empty()) return {};
  if (joint_texts.size() != machine.num_roles())
    throw std::invalid_argument("a joint move needs " + std::to_string(machine.num_roles()) +
                                " moves, got " + std::to_string(joint_texts.size()));
  reasoner::JointMove joint(joint_texts.size());
  for (reasoner::RoleIndex r = 0; r < joint.size(); ++r) {
    auto move = machine.move_from_text(r, joint_texts[r]);
    if (!move) throw std::invalid_argument("unknown move '" + joint_texts[r] + "'");
    joint[r] = *move;
  }
  return joint;
}

void apply_joint_move_texts(reasoner::StateMachine& machine, reasoner::State& state,
                            const std::vector<std::string>& joint_texts) {
  reasoner::JointMove joint = parse_joint_move(machine, joint_texts);
  if (joint.empty()) return;
  reasoner::State next;
  machine.next_state(state, joint, next);
  state = std::move(next);
}

}  // namespace ggp::agent
