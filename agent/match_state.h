#pragma once
// Follows a match from the player's side: applies each PLAY's previous joint move (texts) to the
// current state. Shared by every Player.
#include <stdexcept>
#include <string>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::agent {

// Index of the role named `role` (the rules' spelling); throws std::invalid_argument if none.
reasoner::RoleIndex find_role(const reasoner::StateMachine& machine, const std::string& role);

// The joint move given as texts in role order, as move ids; empty for an empty list. Throws
// std::invalid_argument for a wrong count or a move the machine cannot read.
reasoner::JointMove parse_joint_move(reasoner::StateMachine& machine,
                                     const std::vector<std::string>& joint_texts);

// Advances `state` by the joint move given as texts in role order; an empty list leaves it (the
// first PLAY). Throws std::invalid_argument for a wrong count or a move the machine cannot read.
void apply_joint_move_texts(reasoner::StateMachine& machine, reasoner::State& state,
                            const std::vector<std::string>& joint_texts);

}  // namespace ggp::agent
