// Constant fluents (propnet/constant_fluents.h): which fluents are read from init, a smaller
// grounding, and a propnet that still agrees with the prover.
#include "propnet/constant_fluents.h"

#include <doctest/doctest.h>

#include <string>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"
#include "propnet/rule_set.h"

namespace ggp::propnet {
namespace {

// A walker on a row of six cells with walls between some of them. Walls are kept by a frame and
// made by no other rule: constant. `visited` has a frame too, but also a rule that adds to it;
// `at` has no frame: neither is constant.
constexpr const char* kWalls = R"(
  (role walker)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7)
  (init (at 1)) (init (wall 3 4)) (init (wall 6 5)) (init (step 0))
  (<= (adj ?x ?y) (succ ?x ?y) (distinct ?x 0) (distinct ?y 7))
  (<= (adj ?x ?y) (succ ?y ?x) (distinct ?x 0) (distinct ?y 0))
  (<= (blocked ?x ?y) (true (wall ?x ?y)))
  (<= (blocked ?x ?y) (true (wall ?y ?x)))
  (<= (legal walker (go ?y)) (true (at ?x)) (adj ?x ?y) (not (blocked ?x ?y)))
  (legal walker stay)
  (<= (next (wall ?a ?b)) (true (wall ?a ?b)))
  (<= (next (at ?y)) (does walker (go ?y)))
  (<= (next (at ?x)) (does walker stay) (true (at ?x)))
  (<= (next (visited ?x)) (true (at ?x)))
  (<= (next (visited ?x)) (true (visited ?x)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 6)))
  (<= (goal walker 100) (true (visited 4)))
  (<= (goal walker 0) (not (true (visited 4))))
)";

// Body literals `(true (fluent ...))` outside the `next` rules (where the frames are).
size_t true_literals_over(const RuleSet& set, const TermPool& pool, gdl::SymbolId fluent) {
  const uint32_t true_ = set.find_relation(gdl::kw::true_, 1);
  const uint32_t next = set.find_relation(gdl::kw::next, 1);
  size_t n = 0;
  for (const PreparedRule& r : set.rules) {
    if (r.head.relation == next) continue;
    for (const auto* lits : {&r.positive, &r.negative})
      for (const PreparedAtom& a : *lits) {
        if (a.relation != true_) continue;
        const Pattern arg = argument_of(a.atom, 0, pool);
        if (arg.kind == Pattern::Kind::Var) continue;
        n += (arg.kind == Pattern::Kind::Func ? arg.value : pool.functor(arg.value)) == fluent;
      }
  }
  return n;
}

TEST_CASE("a fluent only its frame keeps is read from init") {
  auto rules = gdl::load_game_text(kWalls, "walls");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  const gdl::SymbolId wall = rules->symbols.find("wall");
  const gdl::SymbolId visited = rules->symbols.find("visited");
  CHECK(true_literals_over(set, pool, wall) == 2);
  CHECK(read_constant_fluents(set, pool) == 1);
  CHECK(true_literals_over(set, pool, wall) == 0);
  CHECK(true_literals_over(set, pool, visited) == 2);  // in the goals, still read from the state

  // `blocked` is static now: it folds into `legal` instead of being recorded.
  GroundingLimits without;
  without.read_constant_fluents = false;
  const size_t before = ground(*rules, without).rule_literals();
  const size_t after = ground(*rules, {}).rule_literals();
  MESSAGE("rule literals: " << before << " without the pass, " << after << " with it");
  CHECK(after < before);
}

TEST_CASE("no fluent is constant when a next rule with a variable head could make it") {
  auto rules =
      gdl::load_game_text(std::string(kWalls) + "(<= (next ?f) (true (at 9)) (true ?f))", "walls");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  CHECK(read_constant_fluents(set, pool) == 0);
}

TEST_CASE("a propnet with constant fluents agrees with the prover") {
  auto rules = gdl::load_game_text(kWalls, "walls");
  for (bool pass : {false, true}) {
    PropnetLimits limits;
    limits.grounding.read_constant_fluents = pass;
    testing::check_agrees_with_prover(rules, limits, pass ? "pass" : "no pass");
  }
}

}  // namespace
}  // namespace ggp::propnet
