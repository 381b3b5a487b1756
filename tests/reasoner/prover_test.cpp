// The prover on tiny edge-case games (tests/kif/, one per case) and golden perft counts.
#include <doctest/doctest.h>

#include <algorithm>

#include "gdl/loader.h"
#include "gdl/parser.h"
#include "reasoner/perft.h"
#include "reasoner/prover.h"
#include "support/corpus.h"

namespace ggp::reasoner {
namespace {

// Edge-case games are parsed without the validator: they test the prover, and some (a goal
// value that is not a number) are deliberately odd.
std::unique_ptr<StateMachine> edge_case(const std::string& name) {
  auto game = std::make_shared<const gdl::Game>(
      gdl::parse_game_file(std::string(GGP_SOURCE_ROOT) + "/tests/kif/" + name + ".kif"));
  return make_prover(game);
}

// A game of games_kif/.
std::unique_ptr<StateMachine> shipped_prover(const std::string& name) {
  return make_prover(gdl::load_game_file(ggp::testing::shipped_game_path(name)));
}

std::vector<std::string> legal_texts(StateMachine& m, const State& s, RoleIndex r) {
  return legal_move_texts(m, s, r);
}

State play(StateMachine& m, const State& s, const std::vector<std::string>& moves) {
  JointMove joint;
  for (RoleIndex r = 0; r < moves.size(); ++r) {
    std::optional<MoveId> id = m.move_from_text(r, moves[r]);
    REQUIRE(id.has_value());
    joint.push_back(*id);
  }
  State next;
  m.next_state(s, joint, next);
  return next;
}

TEST_CASE("prover: zero-arity relations under not") {
  auto m = edge_case("zero_arity_not");
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) == std::vector<std::string>{"go"});
  CHECK_FALSE(m->is_terminal(s));
  CHECK(m->goal(s, 0) == 0);
  State t = play(*m, s, {"go"});
  CHECK(state_texts(*m, t) == std::vector<std::string>{"(step 1)"});
  CHECK(m->is_terminal(t));
  CHECK(m->goal(t, 0) == 100);
  CHECK(legal_texts(*m, t, 0) == std::vector<std::string>{"wait"});
}

TEST_CASE("prover: or in bodies") {
  auto m = edge_case("or_in_body");
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) == std::vector<std::string>{"(pick 1)", "(pick 3)"});
  CHECK(m->goal(s, 0) == kNoGoal);
  State t = play(*m, s, {"(pick 1)"});
  CHECK(state_texts(*m, t) == std::vector<std::string>{"(b 2)"});
  CHECK(m->is_terminal(t));
  CHECK(m->goal(t, 0) == 50);
  CHECK(legal_texts(*m, t, 0) == std::vector<std::string>{"(pick 2)", "(pick 3)"});
}

TEST_CASE("prover: distinct on function terms") {
  auto m = edge_case("distinct_function_terms");
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) ==
        std::vector<std::string>{"(swap (p 1 2) (p 2 2))", "(swap (p 2 2) (p 1 2))"});
  State t = play(*m, s, {"(swap (p 2 2) (p 1 2))"});
  CHECK(state_texts(*m, t) == std::vector<std::string>{"(done (p 2 2))"});
  CHECK(m->goal(t, 0) == 0);
  CHECK(m->is_terminal(t));
}

TEST_CASE("prover: recursion over cycles terminates") {
  auto m = edge_case("recursion");
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) == std::vector<std::string>{"(go b)", "(go c)", "(go d)"});
  CHECK(m->goal(s, 0) == 0);
  State t = play(*m, s, {"(go c)"});
  CHECK(legal_texts(*m, t, 0) == std::vector<std::string>{"(go b)", "(go c)", "(go d)"});
  State u = play(*m, t, {"(go d)"});
  CHECK(m->is_terminal(u));
  CHECK(m->goal(u, 0) == 100);  // needs (conn 1 1), found around the cycle of links
}

