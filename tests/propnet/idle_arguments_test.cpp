// Idle arguments (propnet/idle_arguments.h): which positions are dropped, which are kept, the
// grounding it saves, and a propnet that still agrees with the prover.
#include "propnet/idle_arguments.h"

#include <doctest/doctest.h>

#include <string>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"

namespace ggp::propnet {
namespace {

// A one-player climb of `depth` stages, one a turn; climbing needs `(ok1 up)`, and two rests in a
// row end it. `ok_k` has k arguments, each only checked by `flag` and passed down: 2^k instances
// that all mean "the climb is at stage k or can go on from it". `seen ?a ?n` drops its first
// argument only.
std::string climb_game(int depth) {
  std::string kif = "(role climber) (init (stage 1)) (flag up) (flag down)\n";
  for (int s = 1; s < depth + 2; ++s)
    kif += "(succ " + std::to_string(s) + " " + std::to_string(s + 1) + ")\n";
  const std::string top = "(true (stage " + std::to_string(depth + 1) + "))";
  kif += R"(
    (legal climber rest)
    (<= (legal climber climb) (ok1 up))
    (<= (next (stage ?m)) (true (stage ?n)) (succ ?n ?m))
    (<= (next (rested ?n)) (does climber rest) (true (stage ?n)))
    (<= (next (rested ?n)) (true (rested ?n)))
    (<= (seen ?a ?n) (flag ?a) (true (rested ?n)))
    (<= terminal (true (rested ?n)) (succ ?n ?m) (seen down ?m))
    (<= rests (seen ?a ?n) (flag ?a))
  )";
  kif += "(<= terminal " + top + ")\n(<= (goal climber 100) " + top + ")\n";
  kif += "(<= (goal climber 50) (not " + top + ") rests)\n";
  kif += "(<= (goal climber 0) (not " + top + ") (not rests))\n";
  for (int k = 1; k <= depth; ++k) {
    std::string vars, flags;
    for (int i = k - 1; i >= 0; --i) {
      vars += " ?b" + std::to_string(i);
      flags += " (flag ?b" + std::to_string(i) + ")";
    }
    const std::string head = "(ok" + std::to_string(k) + vars + ")";
    kif += "(<= " + head + flags + " (true (stage " + std::to_string(k) + ")))\n";
    if (k < depth) {
      const std::string next = "(ok" + std::to_string(k + 1) + vars;
      kif += "(<= " + head + flags + " (not (true (stage " + std::to_string(k) + "))) " + next +
             " up) " + next + " down))\n";
    }
  }
  return kif;
}

// The arity of relation `name` (of `arity` arguments in the rule sheet) after the pass.
uint32_t arity_after(const std::string& kif, const std::string& name, uint32_t arity) {
  auto game = gdl::load_game_text(kif);
  TermPool pool;
  RuleSet set = prepare_rules(*game, pool);
  const uint32_t r = set.find_relation(game->symbols.find(name), arity);
  REQUIRE(r != UINT32_MAX);
  drop_idle_arguments(set, pool);
  return set.relations[r].arity;
}

TEST_CASE("positions that only a unary static relation decides are dropped, others kept") {
  const std::string climb = climb_game(4);
  CHECK(arity_after(climb, "ok3", 3) == 0);
  CHECK(arity_after(climb, "seen", 2) == 1);  // ?n is read from the state
  CHECK(arity_after(climb, "flag", 1) == 1);  // a domain keeps its argument
  CHECK(arity_after(climb, "succ", 2) == 2);  // facts: ground heads

  const std::string base =
      "(role p) (legal p go) (<= terminal (true done)) (goal p 0)\n"
      "(init x) (<= (next done) (does p go)) (c 1) (c 2) (e 1)\n";
  // The variable is compared by a distinct, checked by two relations, passed inside a function,
  // or the relation is called under `not`: each keeps the position.
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (distinct ?a 2) (true x)) (<= (legal p q) (r 1))",
                    "r", 1) == 1);
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (e ?a) (true x)) (<= (legal p q) (r 1))", "r", 1) ==
        1);
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (s (f ?a))) (<= (s ?z) (true ?z))"
                           "(<= (legal p q) (r 1))",
                    "r", 1) == 1);
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (true x)) (<= (legal p q) (not (r 1)))", "r", 1) ==
        1);
  // The same variable twice in the head, or two rules with different domains.
  CHECK(arity_after(base + "(<= (r ?a ?a) (c ?a) (true x)) (<= (legal p q) (r 1 1))", "r", 2) == 2);
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (true x)) (<= (r ?a) (e ?a) (true done))"
                           "(<= (legal p q) (r 1))",
                    "r", 1) == 1);
  // The caller passes the variable on to a position with another domain: kept on both sides.
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (t ?a)) (<= (t ?b) (e ?b) (true x))"
                           "(<= (legal p q) (r 1))",
                    "r", 1) == 1);
  // A domain keeps its argument even where that argument alone would be idle.
  const std::string chained = base +
                              "(<= (c2 ?a) (c ?a)) (<= (r ?a) (c2 ?a) (true x))"
                              "(<= (legal p q) (r 1))";
  CHECK(arity_after(chained, "r", 1) == 0);
  CHECK(arity_after(chained, "c2", 1) == 1);
  // The same domain along the call: dropped on both sides.
  CHECK(arity_after(base + "(<= (r ?a) (c ?a) (t ?a)) (<= (t ?b) (c ?b) (true x))"
                           "(<= (legal p q) (r 1))",
                    "r", 1) == 0);
}

TEST_CASE("dropping idle arguments shrinks the grounding and the propnet agrees with the prover") {
  auto game = gdl::load_game_text(climb_game(14), "climb");
  GroundingLimits kept, dropped;
  kept.drop_idle_arguments = false;
  kept.whole_share = dropped.whole_share = 0;  // split at once, as a hard game would
  const size_t before = ground(*game, kept).rule_literals();
  const size_t after = ground(*game, dropped).rule_literals();
  MESSAGE("climb(14) rule literals: " << before << " with every argument, " << after
                                      << " with the idle ones dropped");
  CHECK(after * 100 < before);

  testing::check_agrees_with_prover(game, {}, "idle arguments dropped", 10, {50, 0.5, 30});
}

}  // namespace
}  // namespace ggp::propnet
