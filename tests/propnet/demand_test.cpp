// Demand restriction (propnet/demand.h): relations grounded only where called, a smaller
// grounding, and a propnet that still agrees with the prover.
#include "propnet/demand.h"

#include <doctest/doctest.h>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/rule_set.h"
#include "reasoner/differential.h"
#include "reasoner/prover.h"

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
  auto ref = reasoner::make_prover(rules);
  for (bool demand : {false, true}) {
    PropnetLimits limits;
    limits.grounding.restrict_to_demand = demand;
    auto net = make_propnet(rules, limits);
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      auto result = reasoner::compare_random_playouts(*net, *ref, seed, {200, 0.2, 100});
      INFO("demand " << demand << ", seed " << seed << ": " << result.difference);
      CHECK(result.difference.empty());
      CHECK(result.steps > 0);
    }
  }
}

}  // namespace
}  // namespace ggp::propnet
