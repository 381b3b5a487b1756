#include "cli/record_position.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>
#include <nlohmann/json.hpp>

#include "agent/match_state.h"

namespace ggp::cli {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

State record_state(reasoner::StateMachine& m, const std::string& path, size_t turns) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the record " + path);
  const nlohmann::json moves = nlohmann::json::parse(in).at("moves");
  if (turns > moves.size())
    throw std::runtime_error("the record has " + std::to_string(moves.size()) + " turns");
  State state = m.initial_state(), next;
  for (size_t t = 0; t < turns; ++t) {
    const std::string turn = "turn " + std::to_string(t + 1) + ": ";
    const auto texts = moves.at(t).get<std::vector<std::string>>();
    reasoner::JointMove joint;
    try {
      joint = agent::parse_joint_move(m, texts);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(turn + e.what());
    }
    for (RoleIndex r = 0; r < m.num_roles(); ++r) {
      const std::span<const MoveId> legal = m.legal_moves(state, r);
      if (std::find(legal.begin(), legal.end(), joint[r]) == legal.end())
        throw std::runtime_error(turn + texts[r] + " is not legal");
    }
    m.next_state(state, joint, next);
    std::swap(state, next);
  }
  return state;
}

}  // namespace ggp::cli
