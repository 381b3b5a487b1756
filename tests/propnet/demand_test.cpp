// Demand restriction (propnet/demand.h): relations grounded only where called, a smaller
// grounding, and a propnet that still agrees with the prover.
#include "propnet/demand.h"

#include <doctest/doctest.h>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"
#include "propnet/rule_set.h"

namespace ggp::propnet {
namespace {

// Three-in-a-row over 9 cells, counted like chinesecheckers' `count`: `(line3 ?x ?y ?z ?p)` is
// defined over every triple of cells but asked only for the eight lines (constants in `goal`, a
// static `line` elsewhere). `near` and `far` bind each other's calls in `close`, so demanding
// either from the other would be circular: neither may be restricted by the other.
constexpr const char* kLines = R"(
  (role x) (role o)
  (cell 1) (cell 2) (cell 3) (cell 4) (cell 5) (cell 6) (cell 7) (cell 8) (cell 9)
  (line 1 2 3) (line 4 5 6) (line 7 8 9) (line 1 4 7) (line 2 5 8) (line 3 6 9) (line 1 5 9)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
  (succ 8 9)
  (init (control x)) (init (step 0))
  (<= (init (mark ?c b)) (cell ?c))
  (<= (legal ?p (put ?c)) (true (control ?p)) (true (mark ?c b)))
  (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
  (<= (next (mark ?c ?p)) (does ?p (put ?c)))
  (<= (next (mark ?c ?m)) (true (mark ?c ?m)) (does ?p (put ?d)) (distinct ?c ?d))
  (<= (next (control o)) (true (control x)))
  (<= (next (control x)) (true (control o)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= (line3 ?a ?b ?c ?p) (true (mark ?a ?p)) (true (mark ?b ?p)) (true (mark ?c ?p))
      (distinct ?p b))
  (<= (near ?a ?b) (succ ?a ?b))
  (<= (near ?a ?b) (succ ?b ?a))
  (<= (far ?a ?b) (cell ?a) (cell ?b) (not (near ?a ?b)))
  (<= (close ?p) (true (mark ?a ?p)) (true (mark ?b ?p)) (near ?a ?b) (far ?b ?a)
      (distinct ?p b))
  (<= (won ?p) (line ?a ?b ?c) (line3 ?a ?b ?c ?p))
  (<= (won ?p) (line3 3 5 7 ?p))
  (<= terminal (won ?p))
  (<= terminal (true (step 9)))
  (<= (goal ?p 100) (won ?p))
  (<= (goal ?p 50) (role ?p) (not (won x)) (not (won o)) (close ?p))
  (<= (goal ?p 0) (role ?p) (not (won ?p)) (not (close ?p)))
  (<= (goal ?p 0) (role ?p) (not (won ?p)) (won ?q) (distinct ?p ?q))
)";

TEST_CASE("demand restricts a relation to the arguments its callers name") {
  auto rules = gdl::load_game_text(kLines, "lines");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  size_t before = set.rules.size();
  CHECK(restrict_to_demand(set, pool) >= 1);
  CHECK(set.rules.size() > before);  // the demand rules
  size_t domain_literals = 0;
  for (const PreparedRule& r : set.rules)
    for (const PreparedAtom& a : r.positive) domain_literals += a.domain_only;
  CHECK(domain_literals > 0);

  GroundingLimits whole;
  whole.restrict_to_demand = false;
  size_t unrestricted = ground(*rules, whole).rule_literals();
  size_t restricted = ground(*rules, {}).rule_literals();
  MESSAGE("rule literals: " << unrestricted << " unrestricted, " << restricted << " restricted");
  CHECK(restricted * 4 < unrestricted);  // 8 lines instead of 9^3 triples
}

TEST_CASE("a demand-restricted propnet agrees with the prover") {
  auto rules = gdl::load_game_text(kLines, "lines");
  for (bool demand : {false, true}) {
    PropnetLimits limits;
    limits.grounding.restrict_to_demand = demand;
    testing::check_agrees_with_prover(rules, limits, demand ? "demand" : "no demand");
  }
}

// Stones counted along a row of six cells, as merrills counts them: `count_loop` carries the counts
// so far from cell to cell, so only the counts that a prefix of the row can hold are ever asked
// for. The counts come from the dynamic `count_one`, so the demand passes through dynamic atoms
// and through the recursion.
constexpr const char* kCounting = R"(
  (role p)
  (number 0) (number 1) (number 2) (number 3) (number 4) (number 5) (number 6)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
  (next_cell a b) (next_cell b c) (next_cell c d) (next_cell d e) (next_cell e f)
  (colour x) (colour o)
  (init (cell a empty)) (init (cell b empty)) (init (cell c empty))
  (init (cell d empty)) (init (cell e empty)) (init (cell f empty))
  (<= (legal p (put ?c ?k)) (true (cell ?c empty)) (colour ?k))
  (<= (next (cell ?c ?k)) (does p (put ?c ?k)))
  (<= (next (cell ?c ?k)) (true (cell ?c ?k)) (does p (put ?d ?j)) (distinct ?c ?d))
  (<= (count ?x ?o) (count_loop a 0 0 ?x ?o))
  (<= (count_loop f ?x1 ?o1 ?x ?o) (count_one f ?x1 ?o1 ?x ?o))
  (<= (count_loop ?c ?x1 ?o1 ?x ?o) (count_one ?c ?x1 ?o1 ?x2 ?o2) (next_cell ?c ?d)
      (count_loop ?d ?x2 ?o2 ?x ?o))
  (<= (count_one ?c ?x1 ?o ?x ?o) (true (cell ?c x)) (succ ?x1 ?x) (number ?o))
  (<= (count_one ?c ?x ?o1 ?x ?o) (true (cell ?c o)) (succ ?o1 ?o) (number ?x))
  (<= (count_one ?c ?x ?o ?x ?o) (true (cell ?c empty)) (number ?x) (number ?o))
  (<= (more ?a ?b) (succ ?b ?a))
  (<= (more ?a ?b) (succ ?c ?a) (more ?c ?b))
  (<= win (count ?x ?o) (more ?x ?o))
  (<= open (true (cell ?c empty)))
  (<= terminal (not open))
  (<= (goal p 100) win)
  (<= (goal p 0) (not win))
)";

TEST_CASE("demand passes through dynamic atoms and recursion") {
  auto rules = gdl::load_game_text(kCounting, "counting");
  GroundingLimits through;
  through.demand_through_dynamic = true;
  const size_t static_only = ground(*rules, {}).rule_literals();
  const size_t restricted = ground(*rules, through).rule_literals();
  MESSAGE("rule literals: " << static_only << " under static demand, " << restricted
                            << " through dynamic atoms");
  CHECK(restricted * 4 < static_only);

  // The grounder turns it on by itself when a grounding is too large without it.
  GroundingLimits small;
  small.max_body_literals = (static_only + restricted) / 2;
  const size_t retried = ground(*rules, small).rule_literals();
  MESSAGE("rule literals when turned on after a grounding too large: " << retried);
  CHECK(retried * 3 < static_only);  // split into parts, so larger than the whole rules
  small.restrict_to_demand = false;
  CHECK_THROWS_WITH(ground(*rules, small), doctest::Contains("grounding too large"));

  PropnetLimits limits;
  limits.grounding.demand_through_dynamic = true;
  testing::check_agrees_with_prover(rules, limits, "through dynamic atoms");
}

}  // namespace
}  // namespace ggp::propnet
