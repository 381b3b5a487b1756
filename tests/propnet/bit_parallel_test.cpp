// Bit-parallel playouts (propnet/bit_parallel.h) replayed on a reference machine: every recorded
// joint move legal, every finished playout terminal with the goals the lanes added up, every
// unfinished one at the depth limit or where a role has no move, each with the goals of its last
// state; the moves uniformly random.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <iostream>
#include <map>
#include <numeric>
#include <string>

#include "gdl/loader.h"
#include "propnet/bit_parallel.h"
#include "propnet/corpus.h"
#include "propnet/lane_replay.h"
#include "propnet/small_games.h"
#include "propnet/propnet_machine.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

using testing::check_replay;
using testing::Run;
using testing::shipped;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

// A simultaneous game where a role can run out of moves: `blocked` when both claimed one cell.
constexpr const char* kClaims = R"(
  (role red) (role blue)
  (cellid 1) (cellid 2) (cellid 3)
  (<= (legal ?r (claim ?c)) (role ?r) (cellid ?c) (not (true (owned ?c))) (not (true blocked)))
  (<= (next (owned ?c)) (true (owned ?c)))
  (<= (next (owned ?c)) (does ?r (claim ?c)))
  (<= (next blocked) (does red (claim ?c)) (does blue (claim ?c)))
  (<= terminal (true (owned 1)) (true (owned 2)) (true (owned 3)))
  (<= (goal ?r 100) (role ?r) (true (owned 1)))
  (<= (goal ?r 0) (role ?r) (not (true (owned 1))))
)";

Run run_lanes(std::shared_ptr<const gdl::Game> rules, size_t count, size_t max_depth,
              uint64_t seed) {
  std::shared_ptr<const BitProgram> bits = compile_bit_program(build_program(rules));
  REQUIRE(bits);
  BitParallelPlayouts lanes(bits);
  reasoner::Random rng(seed);
  Run run;
  run.goal_sums.assign(bits->program->num_roles, 0);
  run.tally = lanes.run(bits->program->initial, count, rng, run.goal_sums, max_depth, &run.playouts);
  return run;
}

void check_game(std::shared_ptr<const gdl::Game> rules, size_t count, size_t max_depth,
                uint64_t seed) {
  Run run = run_lanes(rules, count, max_depth, seed);
  auto bits = compile_bit_program(build_program(rules));
  auto ref = reasoner::make_prover(rules);
  check_replay(run, *bits, *ref, count, max_depth);
}

TEST_CASE("bit-parallel playouts replay on the prover, lanes refilled past 64") {
  check_game(shipped("ticTacToe"), 150, 100000, 1);
  check_game(shipped("connect_four"), 70, 100000, 2);
  check_game(shipped("breakthrough_5x5"), 130, 100000, 3);
}

TEST_CASE("bit-parallel playouts evaluate the goal gates where lanes end, on the state they end in") {
  // Goals read a transition gate (kSharedGoal's `leads`); reversi's goal gates count the discs.
  check_game(gdl::load_game_text(testing::kSharedGoal, "shared goal"), 150, 100000, 13);
  check_game(gdl::load_game_text(testing::kSharedGoal, "shared goal"), 100, 2, 14);  // cut early
  check_game(shipped("reversi"), 70, 100000, 15);
}

