// Private moves in the lanes (reasoner::MoveBias::avoid_private): a move the other role could not
// make in the state on its own turn is skipped where the mover has another. In Go that is the
// mover's own eye: the opponent's stone there would be suicide.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "propnet/bit_parallel.h"
#include "propnet/lane_replay.h"
#include "propnet/propnet_machine.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;
using testing::for_each_move;
using testing::play_line;
using testing::shipped;

// go_5x5's stones as piece sets in MoveBias form (what agent/piece_features.h finds): white's,
// then black's.
struct Stones {
  std::vector<uint32_t> begin{0};
  std::vector<reasoner::FactId> facts;
  explicit Stones(StateMachine& machine) {
    for (const char* colour : {"white", "black"}) {
      for (int x = 1; x <= 5; ++x)
        for (int y = 1; y <= 5; ++y) {
          const std::string text =
              "(cell " + std::to_string(x) + " " + std::to_string(y) + " " + colour + ")";
          const std::optional<reasoner::FactId> f = machine.fact_from_text(text);
          REQUIRE(f.has_value());
          facts.push_back(*f);
        }
      begin.push_back(static_cast<uint32_t>(facts.size()));
    }
  }
  size_t count(const State& state, size_t set) const {
    size_t n = 0;
    for (uint32_t i = begin[set]; i < begin[set + 1]; ++i) n += state.test(facts[i]);
    return n;
  }
};

// 64 playouts from `start` in the lanes under the two rules, each lane's moves given back
// (role-major per step). With `stones`, private moves that capture are kept.
std::vector<std::vector<MoveId>> lane_playouts(StateMachine& machine, const State& start,
                                               bool avoid_private, bool pass_last, size_t depth,
                                               reasoner::Random& rng,
                                               const Stones* stones = nullptr) {
  std::vector<const State*> starts(BitParallelPlayouts::kLanes, &start);
  std::vector<double> results(starts.size() * machine.num_roles());
  std::vector<uint8_t> completed(starts.size());
  std::vector<std::vector<MoveId>> moves(starts.size());
  reasoner::MoveBias bias;
  bias.avoid_private = avoid_private;
  bias.pass_last = pass_last;
  if (stones) bias.piece_begin = stones->begin, bias.piece_facts = stones->facts;
  machine.random_playouts_from(starts, rng, results, completed, depth, moves,
                               reasoner::PlayoutPolicy::Random, bias);
  return moves;
}

// The first moves of `role` over `rounds` batches of one-step playouts from `state`, by text.
std::vector<std::string> first_moves(StateMachine& machine, const State& state, RoleIndex role,
                                     bool avoid_private, bool pass_last, int rounds,
                                     const Stones* stones = nullptr) {
  reasoner::Random rng(7);
  std::vector<std::string> out;
  for (int i = 0; i < rounds; ++i)
    for (const auto& lane :
         lane_playouts(machine, state, avoid_private, pass_last, 1, rng, stones)) {
      REQUIRE(lane.size() == machine.num_roles());
      out.push_back(machine.move_text(lane[role]));
    }
  return out;
}

// Whether move m of role r is private in `state`: the other role's move of the same name is
// illegal in the state with the turn given to it.
bool is_private(StateMachine& machine, const State& state, RoleIndex r, MoveId m) {
  static const std::string colour[2] = {"black", "white"};
  State swapped = state;
  swapped.reset(*machine.fact_from_text("(control " + colour[r] + ")"));
  swapped.set(*machine.fact_from_text("(control " + colour[1 - r] + ")"));
  const std::string text = machine.move_text(m);
  const auto theirs = machine.legal_moves(swapped, 1 - r);
  return std::none_of(theirs.begin(), theirs.end(),
                      [&](MoveId t) { return machine.move_text(t) == text; });
}

size_t count(const std::vector<std::string>& moves, const std::string& text) {
  return static_cast<size_t>(std::count(moves.begin(), moves.end(), text));
}

