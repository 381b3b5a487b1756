// Whether moves have fixed effects (agent/move_effects.h), which amaf_fixed reads to keep AMAF
// out of games whose moves do different things in different states.
#include "agent/move_effects.h"

#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <utility>

#include "agent/mcts.h"
#include "propnet_games.h"

using namespace ggp;
using namespace ggp::agent;

TEST_CASE("move effects: a drop's cell depends on the column's height, a step's does not") {
  reasoner::Random rng(5);
  auto effects_of = [&rng](const char* game) {
    auto machine = ggp::test::shipped_propnet(game);
    return measure_move_effects(*machine, machine->initial_state(), rng, 64, {});
  };
  // Connect Four: (drop c) fills the lowest empty cell of column c, so no cell is filled by it
  // everywhere it was legal (a column legal in two states at the same height is the exception).
  const MoveEffects drops = effects_of("connect_four");
  INFO("connect four: " << drops.fixed_share << " over " << drops.states << " states");
  CHECK(drops.states > 100);
  CHECK(drops.fixed_share < 0.5);
  // Breakthrough: (move x1 y1 x2 y2) always puts the mover's piece on x2 y2.
  const MoveEffects steps = effects_of("breakthrough_8x8");
  INFO("breakthrough: " << steps.fixed_share << " over " << steps.states << " states");
  CHECK(steps.states > 100);
  CHECK(steps.fixed_share == doctest::Approx(1.0));
  // Tic-tac-toe: (mark x y) always marks x y; the control fact every move flips is not counted
  // as an effect of its own.
  const MoveEffects marks = effects_of("ticTacToe");
  CHECK(marks.fixed_share == doctest::Approx(1.0));
}

TEST_CASE("move effects: an interrupted probe tries nothing") {
  auto machine = ggp::test::shipped_propnet("connect_four");
  reasoner::Random rng(5);
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop = &stop;
  const MoveEffects none = measure_move_effects(*machine, machine->initial_state(), rng, 64, limits);
  CHECK(none.states == 0);
  CHECK(none.decisions == 0);
  CHECK(none.fixed_share == 0);
}

TEST_CASE("amaf_fixed turns AMAF off at the first search where moves have no fixed effect") {
  MctsConfig config = find_mcts_preset("amaf")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.amaf_min_fixed = 0.5;
  // (No structured binding: clang 14 cannot capture one in INFO's lambda.)
  for (const std::pair<const char*, bool>& expected :
       {std::pair{"connect_four", true}, {"breakthrough_5x5", false}}) {
    const char* game = expected.first;
    const bool off = expected.second;
    auto machine = test::shipped_propnet(game);
    MctsSearcher searcher(config, *machine, 5);
    searcher.set_root(machine->initial_state());
    searcher.search(playout_budget(2000));
    const std::string note = searcher.note();
    INFO(game << ": " << note);
    CHECK(note.find(off ? "AMAF off (" : "AMAF on (") != std::string::npos);
  }
  // Without amaf_fixed nothing is measured.
  config.amaf_min_fixed = 0;
  auto machine = test::shipped_propnet("connect_four");
  MctsSearcher searcher(config, *machine, 5);
  searcher.set_root(machine->initial_state());
  searcher.search(playout_budget(2000));
  CHECK(searcher.note().find("AMAF") == std::string::npos);
}