TEST_CASE("bit-parallel playouts solve cycles, stop at the depth limit and where moves run out") {
  // Reachability through dynamic facts: a cycle without transition in the network (the fixpoint).
  auto walk = gdl::load_game_text(testing::kReachability, "reachability");
  check_game(walk, 100, 100000, 4);
  Run cut = run_lanes(walk, 80, 3, 5);
  CHECK(cut.tally.completed == 0);
  for (const LanePlayout& lane : cut.playouts) CHECK(lane.moves.size() == 3);

  auto claims = gdl::load_game_text(kClaims, "claims");
  Run run = run_lanes(claims, 200, 100000, 6);
  size_t stuck = 0;
  for (const LanePlayout& lane : run.playouts) stuck += !lane.completed;
  CHECK(stuck > 0);                    // both claimed one cell (about 1 in 3 at the first move)
  CHECK(run.tally.completed > 0);
  check_game(claims, 200, 100000, 6);

  // Cut after one move, a lane reports the goal where it stopped: 100 where cell 1 was claimed.
  Run early = run_lanes(claims, 200, 1, 12);
  size_t owned = 0;
  for (const LanePlayout& lane : early.playouts) owned += lane.goals[0] == 100;
  CHECK(early.tally.completed == 0);
  CHECK(owned > 20);  // cell 1 is claimed in 5 of the 9 joint moves
  CHECK(owned < 180);
  check_replay(early, *compile_bit_program(build_program(claims)), *reasoner::make_prover(claims),
               200, 1);
}

TEST_CASE("bit-parallel playouts from one start per lane replay on the prover") {
  auto rules = shipped("breakthrough_8x8");
  auto bits = compile_bit_program(build_program(rules));
  auto ref = reasoner::make_prover(rules);
  auto net = make_propnet(rules);
  // Starts along one random game (same fact ids on both propnet machines, texts for the prover).
  std::vector<State> net_starts, ref_starts;
  State state = net->initial_state(), next;
  reasoner::Random walk(10);
  reasoner::JointMove joint;
  while (net_starts.size() < 50 && !net->is_terminal(state)) {
    net_starts.push_back(state);
    State translated;
    for (const std::string& text : reasoner::state_texts(*net, state)) translated.set(*ref->fact_from_text(text));
    ref_starts.push_back(translated);
    REQUIRE(reasoner::random_joint_move(*net, state, walk, joint));
    net->next_state(state, joint, next);
    std::swap(state, next);
  }
  std::vector<const State*> pointers;
  for (const State& s : net_starts) pointers.push_back(&s);
  BitParallelPlayouts lanes(bits);
  reasoner::Random rng(11);
  Run run;
  run.goal_sums.assign(2, 0);
  std::vector<double> results(pointers.size() * 2);
  std::vector<uint8_t> completed(pointers.size());
  std::vector<std::vector<MoveId>> moves(pointers.size());
  run.tally = lanes.run_each(pointers, rng, results, completed, 100000, moves, &run.playouts);
  for (const LanePlayout& lane : run.playouts) {
    CHECK(completed[lane.lane] == lane.completed);
    CHECK(moves[lane.lane] == lane.moves);  // the moves given back are the ones replayed
    for (RoleIndex r = 0; r < 2; ++r) {
      CHECK(results[lane.lane * 2 + r] == lane.goals[r]);
      run.goal_sums[r] += lane.goals[r];
    }
  }
  check_replay(run, *bits, *ref, pointers.size(), 100000, &ref_starts);

  // The machine's entry point: the same contract, lanes or not.
  std::vector<double> again(pointers.size() * 2);
  auto tally = net->random_playouts_from(pointers, rng, again, completed);
  CHECK(net->parallel_playouts() == BitParallelPlayouts::kLanes);
  CHECK(tally.completed == pointers.size());
  for (size_t i = 0; i < pointers.size(); ++i) CHECK(again[2 * i] + again[2 * i + 1] == 100);
}

TEST_CASE("bit-parallel playouts choose uniformly among the legal moves") {
  Run run = run_lanes(shipped("ticTacToe"), 9000, 100000, 7);
  std::vector<size_t> first(32, 0);
  for (const LanePlayout& lane : run.playouts) ++first[lane.moves[0] % 32];
  size_t seen = 0;
  for (size_t n : first) {
    if (n == 0) continue;
    ++seen;
    CHECK(n > 850);  // 1000 expected for each of the 9 cells; 850 is beyond 4 standard deviations
    CHECK(n < 1150);
  }
  CHECK(seen == 9);
}

