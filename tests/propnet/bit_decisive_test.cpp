// Wins at once tested side by side in the lanes (BitParallelPlayouts::first_win, the propnet's
// decisive_move_at_once) against one next_state per candidate (decisive_move_one_at_a_time), at
// every state of random playouts where one role has a choice: the same index, the first winning
// move's, everywhere.
#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/bit_parallel.h"
#include "propnet/corpus.h"
#include "propnet/lane_replay.h"
#include "propnet/propnet_machine.h"
#include "propnet/small_games.h"
#include "reasoner/playout.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

// One role picks a number from 1 to 100 and wins with 77 or 91: more candidates than lanes.
std::string pick_a_number() {
  std::string kif = "(role picker) (init start)\n";
  for (int i = 1; i <= 100; ++i) kif += "(number " + std::to_string(i) + ")\n";
  kif += R"(
    (<= (legal picker (pick ?n)) (true start) (number ?n))
    (<= (next (picked ?n)) (does picker (pick ?n)))
    (<= terminal (true (picked ?n)))
    (<= (goal picker 100) (true (picked 77)))
    (<= (goal picker 100) (true (picked 91)))
    (<= (goal picker 0) (not (true (picked 77))) (not (true (picked 91))))
  )";
  return kif;
}

struct Compared {
  size_t states = 0, wins = 0;
};

// A game's propnet, a clone of it for the reference, and lanes on `bits` (the game's, not null).
// Throws as make_propnet.
struct Machines {
  Machines(std::shared_ptr<const gdl::Game> rules, const PropnetLimits& limits,
           std::shared_ptr<const BitProgram> bits)
      : machine(make_propnet(rules, limits)), reference(machine->clone()), lanes(std::move(bits)) {}
  Machines(std::shared_ptr<const gdl::Game> rules, const PropnetLimits& limits)
      : Machines(rules, limits, compile_bit_program(build_program(rules, limits))) {}
  std::unique_ptr<reasoner::StateMachine> machine, reference;
  BitParallelPlayouts lanes;
};

// At every state of `playouts` random playouts with a single mover: the lanes, the machine's
// decisive_move_at_once (both of its ways: it tries each while it warms up) and one next_state
// per candidate give the same index.
Compared compare(Machines& machines, int playouts, size_t max_depth = 100000) {
  auto& machine = machines.machine;
  auto& reference = machines.reference;
  BitParallelPlayouts& lanes = machines.lanes;
  reasoner::GreedyBuffers buffers;
  reasoner::Random rng(5);
  Compared compared;
  for (int p = 0; p < playouts; ++p) {
    State state = machine->initial_state(), next;
    for (size_t depth = 0; depth < max_depth && !machine->is_terminal(state); ++depth) {
      std::vector<MoveId> joint;
      std::vector<std::vector<MoveId>> legal;
      int mover = -1, movers = 0;
      for (RoleIndex r = 0; r < machine->num_roles(); ++r) {
        std::span<const MoveId> moves = machine->legal_moves(state, r);
        if (moves.empty()) return compared;  // a role without moves: the game stops here
        legal.emplace_back(moves.begin(), moves.end());
        joint.push_back(moves[0]);
        if (moves.size() > 1) mover = static_cast<int>(r), ++movers;
      }
      if (movers == 1) {
        const auto m = static_cast<RoleIndex>(mover);
        const int expected =
            reasoner::decisive_move_one_at_a_time(*reference, state, joint, m, legal[m], buffers);
        CHECK(lanes.first_win(state, joint, m, legal[m]) == expected);
        const std::optional<int> at_once =
            machine->decisive_move_at_once(state, joint, m, legal[m]);
        REQUIRE(at_once.has_value());
        CHECK(*at_once == expected);
        ++compared.states;
        compared.wins += expected >= 0;
      }
      for (RoleIndex r = 0; r < machine->num_roles(); ++r)
        joint[r] = legal[r][rng.below(static_cast<uint32_t>(legal[r].size()))];
      machine->next_state(state, joint, next);
      std::swap(state, next);
    }
  }
  return compared;
}

TEST_CASE("wins at once tested side by side agree with one next_state per candidate") {
  for (const char* name : {"ticTacToe", "connect_four", "breakthrough_5x5", "reversi"}) {
    INFO(std::string(name));
    Machines machines(testing::shipped(name), {});
    const Compared c = compare(machines, 30);
    CHECK(c.states > 100);
    // reversi's last move is its mover's only one: there a win at once is never a choice.
    if (std::string(name) != "reversi") CHECK(c.wins > 0);
  }
  // Nim's win is a goal gate (Program::goal_begin), evaluated only in lanes that end the game.
  Machines nim(gdl::load_game_text(testing::kNim, "nim"), {});
  CHECK(compare(nim, 30).wins > 10);
  Machines pick(gdl::load_game_text(pick_a_number(), "pick a number"), {});
  CHECK(compare(pick, 20).wins == 20);
}

TEST_CASE(
    "wins at once past the first 64 candidates are found in a later pass, the first of them") {
  auto rules = gdl::load_game_text(pick_a_number(), "pick a number");
  auto machine = make_propnet(rules);
  BitParallelPlayouts lanes(compile_bit_program(build_program(rules)));
  const State start = machine->initial_state();
  std::span<const MoveId> legal = machine->legal_moves(start, 0);
  REQUIRE(legal.size() == 100);
  // The winning moves last: 91 at index 98, 77 at 99.
  std::vector<MoveId> candidates, winners;
  for (MoveId m : legal) {
    const std::string text = machine->move_text(m);
    if (text == "(pick 91)" || text == "(pick 77)")
      winners.push_back(m);
    else
      candidates.push_back(m);
  }
  REQUIRE(winners.size() == 2);
  if (machine->move_text(winners[0]) != "(pick 91)") std::swap(winners[0], winners[1]);
  candidates.insert(candidates.end(), winners.begin(), winners.end());
  const std::vector<MoveId> joint{candidates[0]};
  CHECK(lanes.first_win(start, joint, 0, candidates) == 98);
  CHECK(lanes.first_win(start, joint, 0, std::span(candidates).first(98)) == -1);
  CHECK(lanes.first_win(start, joint, 0, std::span(candidates).last(1)) == 0);
}

TEST_CASE("corpus: wins at once side by side agree with one at a time for a corpus sample") {
  // GGP_PROPNET_FULL=1 checks every in-scope game; otherwise every 12th.
  const bool full = std::getenv("GGP_PROPNET_FULL") != nullptr;
  size_t checked = 0, wins = 0;
  for (const auto& g : testing::sample(testing::corpus_games(), full ? 1 : 12, 5)) {
    std::unique_ptr<Machines> machines;
    try {  // games without lanes, or whose build is over 3 s, are not this test's
      PropnetLimits limits;
      limits.seconds = 3.0;
      auto rules = gdl::load_game_file(g.kif_path());
      auto bits = compile_bit_program(build_program(rules, limits));
      if (!bits) continue;
      machines = std::make_unique<Machines>(rules, limits, std::move(bits));
    } catch (const std::exception&) {
      continue;
    }
    INFO(g.source << "/" << g.key);
    wins += compare(*machines, 3, 300).wins;
    ++checked;
  }
  std::cerr << "wins at once, corpus sample: " << checked << " games, " << wins << " wins found\n";
  CHECK(checked > (full ? 600u : 40u));
  CHECK(wins > 0);
}

}  // namespace
}  // namespace ggp::propnet
