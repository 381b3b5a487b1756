// The layout choices of compile_bit_program (propnet/bit_program.h, bit_levels.h) and the wide
// move choice of BitParallelPlayouts, on a small game built to take each of them: move literals
// folded into accumulators (positive ones in an OR, negated ones in an AND), ops grouped by level
// and form, and roles with more legal moves per lane than 6 and 8 count planes hold (the retries).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "gdl/loader.h"
#include "propnet/bit_parallel.h"
#include "propnet/propnet_machine.h"
#include "reasoner/prover.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

// side x side moves, a cell legal until picked (18 x 18 = 324: every lane counts past 255).
// `touched` is an OR of the picks in column 1, `calm` an AND with two negated picks (both folded
// into accumulators).
std::string wide_game(int side = 18) {
  std::string rules = "(role picker) (init (step 0))\n";
  for (int i = 1; i <= side; ++i) rules += "(idx " + std::to_string(i) + ")\n";
  for (int i = 0; i < 4; ++i)
    rules += "(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
  rules += R"(
    (<= (legal picker (pick ?x ?y)) (idx ?x) (idx ?y) (not (true (picked ?x ?y))) (not (true touched)))
    (<= (next (picked ?x ?y)) (does picker (pick ?x ?y)))
    (<= (next (picked ?x ?y)) (true (picked ?x ?y)))
    (<= (next touched) (does picker (pick ?x 1)))
    (<= (next calm) (true (step 1)) (not (does picker (pick 1 2))) (not (does picker (pick 2 1))))
    (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
    (<= terminal (true (step 4)))
    (<= terminal (true touched))
    (<= (goal picker 100) (true calm) (true touched) (true (picked 2 2)))
    (<= (goal picker 50) (true calm) (true touched) (not (true (picked 2 2))))
    (<= (goal picker 25) (true calm) (not (true touched)))
    (<= (goal picker 0) (not (true calm)))
  )";
  return rules;
}

TEST_CASE(
    "bit program: move literals fold into accumulators, ops grouped by level read only earlier "
    "levels") {
  auto rules = gdl::load_game_text(wide_game(), "wide");
  auto bits = compile_bit_program(build_program(rules));
  REQUIRE(bits);
  const Program& p = *bits->program;
  REQUIRE(p.num_moves == 324);
  CHECK(bits->num_slots > bits->first_accumulator);  // some gate folds its moves
  CHECK(bits->scatter_begin.size() == p.num_moves + 1);
  size_t fed = 0;
  for (uint32_t m = 0; m < p.num_moves; ++m)
    fed += bits->scatter_begin[m + 1] > bits->scatter_begin[m];
  CHECK(fed >= 18);  // the picks in column 1 reach `touched` through its accumulator
  for (uint32_t a : bits->scatter) CHECK(a >= bits->first_accumulator);
  // A fixed-form run reads no slot that it or a later op writes.
  size_t fixed = 0;
  for (const auto* segments : {&bits->query, &bits->transition, &bits->goal})
    for (const BitSegment& s : *segments) {
      if (s.form == BitSegment::kGeneric) continue;
      ++fixed;
      CHECK_FALSE(s.cyclic);
      for (uint32_t i = s.op_begin; i < s.op_end; ++i)
        for (uint32_t slot : {bits->ops[i].a, bits->ops[i].b, bits->ops[i].c}) {
          CHECK(slot < bits->num_slots);
          CHECK((slot < bits->first_op_slot + s.op_begin || slot >= bits->first_accumulator));
        }
    }
  CHECK(fixed > 1);
}

TEST_CASE("bit program: a turn-taking game's moves split by guard, as the replay tests play them") {
  // ticTacToe's optimiser factors (true (to_move r)) out of each role's marks: the move choice
  // skips them for the side not to move (the replays in bit_parallel_test.cpp run this path, with
  // lanes at both turns in the one-start-per-lane test on breakthrough, which is built alike).
  auto rules = gdl::load_game_file(std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif");
  auto bits = compile_bit_program(build_program(rules));
  REQUIRE(bits);
  const Program& p = *bits->program;
  REQUIRE(p.num_roles == 2);
  REQUIRE(bits->plain_begin.size() == 2 * p.num_roles + 1);
  for (uint32_t r = 0; r < p.num_roles; ++r) {
    INFO("role " << r);
    const uint32_t unguarded = bits->plain_begin[2 * r + 1] - bits->plain_begin[2 * r];
    const uint32_t guarded = bits->plain_begin[2 * r + 2] - bits->plain_begin[2 * r + 1];
    const uint32_t special = bits->special_begin[r + 1] - bits->special_begin[r];
    CHECK(unguarded + guarded + special == p.role_moves[r + 1] - p.role_moves[r]);
    CHECK(guarded == 9);  // the marks; noop is legal without the guard
  }
}

// Plays `count` playouts of wide_game(side) and replays each on the prover; returns how many first
// moves rank at `rank` or beyond among the side * side moves (all legal at the start).
size_t replay_wide(int side, size_t count, uint32_t rank) {
  auto rules = gdl::load_game_text(wide_game(side), "wide");
  auto bits = compile_bit_program(build_program(rules));
  REQUIRE(bits);
  const Program& p = *bits->program;
  REQUIRE(p.num_moves == static_cast<uint32_t>(side * side));
  auto ref = reasoner::make_prover(rules);
  BitParallelPlayouts lanes(bits);
  reasoner::Random rng(21);
  std::vector<LanePlayout> played;
  std::vector<double> sums(1, 0);
  auto tally = lanes.run(p.initial, count, rng, sums, 100000, &played);
  REQUIRE(played.size() == count);
  size_t completed = 0, high_first = 0;
  for (const LanePlayout& lane : played) {
    State state = ref->initial_state(), next;
    for (uint32_t m : lane.moves) {
      REQUIRE_FALSE(ref->is_terminal(state));
      auto move = ref->move_from_text(0, p.move_texts[m]);
      REQUIRE(move);
      auto legal = ref->legal_moves(state, 0);
      REQUIRE(std::find(legal.begin(), legal.end(), *move) != legal.end());
      MoveId joint[1] = {*move};
      ref->next_state(state, joint, next);
      std::swap(state, next);
    }
    CHECK(lane.completed);
    CHECK(ref->is_terminal(state));
    CHECK(lane.goals[0] == ref->goal(state, 0));
    completed += lane.completed;
    high_first += lane.moves.front() >= rank;
  }
  CHECK(tally.completed == completed);
  return high_first;
}

TEST_CASE(
    "bit-parallel playouts with 100 and 324 legal moves per lane replay on the prover, uniformly") {
  // 8 count planes after 6 overflow: 36 of the 100 moves rank at 64 or above, 230 of 640 first
  // moves expected (sd about 12).
  size_t high = replay_wide(10, 640, 64);
  CHECK(high > 180);
  CHECK(high < 280);
  // 16 planes after 8 overflow: 68 of the 324 moves rank at 256 or above, 134 of 640 (sd about 10).
  high = replay_wide(18, 640, 256);
  CHECK(high > 94);
  CHECK(high < 174);
}

}  // namespace
}  // namespace ggp::propnet
