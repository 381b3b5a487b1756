#include "reasoner/state_machine.h"

#include <algorithm>

namespace ggp::reasoner {

std::vector<std::string> role_names(const StateMachine& machine) {
  std::vector<std::string> names;
  for (RoleIndex r = 0; r < machine.num_roles(); ++r) names.push_back(machine.role_name(r));
  return names;
}

std::vector<std::string> state_texts(const StateMachine& machine, const State& state) {
  std::vector<std::string> texts;
  state.for_each_fact([&](FactId f) { texts.push_back(machine.fact_text(f)); });
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::vector<std::string> move_texts(const StateMachine& machine, std::span<const MoveId> moves) {
  std::vector<std::string> texts;
  for (MoveId m : moves) texts.push_back(machine.move_text(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::vector<std::string> legal_move_texts(StateMachine& machine, const State& state,
                                          RoleIndex role) {
  return move_texts(machine, machine.legal_moves(state, role));
}

std::vector<GoalValue> goals(StateMachine& machine, const State& state) {
  std::vector<GoalValue> values;
  for (RoleIndex r = 0; r < machine.num_roles(); ++r) values.push_back(machine.goal(state, r));
  return values;
}

int goal_value_of(std::string_view text) {
  if (text.empty() || text.size() > 3) return -1;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value <= 100 ? value : -1;
}

}  // namespace ggp::reasoner