TEST_CASE("private moves: the lanes do not fill their own eye while they have another move") {
  auto machine = make_propnet(shipped("go_5x5"));
  REQUIRE(machine->parallel_playouts() == BitParallelPlayouts::kLanes);
  // Black walls off the corner (1 1); white plays far away. Black to move: (1 1) is black's eye,
  // a point where a white stone would have no liberty and capture nothing.
  const State eye = play_line(
      *machine, {{0, "(place 1 2)"}, {1, "(place 5 5)"}, {0, "(place 2 1)"}, {1, "(place 5 4)"}});
  const std::vector<MoveId> legal(machine->legal_moves(eye, 0).begin(),
                                  machine->legal_moves(eye, 0).end());
  REQUIRE(std::find(legal.begin(), legal.end(), *machine->move_from_text(0, "(place 1 1)")) !=
          legal.end());
  const std::vector<std::string> uniform = first_moves(*machine, eye, 0, false, false, 10);
  const std::vector<std::string> skipping = first_moves(*machine, eye, 0, true, false, 10);
  CHECK(count(uniform, "(place 1 1)") > 0);
  CHECK(count(skipping, "(place 1 1)") == 0);
  // Every other move, pass too, is still drawn.
  for (MoveId m : legal)
    if (machine->move_text(m) != "(place 1 1)") CHECK(count(skipping, machine->move_text(m)) > 0);

  // Passes last: pass (legal on every turn of black's) is drawn no more while black has another
  // move; with both rules, neither the eye nor pass.
  CHECK(count(uniform, "pass") > 0);
  CHECK(count(first_moves(*machine, eye, 0, false, true, 10), "pass") == 0);
  const std::vector<std::string> both = first_moves(*machine, eye, 0, true, true, 10);
  CHECK(count(both, "pass") + count(both, "(place 1 1)") == 0);
  CHECK(count(both, "(place 3 3)") > 0);

  // The premise: on white's turn (black passes), a white stone at (1 1) is suicide, so illegal.
  const State white_turn = play_line(*machine, {{0, "(place 1 2)"},
                                                {1, "(place 5 5)"},
                                                {0, "(place 2 1)"},
                                                {1, "(place 5 4)"},
                                                {0, "pass"}});
  const auto& white_legal = machine->legal_moves(white_turn, 1);
  CHECK(std::none_of(white_legal.begin(), white_legal.end(),
                     [&](MoveId m) { return machine->move_text(m) == "(place 1 1)"; }));
}

TEST_CASE("private moves: a private move that captures is played, an eye still is not") {
  auto machine = make_propnet(shipped("go_5x5"));
  const Stones stones(*machine);
  // White's corner stone (1 1) is in atari with its last liberty at (1 2), where a white stone
  // would have no liberty either (black holds (1 3) and (2 2)): (1 2) is private for black, and
  // black's stone there takes (1 1).
  const State atari = play_line(*machine, {{0, "(place 2 1)"},
                                           {1, "(place 1 1)"},
                                           {0, "(place 2 2)"},
                                           {1, "(place 5 5)"},
                                           {0, "(place 1 3)"},
                                           {1, "(place 5 4)"}});
  const size_t legal = machine->legal_moves(atari, 0).size();
  const std::vector<std::string> skipping = first_moves(*machine, atari, 0, true, true, 20);
  const std::vector<std::string> keeping = first_moves(*machine, atari, 0, true, true, 20, &stones);
  CHECK(count(skipping, "(place 1 2)") == 0);
  // Drawn as often as any move: 1280 draws among `legal` moves (pass left out), so about
  // 1280 / (legal - 1); a third of that is far below.
  CHECK(count(keeping, "(place 1 2)") > 1280 / (legal - 1) / 3);
  CHECK(count(keeping, "pass") == 0);
  State next;
  std::vector<MoveId> joint{*machine->move_from_text(0, "(place 1 2)"),
                            *machine->move_from_text(1, "noop")};
  machine->next_state(atari, joint, next);
  CHECK(stones.count(atari, 0) == 3);
  CHECK(stones.count(next, 0) == 2);  // the capture: (1 1) is gone

  // The eye of the first test is still skipped: black's stone there takes nothing.
  const State eye = play_line(
      *machine, {{0, "(place 1 2)"}, {1, "(place 5 5)"}, {0, "(place 2 1)"}, {1, "(place 5 4)"}});
  const std::vector<std::string> at_eye = first_moves(*machine, eye, 0, true, true, 10, &stones);
  CHECK(count(at_eye, "(place 1 1)") == 0);
  CHECK(count(at_eye, "pass") == 0);
  CHECK(count(at_eye, "(place 3 3)") > 0);
}

