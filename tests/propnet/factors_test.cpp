// Factors of a propnet (propnet/factors.h): which facts and moves form independent sub-games, which
// facts no move changes, and which factors no goal reads; checked against the machine's own
// transitions on every shipped game.
#include "propnet/factors.h"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

// Two counters pushed by one player, a step counter, and a goal on the right counter only: the
// left counter is a sub-game that cannot change the outcome.
constexpr const char* kDistractor = R"(
  (role p)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (side left) (side right)
  (init (at left 0)) (init (at right 0)) (init (step 0))
  (<= (legal p (push ?s)) (true (at ?s ?n)) (succ ?n ?m))
  (<= (next (at ?s ?m)) (does p (push ?s)) (true (at ?s ?n)) (succ ?n ?m))
  (<= (next (at ?s ?n)) (true (at ?s ?n)) (side ?s) (not (does p (push ?s))))
  (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
  (<= terminal (true (step 4)))
  (<= (goal p 100) (true (at right 4)))
  (<= (goal p 0) (not (true (at right 4))))
)";

// Two rows of three cells marked by one player; a full row ends the game and wins. Each cell is a
// factor; the terminal's disjuncts join each row's cells, and "no open cell" (a negated disjunct
// over every cell) joins nothing. `extra` adds rules.
std::string two_rows(const std::string& extra) {
  return R"(
    (role p)
    (row a) (row b) (col 1) (col 2) (col 3)
    (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
    (init (step 0))
    (<= (legal p (mark ?r ?c)) (row ?r) (col ?c) (not (true (marked ?r ?c))))
    (<= (next (marked ?r ?c)) (does p (mark ?r ?c)))
    (<= (next (marked ?r ?c)) (true (marked ?r ?c)))
    (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
    (<= (full ?r) (row ?r) (true (marked ?r 1)) (true (marked ?r 2)) (true (marked ?r 3)))
    (<= open (row ?r) (col ?c) (not (true (marked ?r ?c))))
    (<= terminal (full ?r))
    (<= terminal (not open))
    (<= terminal (true (step 6)))
    (<= (goal p 100) (full ?r))
    (<= (goal p 0) (not (full a)) (not (full b)))
  )" + extra;
}

std::shared_ptr<const Program> program_of(const std::string& kif) {
  return build_program(gdl::load_game_text(kif));
}

std::vector<std::string> texts(const Program& p, const std::vector<uint32_t>& ids, bool moves) {
  std::vector<std::string> out;
  for (uint32_t id : ids) out.push_back(moves ? p.move_texts[id] : p.fact_texts[id]);
  return out;
}

TEST_CASE("factors: a counter no goal reads is a factor of its own, the step counter is global") {
  auto p = program_of(kDistractor);
  const Factoring f = find_factors(*p);
  REQUIRE(f.factors.size() == 2);
  CHECK(texts(*p, f.global_facts, false) ==
        std::vector<std::string>{"(step 0)", "(step 1)", "(step 2)", "(step 3)", "(step 4)"});
  CHECK(f.free_moves.empty());
  for (const Factor& factor : f.factors) {
    REQUIRE(factor.moves.size() == 1);
    const std::string move = p->move_texts[factor.moves[0]];
    const bool right = move == "(push right)";
    CHECK((right || move == "(push left)"));
    for (const std::string& fact : texts(*p, factor.facts, false))
      CHECK(fact.find(right ? "right" : "left") != std::string::npos);
    CHECK(factor.read_by_goals == right);
    CHECK_FALSE(factor.read_by_terminal);
  }
  CHECK(f.subgames == std::vector<std::vector<uint32_t>>{{0}, {1}});
  CHECK(f.splits());
}

TEST_CASE("factors: sub-games are the factors one disjunct of the terminal reads") {
  auto p = program_of(two_rows(""));
  Factoring f = find_factors(*p);
  REQUIRE(f.factors.size() == 6);  // a cell each
  REQUIRE(f.subgames.size() == 2);
  for (const std::vector<uint32_t>& game : f.subgames) {
    REQUIRE(game.size() == 3);
    const char row = p->fact_texts[f.factors[game[0]].facts[0]].at(8);  // "(marked a 1)"
    for (uint32_t index : game)
      for (uint32_t fact : f.factors[index].facts) CHECK(p->fact_texts[fact].at(8) == row);
  }
  CHECK(f.splits());
  // A disjunct over a cell of each row joins them.
  p = program_of(two_rows("(<= terminal (true (marked a 1)) (true (marked b 3)))"));
  f = find_factors(*p);
  CHECK(f.factors.size() == 6);
  CHECK(f.subgames.size() == 1);
  CHECK_FALSE(f.splits());
}

TEST_CASE("factors: tic-tac-toe's cells are sub-games that only the goals and terminal join") {
  auto p = build_program(gdl::load_game_file(ggp::testing::shipped_game_path("ticTacToe")));
  const Factoring f = find_factors(*p);
  CHECK(f.factors.size() == 9);
  CHECK(f.subgames.size() == 1);  // its lines join the cells
  for (const Factor& factor : f.factors) {
    CHECK(factor.read_by_goals);
    CHECK(factor.read_by_terminal);
    CHECK(factor.moves.size() == 2);  // each role's mark on the cell
  }
  for (const std::string& move : texts(*p, f.free_moves, true)) CHECK(move == "pass");
  for (const std::string& fact : texts(*p, f.global_facts, false))
    CHECK(fact.find("to_move") != std::string::npos);
}

// On random playouts of the machine, two joint moves from each state: a factor's facts take the
// same next values under both when both play the same moves of that factor (none included), and a
// global fact's next value is the same whatever is played.
TEST_CASE("factors: on shipped games, a factor's next facts depend on its own moves only") {
  size_t steps = 0, compared = 0;
  // Every kind of shipped game whose propnet builds in well under a second.
  for (const char* name :
       {"ticTacToe", "connect_four", "connect_four_simultaneous", "breakthrough_5x5", "checkers",
        "pentago", "reversi", "quarto", "nine_board_tictactoe", "domineering_5x5", "atarigo_5x5",
        "chinese_checkers_3p", "connect_three_4p", "blotto", "prisoners_dilemma", "lights_out",
        "eight_puzzle", "maze", "towers_of_hanoi", "same_game", "knightthrough_5x5", "go_5x5"}) {
    CAPTURE(name);
    auto game = gdl::load_game_file(ggp::testing::shipped_game_path(name));
    auto program = build_program(game);
    const Factoring f = find_factors(*program);
    std::vector<int> factor_of_fact(program->num_facts, -2), factor_of_move(program->num_moves, -2);
    for (uint32_t fact : f.global_facts) factor_of_fact[fact] = -1;
    for (uint32_t move : f.free_moves) factor_of_move[move] = -1;
    for (size_t i = 0; i < f.factors.size(); ++i) {
      CHECK_FALSE(f.factors[i].facts.empty());
      for (uint32_t fact : f.factors[i].facts) {
        CHECK(factor_of_fact[fact] == -2);  // in one place only
        factor_of_fact[fact] = static_cast<int>(i);
      }
      for (uint32_t move : f.factors[i].moves) {
        CHECK(factor_of_move[move] == -2);
        factor_of_move[move] = static_cast<int>(i);
      }
    }
    for (int x : factor_of_fact) CHECK(x != -2);
    std::vector<int> games_of(f.factors.size(), 0);
    for (const auto& game : f.subgames)
      for (uint32_t index : game) ++games_of[index];
    for (int x : games_of) CHECK(x == 1);  // every factor in one sub-game
    for (int x : factor_of_move) CHECK(x != -2);

    auto machine = make_propnet(game);
    std::mt19937 rng(7);
    for (int playout = 0; playout < 3; ++playout) {
      reasoner::State state = machine->initial_state(), next, other;
      for (int ply = 0; ply < 60 && !machine->is_terminal(state); ++ply) {
        std::vector<reasoner::MoveId> joint, alternative;
        bool stuck = false;
        for (size_t r = 0; r < machine->num_roles(); ++r) {
          auto legal = machine->legal_moves(state, static_cast<reasoner::RoleIndex>(r));
          if (legal.empty()) stuck = true;
          if (stuck) break;
          joint.push_back(legal[rng() % legal.size()]);
          alternative.push_back(legal[rng() % legal.size()]);
        }
        if (stuck) break;
        machine->next_state(state, joint, next);
        machine->next_state(state, alternative, other);
        auto moves_in = [&](const std::vector<reasoner::MoveId>& moves, int factor) {
          std::vector<reasoner::MoveId> in;
          for (reasoner::MoveId m : moves)
            if (factor_of_move[m] == factor) in.push_back(m);
          return in;
        };
        std::vector<uint8_t> same(f.factors.size());
        for (size_t i = 0; i < f.factors.size(); ++i)
          same[i] = moves_in(joint, static_cast<int>(i)) == moves_in(alternative, static_cast<int>(i));
        for (uint32_t fact = 0; fact < program->num_facts; ++fact) {
          const int in = factor_of_fact[fact];
          if (in == -1 || same[static_cast<size_t>(in)]) {
            CHECK(next.test(fact) == other.test(fact));
            ++compared;
          }
        }
        state = next;
        ++steps;
      }
    }
  }
  CHECK(steps > 1000);
  CHECK(compared > 10000);
}

}  // namespace
}  // namespace ggp::propnet
