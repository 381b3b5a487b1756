// The forced-win proof search (agent/forced_win.h) and its use at the MCTS root, on the proof
// thread (prove=N; agent/proof_thread.h).
#include "agent/forced_win.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "agent/mcts.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/playout.h"
#include "reasoner/random.h"
#include "support/corpus.h"
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

  // A hint that marks no move (a machine whose playouts learned none) is no hint: the win is
  // found at its depth, not two turns later (as when such a hint let no last move be tried).
  ForcedWinSearch unhinted(*won);
  unhinted.set_ending_hint(std::vector<uint8_t>(64, 0));
  CHECK(unhinted.prove(start, 0, 5, no_limits(), 1'000'000) == Outcome::Win);

  // 8 stones: the second player wins whatever the first does, on the fourth turn.
  auto lost = test::make_nim(8, 3);
  ForcedWinSearch second(*lost);
  CHECK(second.prove(lost->initial_state(), 1, 3, no_limits(), 1'000'000) == Outcome::NoWin);
  CHECK(second.prove(lost->initial_state(), 1, 4, no_limits(), 1'000'000) == Outcome::Win);
  CHECK(second.prove(lost->initial_state(), 0, 9, no_limits(), 1'000'000) == Outcome::NoWin);
}

TEST_CASE("forced win: a win the table knew from an earlier call comes with this state's move") {
  // Proving 9 stones proves, on the way, 7 stones with the first player to move (take three).
  // Asked about 7 stones next, the search must not answer with the earlier call's move (take
  // one), as it did when the table's entry for the state asked about settled the call.
  auto nim = test::make_nim(9, 3);
  ForcedWinSearch search(*nim);
  const State start = nim->initial_state();
  REQUIRE(search.prove(start, 0, 5, no_limits(), 1'000'000) == Outcome::Win);
  REQUIRE(search.winning_move() == nim->move(0, "take1"));
  State eight, seven;
  const reasoner::JointMove take_one{nim->move(0, "take1"), nim->legal_moves(start, 1)[0]};
  nim->next_state(start, take_one, eight);
  const reasoner::JointMove reply{nim->legal_moves(eight, 0)[0], nim->move(1, "take1")};
  nim->next_state(eight, reply, seven);
  REQUIRE(search.prove(seven, 0, 3, no_limits(), 1'000'000) == Outcome::Win);
  CHECK(search.winning_move() == nim->move(0, "take3"));
  CHECK(search.prove(seven, 1, 5, no_limits(), 1'000'000) == Outcome::NoWin);
  CHECK_FALSE(search.winning_move().has_value());
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
  // With prove_local too: its passes (full to 3 turns, local, full) find the same proofs here.
  for (const bool local : {false, true}) {
    CAPTURE(local);
    auto trap = make_trap();
    MctsConfig config = find_mcts_preset("uct")->config;
    config.proof_plies = 3;
    config.proof_local = local;
    MctsSearcher searcher(config, *trap, 1);
    // The first call hands the root over; later calls take what the thread has proven by then.
    const auto give_up = Clock::now() + std::chrono::seconds(20);
    std::string notes;
    const std::string proved = "proved 1 moves of r0 lost";  // the notes name the root's mover
    while (notes.find(proved) == std::string::npos && Clock::now() < give_up) {
      searcher.search(playout_budget(1));
      notes += searcher.note();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    CHECK(notes.find(proved) != std::string::npos);
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
}

namespace {

// The plain definition, with no table, order or hint: whether `attacker` forces a win from the
// non-terminal `state` within `plies` turns.
bool wins_within(reasoner::StateMachine& m, const State& state, reasoner::RoleIndex attacker,
                 int plies) {
  std::vector<reasoner::MoveId> legal[2];
  int mover = -1;
  for (reasoner::RoleIndex r = 0; r < 2; ++r) {
    const auto moves = m.legal_moves(state, r);
    legal[r].assign(moves.begin(), moves.end());
    if (legal[r].empty() || (legal[r].size() > 1 && mover >= 0)) return false;
    if (legal[r].size() > 1) mover = static_cast<int>(r);
  }
  const bool or_node = mover == static_cast<int>(attacker);
  const reasoner::RoleIndex chooser = mover >= 0 ? static_cast<reasoner::RoleIndex>(mover) : 0;
  reasoner::JointMove joint = {legal[0][0], legal[1][0]};
  State child;
  for (const reasoner::MoveId move : legal[chooser]) {
    joint[chooser] = move;
    m.next_state(state, joint, child);
    bool win = false;
    if (m.is_terminal(child))
      win = m.goal(child, attacker) == reasoner::kWinGoal && m.goal(child, 1 - attacker) == 0;
    else
      win = plies > 1 && wins_within(m, child, attacker, plies - 1);
    if (or_node && win) return true;
    if (!or_node && !win) return false;
  }
  return !or_node;
}

}  // namespace

// The nice values of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19).
std::vector<int> thread_nice_values() {
  std::vector<int> out;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream in(task.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(stat.substr(stat.rfind(')') + 2));  // after the command's name
    std::string field;
    for (int i = 3; i <= 19 && fields >> field; ++i)
      if (i == 19) out.push_back(std::stoi(field));
  }
  return out;
}

TEST_CASE("prove_nice=N: the proof thread runs N nice levels below the search") {
  auto trap = make_trap();
  const int own = thread_nice_values().front();
  if (own + 3 > 19) return;  // already as nice as a thread can be
  MctsConfig config = find_mcts_preset("uct")->config;
  config.proof_plies = 3;
  config.proof_nice = 3;
  MctsSearcher searcher(config, *trap, 1);
  searcher.search(playout_budget(1));  // starts the thread
  const auto give_up = Clock::now() + std::chrono::seconds(10);
  std::vector<int> nice = thread_nice_values();
  while (std::count(nice.begin(), nice.end(), own + 3) == 0 && Clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    nice = thread_nice_values();
  }
  CHECK(std::count(nice.begin(), nice.end(), own + 3) == 1);
  CHECK(std::count(nice.begin(), nice.end(), own) == static_cast<long>(nice.size()) - 1);
}

TEST_CASE("forced win: agrees with the plain definition on positions of random games") {
  for (const std::string name : {"knightthrough_5x5", "breakthrough_5x5", "connect_four"}) {
    CAPTURE(name);
    auto m = propnet::make_machine(gdl::load_game_file(ggp::testing::shipped_game_path(name)),
                                   propnet::MachineKind::Propnet)
                 .machine;
    ForcedWinSearch search(*m);  // one table over every position and depth, as in play
    ForcedWinSearch hinted(*m);
    ForcedWinSearch local(*m);  // local attacker moves below the first
    local.set_local(true);
    std::vector<double> sums(2);
    reasoner::Random rng(7);
    m->random_playouts(m->initial_state(), 256, rng, sums);  // the lanes learn the ending moves
    const auto ending = m->moves_seen_ending();
    hinted.set_ending_hint({ending.begin(), ending.end()});
    int wins = 0, checked = 0, deep_wins = 0, local_deep_wins = 0;
    for (int game = 0; game < 20; ++game) {
      State state = m->initial_state(), next;
      const int turns = static_cast<int>(rng.below(20));
      reasoner::JointMove joint;
      for (int t = 0; t < turns && !m->is_terminal(state); ++t) {
        REQUIRE(reasoner::random_joint_move(*m, state, rng, joint));
        m->next_state(state, joint, next);
        std::swap(state, next);
      }
      if (m->is_terminal(state)) continue;
      for (const int plies : {1, 3, 2, 5, 4}) {
        for (reasoner::RoleIndex attacker = 0; attacker < 2; ++attacker) {
          const bool expected = wins_within(*m, state, attacker, plies);
          const Outcome got = search.prove(state, attacker, plies, no_limits(), 1'000'000);
          CHECK(got == (expected ? Outcome::Win : Outcome::NoWin));
          // The hint may miss a win, never invent one.
          if (hinted.prove(state, attacker, plies, no_limits(), 1'000'000) == Outcome::Win)
            CHECK(expected);
          // Local moves may miss a win, never invent one; the attacker's first two turns are
          // never restricted, so no win within two turns is missed.
          const bool local_win =
              local.prove(state, attacker, plies, no_limits(), 1'000'000) == Outcome::Win;
          if (local_win) CHECK(expected);
          if (plies <= 2) CHECK(local_win == expected);
          if (plies >= 4) {
            deep_wins += expected ? 1 : 0;
            local_deep_wins += local_win ? 1 : 0;
          }
          wins += expected ? 1 : 0;
          ++checked;
        }
      }
    }
    CHECK(checked >= 60);  // ten a position
    CHECK(wins > 0);  // the positions hold wins to find, not only their absence
    // The local search finds wins of four and five turns too (a piece running on, a recapture),
    // and searches fewer states than the full one over the same positions.
    if (deep_wins > 0) CHECK(local_deep_wins > 0);
    CHECK(local.nodes() < search.nodes());
    MESSAGE(name << ": wins within 4-5 turns " << deep_wins << ", found locally " << local_deep_wins
                 << "; states " << search.nodes() << " full, " << local.nodes() << " local");
  }
}