TEST_CASE("private moves: in games with no private move and no pass, the lanes play as before") {
  // connect_four: a column either role may drop into; breakthrough_5x5: no move of one role has
  // a twin of the other's (each moves its own pieces), so nothing is skipped.
  for (const char* name : {"connect_four", "breakthrough_5x5"}) {
    CAPTURE(name);
    auto machine = make_propnet(shipped(name));
    const State start = machine->initial_state();
    reasoner::Random rng_without(11), rng_with(11);
    const auto without = lane_playouts(*machine, start, false, false, 1000, rng_without);
    const auto with = lane_playouts(*machine, start, true, true, 1000, rng_with);
    CHECK(with == without);
  }
}

TEST_CASE("private moves: with both rules, a lane passes only where every other move is private") {
  // Whole Go 5x5 playouts with both rules, replayed: wherever a mover passed, each of its other
  // legal moves is one the opponent could not make on its own turn (the state with whose turn it
  // is swapped), so pass was all that was left; and the eyes make the playouts end by two passes
  // before the move limit.
  auto machine = make_propnet(shipped("go_5x5"));
  const State start = machine->initial_state();
  reasoner::Random rng(5);
  const std::vector<std::vector<MoveId>> moves =
      lane_playouts(*machine, start, true, true, 1000, rng);
  size_t passes = 0, checked = 0, short_games = 0;
  for_each_move(*machine, start, moves, [&](const State& state, RoleIndex r, MoveId played) {
    if (machine->move_text(played) != "pass") return;
    ++passes;
    const std::vector<MoveId> mine(machine->legal_moves(state, r).begin(),
                                   machine->legal_moves(state, r).end());
    for (MoveId m : mine) {
      if (machine->move_text(m) == "pass") continue;
      ++checked;
      CHECK(is_private(*machine, state, r, m));
    }
  });
  for (const auto& lane : moves) short_games += lane.size() / 2 < 50;  // 50 moves at the latest
  CHECK(passes > 0);
  CHECK(checked > 0);  // some passes were made beside private moves
  CHECK(short_games > moves.size() / 2);
}

TEST_CASE("private moves: with captures kept, every private move a lane plays takes stones") {
  auto machine = make_propnet(shipped("go_5x5"));
  const Stones stones(*machine);
  const State start = machine->initial_state();
  size_t private_played = 0, passes = 0;
  for (uint64_t seed : {5, 6, 7}) {
    reasoner::Random rng(seed);
    const std::vector<std::vector<MoveId>> moves =
        lane_playouts(*machine, start, true, true, 1000, rng, &stones);
    for_each_move(*machine, start, moves, [&](const State& state, RoleIndex r, MoveId played) {
      if (machine->move_text(played) == "noop") return;  // not its turn
      if (machine->move_text(played) == "pass") {
        ++passes;
        return;
      }
      if (!is_private(*machine, state, r, played)) return;
      ++private_played;
      State next;
      std::vector<MoveId> joint(2, *machine->move_from_text(1 - r, "noop"));
      joint[r] = played;
      machine->next_state(state, joint, next);
      // Stone set r is the opponent's (set 0 white's, set 1 black's; role 0 is black).
      CHECK(stones.count(next, r) < stones.count(state, r));
    });
  }
  CHECK(private_played > 0);
  CHECK(passes > 0);
}

}  // namespace
}  // namespace ggp::propnet
