#pragma once
// Checks of bit-parallel playouts (propnet/bit_parallel.h) by replay on a reference machine, and
// the lines and replays the lane tests share (bit_parallel_test.cpp, bit_greedy_test.cpp,
// private_moves_test.cpp, reply_moves_test.cpp).
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gdl/ast.h"
#include "propnet/bit_parallel.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet::testing {

// What one BitParallelPlayouts call played, recorded.
struct Run {
  std::vector<LanePlayout> playouts;
  reasoner::PlayoutTally tally;
  std::vector<double> goal_sums;
};

// Replays every playout of `run` on `ref` (same rules), through move and fact texts, from the
// initial state or, with `starts` (states of `ref`), from the start of its lane: every joint move
// legal, every finished playout terminal with the goals the lanes added up, every unfinished one
// at the depth limit or where a role has no move, each with the goals of its last state.
void check_replay(const Run& run, const BitProgram& bits, reasoner::StateMachine& ref, size_t count,
                  size_t max_depth, const std::vector<reasoner::State>* starts = nullptr);

// A game of games_kif/ by name (without .kif).
std::shared_ptr<const gdl::Game> shipped(const std::string& name);

// Plays the moves (role, text) in turn from the initial state; the role not named plays `idle`.
reasoner::State play_line(reasoner::StateMachine& machine,
                          const std::vector<std::pair<reasoner::RoleIndex, std::string>>& line,
                          const std::string& idle = "noop");

// Replays each lane's moves (two roles, role-major per step) from `start`, calling
// visit(state, role, move) for every move made.
template <class Visit>
void for_each_move(reasoner::StateMachine& machine, const reasoner::State& start,
                   const std::vector<std::vector<reasoner::MoveId>>& lanes, Visit&& visit) {
  for (const auto& lane : lanes) {
    reasoner::State state = start, next;
    for (size_t step = 0; step * 2 < lane.size(); ++step) {
      std::span<const reasoner::MoveId> joint(lane.data() + step * 2, 2);
      for (reasoner::RoleIndex r = 0; r < 2; ++r) visit(state, r, joint[r]);
      machine.next_state(state, joint, next);
      state = next;
    }
  }
}

}  // namespace ggp::propnet::testing
