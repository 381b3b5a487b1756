#pragma once
// A StateMachine that forwards to another and keeps what its last batch of playouts
// (random_playouts_from) played and was biased by, for the agent tests to read.
#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::test {

using reasoner::FactId;
using reasoner::GoalValue;
using reasoner::MoveId;
using reasoner::Random;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

class RecordingMachine : public StateMachine {
 public:
  explicit RecordingMachine(StateMachine& m) : m_(m) {}
  std::string name() const override { return m_.name(); }
  std::unique_ptr<StateMachine> clone() const override { return m_.clone(); }
  size_t num_roles() const override { return m_.num_roles(); }
  std::string role_name(RoleIndex role) const override { return m_.role_name(role); }
  State initial_state() override { return m_.initial_state(); }
  bool is_terminal(const State& s) override { return m_.is_terminal(s); }
  GoalValue goal(const State& s, RoleIndex role) override { return m_.goal(s, role); }
  std::span<const MoveId> legal_moves(const State& s, RoleIndex role) override {
    return m_.legal_moves(s, role);
  }
  void next_state(const State& s, std::span<const MoveId> joint, State& out) override {
    m_.next_state(s, joint, out);
  }
  std::string move_text(MoveId move) const override { return m_.move_text(move); }
  std::string fact_text(FactId fact) const override { return m_.fact_text(fact); }
  std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) override {
    return m_.move_from_text(role, text);
  }
  std::optional<FactId> fact_from_text(std::string_view text) override {
    return m_.fact_from_text(text);
  }
  reasoner::PlayoutTally random_playouts_from(std::span<const State* const> starts, Random& rng,
                                              std::span<double> results,
                                              std::span<uint8_t> completed, size_t max_depth,
                                              std::span<std::vector<MoveId>> moves,
                                              reasoner::PlayoutPolicy policy,
                                              const reasoner::MoveBias& bias) override {
    reasoner::PlayoutTally tally =
        m_.random_playouts_from(starts, rng, results, completed, max_depth, moves, policy, bias);
    recorded.assign(moves.begin(), moves.end());
    largest_batch = std::max(largest_batch, starts.size());
    started.clear();
    for (const State* start : starts) started.push_back(*start);
    lane_results.assign(results.begin(), results.begin() + starts.size() * num_roles());
    bias_values.assign(bias.values.begin(), bias.values.end());
    bias_epsilon = bias.epsilon;
    return tally;
  }
  size_t parallel_playouts() const override { return m_.parallel_playouts(); }

  std::vector<std::vector<MoveId>> recorded;  // the last batch's moves, per lane
  std::vector<State> started;                 // ... its start states
  std::vector<double> lane_results;           // ... its results (role-major per lane, 0..100)
  std::vector<float> bias_values;             // ... and its MoveBias
  double bias_epsilon = 1.0;
  size_t largest_batch = 0;  // the most playouts any one call asked for

 private:
  StateMachine& m_;
};


}  // namespace ggp::test
