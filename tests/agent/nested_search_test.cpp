#include "agent/nested_search.h"

#include <doctest/doctest.h>

#include "agent/mm_mcs.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

// Plays the searcher's moves from the start to the end; returns role 0's goal.
GoalValue play_out_line(Searcher& searcher, StateMachine& game) {
  State state = game.initial_state(), next;
  for (int step = 0; step < 100 && !game.is_terminal(state); ++step) {
    JointMove joint = {searcher.best_move(0)};
    game.next_state(state, joint, next);
    searcher.advance(joint, next);
    state = next;
  }
  return game.goal(state, 0);
}

}  // namespace

TEST_CASE("nrpa: finds the optimum of a puzzle and replays its line") {
  // 1 line in 2^24 scores 100; the others score by the bits they match (at most 76).
  test::BitPuzzle puzzle(24, 0xb5a3c7, false);
  StateMachine* game = &puzzle;
  NestedConfig config;
  config.level = 2;
  NrpaSearcher searcher(config, *game, 5);
  searcher.search(SearchLimits{.max_playouts = 200000});
  CHECK(searcher.best_result() == 1.0);
  CHECK(searcher.best_line().size() == 24);
  CHECK(searcher.stats().playouts < 200000);  // stops once the top goal is reached
  CHECK(play_out_line(searcher, *game) == 100);
}

TEST_CASE("nmcs: level 2 finds the optimum of a puzzle") {
  test::BitPuzzle puzzle(16, 0xb5a3, false);
  StateMachine* game = &puzzle;
  NestedConfig config;
  config.level = 2;
  NmcsSearcher searcher(config, *game, 5);
  searcher.search(SearchLimits{.max_playouts = 50000});
  CHECK(searcher.best_result() == 1.0);
  CHECK(play_out_line(searcher, *game) == 100);
}

TEST_CASE("nested searches refuse games with several roles") {
  auto nim = test::make_nim(5, 3);
  CHECK_THROWS_AS(NrpaSearcher(NestedConfig{}, *nim, 1), std::invalid_argument);
}

TEST_CASE("mm-mcs: minimax over probed leaves picks the minimax move") {
  // Depth 2 explores everything of a depth-2 tree: the leaves are terminal, the value is exact.
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto game = test::make_random_tree(2, 4, seed);
    MmMcsSearcher searcher(MmMcsConfig{.depth = 2}, *game, seed);
    searcher.search(SearchLimits{.max_playouts = 10});
    double value =
        test::maxn_value(*game, test::ExplicitGame::position_of(game->initial_state()))[0];
    CHECK(searcher.root_value(0) == doctest::Approx(value));
    CHECK(searcher.stats().root_solved);
  }
  // Depth 3 on Nim(6): take2 (to 4 stones) is the only winning move and every line after it ends
  // in a win within the explored depth; the other moves rest on probed (or lost) leaves.
  auto nim = test::make_nim(6, 3);
  MmMcsSearcher searcher(MmMcsConfig{.depth = 3}, *nim, 3);
  searcher.search(SearchLimits{.max_playouts = 20000});
  CHECK(searcher.best_move(0) == nim->move(0, "take2"));
  CHECK(searcher.stats().playouts == 20000);
}

TEST_CASE("nested searches end one move before the end of the game (terminal children)") {
  test::BitPuzzle puzzle(4, 0b0110, false);
  State state = puzzle.initial_state(), next;
  for (MoveId m : {MoveId{0}, MoveId{3}, MoveId{5}}) {  // zero, one, one: the pattern so far
    JointMove joint = {m};
    puzzle.next_state(state, joint, next);
    state = next;
  }
  NestedConfig config;
  config.level = 2;
  NmcsSearcher nmcs(config, puzzle, 1);
  NrpaSearcher nrpa(config, puzzle, 1);
  for (Searcher* s : {static_cast<Searcher*>(&nmcs), static_cast<Searcher*>(&nrpa)}) {
    s->set_root(state);
    s->search(SearchLimits{.max_playouts = 1000});
    CHECK(s->best_move(0) == 6);  // choice 3: zero completes 0110
    CHECK(s->stats().playouts <= 1000);
  }
}