// The first moves of `count` one-move playouts: each of the `options` legal ones drawn within 4.5
// standard deviations of count / options.
void check_uniform_first_move(const std::string& game, size_t count, size_t options) {
  Run run = run_lanes(shipped(game), count, 1, 8);
  std::map<MoveId, size_t> first;
  for (const LanePlayout& lane : run.playouts) ++first[lane.moves[0]];
  CHECK(first.size() == options);
  const double expected = static_cast<double>(count) / static_cast<double>(options);
  const double spread = 4.5 * std::sqrt(expected * (1 - 1.0 / static_cast<double>(options)));
  for (const auto& entry : first) {  // no structured binding: clang's INFO cannot capture one
    const MoveId move = entry.first;
    const size_t n = entry.second;
    INFO(game << " move " << move << " drawn " << n << " times, " << expected << " expected");
    CHECK(std::abs(static_cast<double>(n) - expected) < spread);
  }
}

TEST_CASE("bit-parallel playouts choose uniformly among many legal moves (wider counts)") {
  // 22 moves at breakthrough's start (counts of 6 bits), 81 at hex's (past 63: counts of 8 bits).
  check_uniform_first_move("breakthrough_8x8", 22 * 400, 22);
  check_uniform_first_move("hex_9x9", 81 * 200, 81);
}

TEST_CASE("bit-parallel playouts replay on the prover where roles have many legal moves") {
  check_game(shipped("breakthrough_8x8"), 70, 100000, 21);
  check_game(shipped("hex_9x9"), 70, 100000, 22);
}

TEST_CASE("the propnet machine answers random_playouts bit-parallel, with the sequential means") {
  auto rules = shipped("connect_four");
  auto machine = make_propnet(rules);
  reasoner::Random rng(8);
  const size_t n = 4096;
  std::vector<double> batch(2, 0), sequential(2, 0);
  auto tally = machine->random_playouts(machine->initial_state(), n, rng, batch);
  CHECK(tally.completed == n);
  auto one_by_one = machine->StateMachine::random_playouts(machine->initial_state(), n, rng, sequential);
  CHECK(one_by_one.completed == n);
  // Both are means of 4096 random games (standard error about 0.8 points).
  for (RoleIndex r = 0; r < 2; ++r) CHECK(batch[r] / n == doctest::Approx(sequential[r] / n).epsilon(0.08));
}

TEST_CASE("corpus: bit-parallel playouts replay on the differential propnet for a corpus sample") {
  // GGP_PROPNET_FULL=1 checks every in-scope game; otherwise every 12th.
  const bool full = std::getenv("GGP_PROPNET_FULL") != nullptr;
  size_t checked = 0;
  for (const auto& g : testing::sample(testing::corpus_games(), full ? 1 : 12, 7)) {
    std::shared_ptr<const gdl::Game> rules;
    std::shared_ptr<const BitProgram> bits;
    std::unique_ptr<StateMachine> ref;  // the differential propnet: checked against the prover
    try {                               // and the traces by the other suites, and much faster
      rules = gdl::load_game_file(g.kif_path());
      PropnetLimits limits;
      limits.seconds = 3.0;
      bits = compile_bit_program(build_program(rules, limits));
      ref = make_propnet(rules, limits);
    } catch (const std::exception&) {
      continue;
    }
    if (!bits) continue;
    INFO(g.source << "/" << g.key);
    BitParallelPlayouts lanes(bits);
    reasoner::Random rng(9);
    Run run;
    run.goal_sums.assign(bits->program->num_roles, 0);
    const size_t max_depth = 300;
    run.tally = lanes.run(bits->program->initial, 64, rng, run.goal_sums, max_depth, &run.playouts);
    check_replay(run, *bits, *ref, 64, max_depth);
    ++checked;
  }
  std::cerr << "bit-parallel corpus sample: " << checked << " games replayed\n";
  CHECK(checked > (full ? 600u : 40u));
}

}  // namespace
}  // namespace ggp::propnet
