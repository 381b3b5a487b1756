// A name in several shapes is several names on both machines (gdl/name_split.h): `(f)` and `f`,
// `(p a)` and `(p a b)` are distinct facts and moves, printed as the rule sheet writes them, and
// the texts read back to the same ids.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "reasoner/prover.h"

namespace ggp::propnet {
namespace {

constexpr const char* kShapes = R"(
  (role r)
  (init (cell (x)))
  (init x)
  (init (p a))
  (init (p a b))
  (<= (legal r (go)) (true x))
  (<= (legal r go) (true (cell (x))))
  (<= (legal r (p a)) (true (p a b)))
  (<= (next (y)) (does r (go)))
  (<= (next y) (does r go))
  (<= (next (p a b)) (does r (p a)))
  (<= terminal (true (y)))
  (<= terminal (true y))
  (<= terminal (true (p a b)))
  (<= (goal r 100) (true (y)))
  (<= (goal r 0) (not (true (y))))
)";

using Texts = std::vector<std::string>;

TEST_CASE("shapes: (f) and f, (p a) and (p a b) stay apart on the prover and the propnet") {
  auto game = gdl::load_game_text(kShapes, "shapes");
  auto prover = reasoner::make_prover(game);
  auto net = make_propnet(game);
  for (reasoner::StateMachine* m : {prover.get(), net.get()}) {
    INFO(m->name());
    reasoner::State s = m->initial_state(), next = s;
    CHECK(reasoner::state_texts(*m, s) == Texts{"(cell (x))", "(p a b)", "(p a)", "x"});
    CHECK(reasoner::legal_move_texts(*m, s, 0) == Texts{"(go)", "(p a)", "go"});
    auto empty_call = m->move_from_text(0, "(go)");
    auto constant = m->move_from_text(0, "go");
    REQUIRE(empty_call);
    REQUIRE(constant);
    CHECK(*empty_call != *constant);
    CHECK(m->move_text(*empty_call) == "(go)");
    CHECK(!m->move_from_text(0, "(p)"));
    m->next_state(s, std::vector<reasoner::MoveId>{*empty_call}, next);
    CHECK(reasoner::state_texts(*m, next) == Texts{"(y)"});
    CHECK(m->goal(next, 0) == 100);
    m->next_state(s, std::vector<reasoner::MoveId>{*constant}, next);
    CHECK(reasoner::state_texts(*m, next) == Texts{"y"});
    CHECK(m->goal(next, 0) == 0);
    next.for_each_fact([&](reasoner::FactId f) { CHECK(m->fact_from_text(m->fact_text(f)) == f); });
  }
}

}  // namespace
}  // namespace ggp::propnet
