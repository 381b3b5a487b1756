// On a slow machine (a transition of milliseconds, as the prover's on chess) the proof search and
// the tree's test for a win at once read the clock before every transition, and the root planted
// outside a search call waits for the next call to be tested: transitions begun past a deadline
// are counted, not timed.
#include <doctest/doctest.h>

#include <chrono>

#include "agent/forced_win.h"
#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using std::chrono::milliseconds;

TEST_CASE("the proof search begins no transition past its deadline on a slow machine") {
  // 5^8 positions at 1 ms a transition: far more than 20 ms of work. Every 256th expansion alone
  // (the old check) began some hundreds of transitions past the deadline here.
  test::Slowed game(*test::make_random_tree(8, 5, 7), std::chrono::microseconds(1000));
  ForcedWinSearch search(game);
  SearchLimits limits;
  limits.deadline = Clock::now() + milliseconds(20);
  CHECK(search.prove(game.initial_state(), 0, 7, limits, 1'000'000) ==
        ForcedWinSearch::Outcome::Unknown);
  CHECK(game.transitions() > 0);
  CHECK(game.begun_after(limits.deadline) <= 1);  // the one begun as the deadline passed
}

TEST_CASE("on a slow machine the root's test for a win at once waits for a search call's limits") {
  MctsConfig config;
  config.decisive_in_tree = true;
  SUBCASE("planted outside a call, it is tested at the next call and its win found") {
    test::Slowed game(*test::make_one_winning_move(40, 39), milliseconds(1));
    MctsSearcher searcher(config, game, 1);
    CHECK(game.transitions() == 0);  // the constructor's set_root tried no move
    SearchLimits limits;
    limits.max_playouts = 1;
    searcher.search(limits);
    CHECK(searcher.stats().root_solved);
    CHECK(searcher.best_move(0) == game.move(0, "move39"));
  }
  SUBCASE("within a call, the test stops at the call's deadline") {
    test::Slowed game(*test::make_one_winning_move(40, 39), milliseconds(2));
    MctsSearcher searcher(config, game, 1);
    SearchLimits limits;
    limits.deadline = Clock::now() + milliseconds(10);
    searcher.search(limits);
    // 40 moves at 2 ms are 80 ms of test: it stopped at the deadline, the win not yet seen.
    CHECK(game.begun_after(limits.deadline) <= 1);
    CHECK_FALSE(searcher.stats().root_solved);
  }
}

TEST_CASE("on a slow machine the goal-cutoff probe decides once it has had its time in all") {
  // SlowChain's playouts take about 120 ms; a quarter of a 40 ms call (the probe's share) cuts
  // every one. Before, the probe went on until 2 x cutoff_probes attempts (128 calls here).
  test::SlowChain game;
  MctsConfig config = find_mcts_preset("uct")->config;
  config.goal_cutoff = true;
  config.cutoff_probe_seconds = 0.05;
  MctsSearcher searcher(config, game, 1);
  searcher.set_root(game.initial_state());
  size_t decided_at = 0;
  for (size_t call = 1; call <= 12 && decided_at == 0; ++call) {
    SearchLimits limits;
    limits.deadline = Clock::now() + milliseconds(40);
    searcher.search(limits);
    if (searcher.note().find("no goal cutoff") != std::string::npos) decided_at = call;
  }
  CHECK(decided_at > 0);  // 0.05 s of 10 ms shares: about the fifth call
}