TEST_CASE("prover: missing goal values, and a value that is not a number") {
  auto m = edge_case("goal_missing");
  State s = m->initial_state();
  CHECK(m->goal(s, 0) == kNoGoal);
  CHECK(m->goal(s, 1) == kNoGoal);
  State t = play(*m, s, {"go", "go"});
  CHECK(m->is_terminal(t));
  CHECK(m->goal(t, 0) == 100);
  CHECK(m->goal(t, 1) == kNoGoal);
}

TEST_CASE("prover: duplicated goal values") {
  auto m = edge_case("goal_duplicated");
  State t = play(*m, m->initial_state(), {"go", "go"});
  CHECK(m->goal(t, 0) == kAmbiguousGoal);
  CHECK(m->goal(t, 1) == 30);
}

TEST_CASE("prover: rule-level stratification and (p) apart from p") {
  auto m = edge_case("goal_self_negation");
  State s = m->initial_state();
  CHECK(m->goal(s, 0) == 0);
  State t = play(*m, s, {"go"});
  CHECK(m->goal(t, 0) == 100);
}

TEST_CASE("prover: rule strata unify with the occurs check, as the validator does") {
  // Without it the rule reading (not (pair ?x (wrap ?x))) seemed to read its own head, and the
  // prover refused as unstratified a game that `ggp check` accepts.
  auto m = make_prover(gdl::load_game_file(std::string(GGP_SOURCE_ROOT) +
                                           "/tests/kif/occurs_check_negation.kif"));
  State s = m->initial_state();
  CHECK(m->goal(s, 0) == 0);  // (pair a (wrap a)) holds, so (pair a a) does not
  State t = play(*m, s, {"go"});
  CHECK(m->is_terminal(t));
  CHECK(m->goal(t, 0) == 100);
}

TEST_CASE("prover: a game without base or input, simultaneous moves") {
  auto m = edge_case("no_base_input");
  REQUIRE(m->num_roles() == 2);
  CHECK(m->role_name(0) == "a");
  CHECK(m->role_name(1) == "b");
  // 4 joint moves per step; the count reaches 3 only on a's third `up`: 64 - 1 - ... leaves.
  std::vector<uint64_t> counts = perft(*m, m->initial_state(), 4);
  CHECK(counts[0] == 4);
  CHECK(counts[1] == 16);
  CHECK(counts[2] == 64);
  // After three moves, the 8 sequences where a played up three times are terminal leaves.
  CHECK(counts[3] == 8 + (64 - 8) * 4);
}

TEST_CASE("prover: a static relation too large to materialise is evaluated on demand") {
  auto m = edge_case("demand_static");
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) ==
        std::vector<std::string>{"(inc 3)", "(loop 3)", "(loop 4)", "(loop 5)"});
  State t = play(*m, s, {"(inc 3)"});
  CHECK(legal_texts(*m, t, 0) ==
        std::vector<std::string>{"(inc 4)", "(loop 3)", "(loop 4)", "(loop 5)"});
  State u = play(*m, t, {"(inc 4)"});
  CHECK(m->is_terminal(u));
  CHECK(m->goal(u, 0) == 100);
}

// Addition as dresden/themathematician writes it: a fact with a variable, which only the calls
// bind, as GGP-Base's top-down prover reads it.
constexpr const char* kCallBound = R"(
  (role r)
  (init (n 0))
  (num 0) (num 1) (num 2) (num 3)
  (succ 0 1) (succ 1 2) (succ 2 3)
  (add 0 ?n ?n)
  (<= (add ?a ?b ?c) (succ ?a1 ?a) (succ ?b ?b1) (add ?a1 ?b1 ?c))
  (<= (legal r (plus ?k)) (true (n ?x)) (num ?k) (add ?x ?k ?y) (num ?y))
  (<= (next (n ?y)) (does r (plus ?k)) (true (n ?x)) (add ?x ?k ?y) (num ?y))
  (<= terminal (true (n 3)))
  (<= (goal r 100) (true (n 3)))
  (<= (goal r 0) (not (true (n 3))))
)";

