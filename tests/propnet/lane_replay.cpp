#include "propnet/lane_replay.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "gdl/loader.h"
#include "support/corpus.h"

namespace ggp::propnet::testing {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

void check_replay(const Run& run, const BitProgram& bits, StateMachine& ref, size_t count,
                  size_t max_depth, const std::vector<State>* starts) {
  const Program& p = *bits.program;
  const size_t roles = p.num_roles;
  REQUIRE(run.playouts.size() == count);
  size_t completed = 0, steps = 0;
  std::vector<double> sums(roles, 0);
  for (size_t i = 0; i < run.playouts.size(); ++i) {
    const LanePlayout& lane = run.playouts[i];
    INFO("playout " << i);
    State state = starts ? (*starts)[lane.lane] : ref.initial_state(), next;
    const size_t full_steps = lane.moves.size() / roles;
    std::vector<MoveId> joint(roles);
    for (size_t s = 0; s < full_steps; ++s) {
      REQUIRE_FALSE(ref.is_terminal(state));
      for (RoleIndex r = 0; r < roles; ++r) {
        auto m = ref.move_from_text(r, p.move_texts[lane.moves[s * roles + r]]);
        REQUIRE(m);
        auto legal = ref.legal_moves(state, r);
        INFO("step " << s << " role " << r << " move " << p.move_texts[lane.moves[s * roles + r]]);
        REQUIRE(std::find(legal.begin(), legal.end(), *m) != legal.end());
        joint[r] = *m;
      }
      ref.next_state(state, joint, next);
      std::swap(state, next);
    }
    steps += full_steps;
    // Every lane, finished or cut, reports the goals of the state where it stopped.
    for (RoleIndex r = 0; r < roles; ++r) CHECK(lane.goals[r] == std::max(ref.goal(state, r), 0));
    if (lane.completed) {
      ++completed;
      CHECK(lane.moves.size() % roles == 0);
      REQUIRE(ref.is_terminal(state));
      for (RoleIndex r = 0; r < roles; ++r) sums[r] += lane.goals[r];
    } else if (full_steps < max_depth) {  // unfinished before the limit: a role had no move
      CHECK_FALSE(ref.is_terminal(state));
      bool stuck = false;
      for (RoleIndex r = 0; r < roles; ++r) stuck |= ref.legal_moves(state, r).empty();
      CHECK(stuck);
    }
  }
  CHECK(run.tally.completed == completed);
  CHECK(run.tally.steps == steps);
  for (RoleIndex r = 0; r < roles; ++r) CHECK(run.goal_sums[r] == doctest::Approx(sums[r]));
}

std::shared_ptr<const gdl::Game> shipped(const std::string& name) {
  return gdl::load_game_file(ggp::testing::shipped_game_path(name));
}

State play_line(StateMachine& machine, const std::vector<std::pair<RoleIndex, std::string>>& line,
                const std::string& idle) {
  State state = machine.initial_state(), next;
  for (const auto& [mover, text] : line) {
    std::vector<MoveId> joint(machine.num_roles());
    for (RoleIndex r = 0; r < machine.num_roles(); ++r) {
      std::optional<MoveId> m = machine.move_from_text(r, r == mover ? text : idle);
      REQUIRE(m.has_value());
      joint[r] = *m;
    }
    machine.next_state(state, joint, next);
    state = next;
  }
  return state;
}

}  // namespace ggp::propnet::testing
