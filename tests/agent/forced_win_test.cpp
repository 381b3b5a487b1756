// The forced-win proof search (agent/forced_win.h) and its use at the MCTS root, on the proof
// thread (prove=N; agent/proof_thread.h).
#include "agent/forced_win.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using ggp::test::ExplicitGame;
using Outcome = ForcedWinSearch::Outcome;
using reasoner::State;

namespace {

SearchLimits no_limits() { return {}; }

// Root (r0 to move): "trap" lets r1 force a win in three turns (r1 attacks, whatever r0 answers r1
// wins at once); "safe" draws. r1 can also let the trap go ("quiet": a draw).
std::unique_ptr<ExplicitGame> make_trap() {
  auto g = std::make_unique<ExplicitGame>(2);
  const uint32_t draw = g->add_terminal({50, 50});
  auto r1_wins_now = [&] {
    return g->add_turn(1, {{"win", g->add_terminal({0, 100})}, {"pass", draw}});
  };
  const uint32_t attacked = g->add_turn(0, {{"d1", r1_wins_now()}, {"d2", r1_wins_now()}});
  const uint32_t trapped = g->add_turn(1, {{"attack", attacked}, {"quiet", draw}});
  const uint32_t safe = g->add_turn(1, {{"p1", draw}, {"p2", draw}});
  g->set_initial(g->add_turn(0, {{"trap", trapped}, {"safe", safe}}));
  return g;
}

}  // namespace

TEST_CASE("forced win: Nim's wins are proven at their depth, and only where they exist") {
  // 9 stones, take 1 to 3: the first player takes one and wins on its third move (five turns).
  auto won = test::make_nim(9, 3);
  ForcedWinSearch search(*won);
  const State start = won->initial_state();
  CHECK(search.prove(start, 0, 3, no_limits(), 1'000'000) == Outcome::NoWin);
  REQUIRE(search.prove(start, 0, 5, no_limits(), 1'000'000) == Outcome::Win);
  CHECK(search.winning_move() == won->move(0, "take1"));
  CHECK(search.prove(start, 1, 9, no_limits(), 1'000'000) == Outcome::NoWin);

  // 8 stones: the second player wins whatever the first does, on the fourth turn.
  auto lost = test::make_nim(8, 3);
  ForcedWinSearch second(*lost);
  CHECK(second.prove(lost->initial_state(), 1, 3, no_limits(), 1'000'000) == Outcome::NoWin);
  CHECK(second.prove(lost->initial_state(), 1, 4, no_limits(), 1'000'000) == Outcome::Win);
  CHECK(second.prove(lost->initial_state(), 0, 9, no_limits(), 1'000'000) == Outcome::NoWin);
}

TEST_CASE("forced win: a search cut short says Unknown, and calls again finish it") {
  auto nim = test::make_nim(21, 3);  // 21 = 4*5 + 1: a win in 11 turns
  ForcedWinSearch search(*nim);
  const State start = nim->initial_state();
  CHECK(search.prove(start, 0, 11, no_limits(), 30) == Outcome::Unknown);
  Outcome outcome = Outcome::Unknown;
  for (int call = 0; call < 1000 && outcome == Outcome::Unknown; ++call)
    outcome = search.prove(start, 0, 11, no_limits(), 30);
  CHECK(outcome == Outcome::Win);
  CHECK(search.winning_move() == nim->move(0, "take1"));

  std::atomic<bool> stop{true};
  SearchLimits stopped;
  stopped.stop = &stop;
  ForcedWinSearch fresh(*nim);
  CHECK(fresh.prove(start, 0, 11, stopped, 1'000'000) == Outcome::Unknown);
}

TEST_CASE("prove=N: the proof thread's proofs enter the tree at the next search call") {
  auto trap = make_trap();
  MctsConfig config = find_mcts_preset("uct")->config;
  config.proof_plies = 3;
  MctsSearcher searcher(config, *trap, 1);
  // The first call hands the root over; later calls take what the thread has proven by then.
  const auto give_up = Clock::now() + std::chrono::seconds(20);
  std::string notes;
  while (notes.find("proved 1 moves lost") == std::string::npos && Clock::now() < give_up) {
    searcher.search(playout_budget(1));
    notes += searcher.note();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(notes.find("proved 1 moves lost") != std::string::npos);
  searcher.search(playout_budget(50));  // the trap, visited or not, is not played
  CHECK(searcher.best_move(0) == trap->move(0, "safe"));

  // A forced win is taken and the root is solved.
  auto nim = test::make_nim(9, 3);
  MctsSearcher winner(config, *nim, 1);
  while (!winner.stats().root_solved && Clock::now() < give_up) {
    winner.search(playout_budget(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK(winner.stats().root_solved);
  CHECK(winner.best_move(0) == nim->move(0, "take1"));
}
