// The guard (guard=N, MctsConfig::guard_plies): after the tree search of each call, the move to be
// played is checked for a forced win of the other role within N turns, and one so proven lost is
// replaced, on Nim, whose wins and losses are known exactly.
#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;

namespace {

MctsConfig with_guard(uint32_t plies) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.guard_plies = plies;
  return config;
}

}  // namespace

TEST_CASE("guard: the move to be played is never one proven lost while another is not") {
  // 10 stones, take 1 to 3: only "take2" (leaving 8) holds; after "take3" the second player wins
  // on its second turn (three turns), after "take1" on its third (five). Three simulations cannot
  // tell the moves apart; the guard proves the two others lost, whichever the search liked.
  auto nim = test::make_nim(10, 3);
  int unguarded_wrong = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    MctsSearcher unguarded(with_guard(0), *nim, seed);
    unguarded.set_own_role(0);
    unguarded.search(playout_budget(3));
    unguarded_wrong += unguarded.best_move(0) != nim->move(0, "take2");
    MctsSearcher guarded(with_guard(5), *nim, seed);
    guarded.set_own_role(0);
    guarded.search(playout_budget(3));
    CHECK(guarded.best_move(0) == nim->move(0, "take2"));
    CHECK_FALSE(guarded.stats().root_solved);
    const std::string note = guarded.note();
    CHECK_MESSAGE(note.find("guard: ") != std::string::npos, note);
  }
  CHECK(unguarded_wrong > 0);  // the case tests something
  // Checked to three turns only "take3" is proven lost: "take1", lost in five, may still be played.
  int shallow_take1 = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    MctsSearcher shallow(with_guard(3), *nim, seed);
    shallow.set_own_role(0);
    shallow.search(playout_budget(3));
    CHECK(shallow.best_move(0) != nim->move(0, "take3"));
    shallow_take1 += shallow.best_move(0) == nim->move(0, "take1");
  }
  CHECK(shallow_take1 > 0);
}

TEST_CASE("guard: only at the own role's turns, in play") {
  auto nim = test::make_nim(10, 3);
  MctsSearcher unknown_role(with_guard(5), *nim, 1);  // not told its role: no checks
  unknown_role.search(playout_budget(3));
  CHECK(unknown_role.note().find("guard") == std::string::npos);
  MctsSearcher pondering(with_guard(5), *nim, 1);  // the root's mover is the other role
  pondering.set_own_role(1);
  pondering.search(playout_budget(3));
  CHECK(pondering.note().find("guard") == std::string::npos);
}

TEST_CASE("guard: a root whose every move is proven lost is solved") {
  // 8 stones: every move leaves the second player a win within three turns.
  auto nim = test::make_nim(8, 3);
  MctsSearcher guarded(with_guard(3), *nim, 1);
  guarded.set_own_role(0);
  guarded.search(playout_budget(3));
  REQUIRE(guarded.stats().root_solved);
  CHECK(guarded.proven_value(0) == 0.0);
  CHECK(guarded.note().find("3 moves proven lost") != std::string::npos);
}
