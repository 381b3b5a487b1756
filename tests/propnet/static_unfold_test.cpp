// Unfolding static relations before variable elimination (propnet/static_unfold.h) and the heavy
// rules of a whole grounding tried again that way (GroundingLimits::reduce_heavy_rules): which
// literals unfold, a much smaller grounding, and a propnet that still agrees with the prover.
#include "propnet/static_unfold.h"

#include <doctest/doctest.h>

#include <string>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"
#include "propnet/rule_set.h"

namespace ggp::propnet {
namespace {

// A line of four cells and 16 pieces of four two-valued attributes, written as the corpus's quarto
// writes a line: four cells joined through the static `same`, the four-tuples of pieces that share
// a value (27,120 of them). Two roles take turns to place any unused piece; whoever completes
// the line with a shared value wins, and a full line without one is a draw.
std::string line_game() {
  std::string kif = R"(
    (role a) (role b) (other a b) (other b a)
    (init (control a))
    (index 1) (index 2) (index 3) (index 4) (bit 0) (bit 1)
    (<= (init (unused ?p)) (piece ?p))
    (<= (legal ?r (put ?p ?c)) (true (control ?r)) (true (unused ?p)) (index ?c) (not (taken ?c)))
    (<= (legal ?r noop) (role ?r) (not (true (control ?r))))
    (<= (taken ?c) (true (cell ?c ?p)))
    (<= (next (cell ?c ?p)) (true (cell ?c ?p)))
    (<= (next (cell ?c ?p)) (does ?r (put ?p ?c)))
    (<= (next (unused ?p)) (true (unused ?p)) (not (used ?p)))
    (<= (used ?p) (does ?r (put ?p ?c)))
    (<= (next (control ?s)) (true (control ?r)) (other ?r ?s))
    (<= (next (last ?r)) (true (control ?r)))
    (<= (same ?p1 ?p2 ?p3 ?p4) (bit ?b) (index ?n)
        (attr ?n ?p1 ?b) (attr ?n ?p2 ?b) (attr ?n ?p3 ?b) (attr ?n ?p4 ?b))
    (<= line (true (cell 1 ?p1)) (true (cell 2 ?p2)) (true (cell 3 ?p3)) (true (cell 4 ?p4))
        (same ?p1 ?p2 ?p3 ?p4))
    (<= full (taken 1) (taken 2) (taken 3) (taken 4))
    (<= terminal line)
    (<= terminal full)
    (<= (goal ?r 100) line (true (last ?r)))
    (<= (goal ?r 0) line (other ?r ?s) (true (last ?s)))
    (<= (goal ?r 50) (role ?r) (not line))
  )";
  for (int p = 0; p < 16; ++p) {
    const std::string name = "p" + std::to_string(p);
    kif += "(piece " + name + ")";
    for (int n = 1; n <= 4; ++n)
      kif +=
          "(attr " + std::to_string(n) + " " + name + " " + std::to_string(p >> (n - 1) & 1) + ")";
  }
  return kif;
}

// The rule of the constant head `name` (one rule).
uint32_t rule_with_head(const RuleSet& set, const TermPool& pool, gdl::SymbolId name) {
  for (uint32_t r = 0; r < set.rules.size(); ++r) {
    const Pattern& head = set.rules[r].head.atom;
    if (head.kind == Pattern::Kind::Ground && pool.functor(head.value) == name) return r;
  }
  return UINT32_MAX;
}

TEST_CASE("a static relation defined by one rule unfolds into its caller") {
  auto rules = gdl::load_game_text(line_game(), "line");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  const uint32_t line = rule_with_head(set, pool, rules->symbols.find("line"));
  REQUIRE(line != UINT32_MAX);
  const std::vector<char> dynamic = dynamic_relations(set);
  CHECK(set.rules[line].positive.size() == 5);
  CHECK(has_unfoldable_literal(set, line, dynamic));
  CHECK(unfold_static_literals(set, pool, line, dynamic) == 1);
  // four cells, then the body of `same`: bit, index and four attr literals
  CHECK(set.rules[line].positive.size() == 10);
  CHECK_FALSE(has_unfoldable_literal(set, line, dynamic));  // attr is facts only
  CHECK(set.rules[line].num_slots == 6);                    // ?p1..?p4, ?b, ?n
}

TEST_CASE("a static relation with facts, or more than one rule, does not unfold") {
  for (const char* more : {"(same p0 p0 p0 p1)", "(<= (same ?p ?p ?p ?p) (piece ?p))"}) {
    auto rules = gdl::load_game_text(line_game() + more, "line");
    TermPool pool;
    RuleSet set = prepare_rules(*rules, pool);
    const uint32_t line = rule_with_head(set, pool, rules->symbols.find("line"));
    REQUIRE(line != UINT32_MAX);
    CHECK_FALSE(has_unfoldable_literal(set, line, dynamic_relations(set)));
  }
}

TEST_CASE("a heavy rule ground again unfolded and eliminated: far fewer literals, same game") {
  auto rules = gdl::load_game_text(line_game(), "line");
  GroundingLimits without;
  without.reduce_heavy_rules = false;
  const size_t before = ground(*rules, without).rule_literals();
  const size_t after = ground(*rules, {}).rule_literals();
  MESSAGE("rule literals: " << before << " as written, " << after << " unfolded and eliminated");
  CHECK(after * 10 < before);
  for (bool reduce : {false, true}) {
    PropnetLimits limits;
    limits.grounding.reduce_heavy_rules = reduce;
    testing::check_agrees_with_prover(rules, limits, reduce ? "reduced" : "as written", 5);
  }
}

}  // namespace
}  // namespace ggp::propnet