TEST_CASE("prover: rules whose head variables only the calls bind are evaluated on demand") {
  auto m = make_prover(gdl::load_game_text(kCallBound, "add"));
  State s = m->initial_state();
  CHECK(legal_texts(*m, s, 0) ==
        std::vector<std::string>{"(plus 0)", "(plus 1)", "(plus 2)", "(plus 3)"});
  State t = play(*m, s, {"(plus 2)"});
  CHECK(legal_texts(*m, t, 0) == std::vector<std::string>{"(plus 0)", "(plus 1)"});
  State u = play(*m, t, {"(plus 1)"});
  CHECK(m->is_terminal(u));
  CHECK(m->goal(u, 0) == 100);
  // A call that leaves such a variable unbound cannot be evaluated: the prover refuses the game.
  std::string unbound = std::string(kCallBound) + "(<= (legal r (any ?k)) (num ?k) (add ?k ?j ?m))";
  CHECK_THROWS(make_prover(std::make_shared<const gdl::Game>(gdl::parse_game(unbound))));
}

TEST_CASE("prover: move and fact texts round-trip; unknown symbols are rejected") {
  auto m = shipped_prover("ticTacToe");
  State s = m->initial_state();
  for (MoveId id : m->legal_moves(s, 0)) CHECK(m->move_from_text(0, m->move_text(id)) == id);
  CHECK(m->move_from_text(0, "( place  1   1 )") == m->move_from_text(0, "(place 1 1)"));
  CHECK_FALSE(m->move_from_text(0, "(place 1 zzz_unknown)").has_value());
  CHECK_FALSE(m->move_from_text(0, "(place 1").has_value());
  s.for_each_fact([&](FactId f) { CHECK(m->fact_from_text(m->fact_text(f)) == f); });
}

TEST_CASE("prover: clones share ids and agree") {
  auto m = shipped_prover("ticTacToe");
  auto c = m->clone();
  State s = m->initial_state();
  CHECK(c->initial_state() == s);
  std::span<const MoveId> a = m->legal_moves(s, 0);
  std::vector<MoveId> from_m(a.begin(), a.end());
  std::span<const MoveId> b = c->legal_moves(s, 0);
  CHECK(std::vector<MoveId>(b.begin(), b.end()) == from_m);
}

TEST_CASE("perft: ticTacToe golden counts") {
  // 9 * 8 * 7 * 6 * 5: no line of three exists before the fifth mark, so no state before depth 5
  // is terminal; depth 6 adds the 1440 games won by x on the fifth mark as earlier leaves.
  auto m = shipped_prover("ticTacToe");
  std::vector<uint64_t> counts = perft(*m, m->initial_state(), 6);
  CHECK(counts == std::vector<uint64_t>{9, 72, 504, 3024, 15120, 1440 + (15120 - 1440) * 4});
}

TEST_CASE("perft: connect_four golden counts") {
  // 7 columns of height 6: no column fills and no four-in-a-row exists within 5 discs.
  auto m = shipped_prover("connect_four");
  std::vector<uint64_t> counts = perft(*m, m->initial_state(), 5);
  CHECK(counts == std::vector<uint64_t>{7, 49, 343, 2401, 16807});
}

TEST_CASE("goal values: an integer 0..100 in 1 to 3 digits, as every machine reads them") {
  CHECK(goal_value_of("0") == 0);
  CHECK(goal_value_of("50") == 50);
  CHECK(goal_value_of("100") == 100);
  CHECK(goal_value_of("007") == 7);
  // The fuzzer's finding (tests/fuzz/regressions/propnet/): the propnet read 101 as a goal the
  // prover ignored.
  CHECK(goal_value_of("101") == -1);
  CHECK(goal_value_of("1000") == -1);
  CHECK(goal_value_of("-1") == -1);
  CHECK(goal_value_of("+5") == -1);
  CHECK(goal_value_of("") == -1);
  CHECK(goal_value_of("win") == -1);
}

}  // namespace
}  // namespace ggp::reasoner
