// Rule splitting (propnet/rule_split.h): the helper relations it makes, the smaller grounding,
// and a propnet that still agrees with the prover.
#include "propnet/rule_split.h"

#include <doctest/doctest.h>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"
#include "propnet/rule_set.h"
#include "propnet/small_games.h"
#include "reasoner/differential.h"
#include "reasoner/prover.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

// Default limits, but splitting without first trying the whole rules.
GroundingLimits split_at_once() {
  GroundingLimits limits;
  limits.whole_share = 0;
  return limits;
}

// A painter on a 4x4 board: the frame rule joins every move with every cell (the product that
// splitting avoids); `terminal` needs a helper without arguments; a goal has a negation and a
// distinct inside the part that is split off.
constexpr const char* kPainter = R"(
  (role painter)
  (index 1) (index 2) (index 3) (index 4)
  (colour red) (colour blue)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
  (<= (cellpos ?x ?y) (index ?x) (index ?y))
  (<= (other ?x ?y ?u ?v) (cellpos ?x ?y) (cellpos ?u ?v) (distinct ?x ?u))
  (<= (other ?x ?y ?u ?v) (cellpos ?x ?y) (cellpos ?u ?v) (distinct ?y ?v))
  (<= (init (cell ?x ?y blank)) (cellpos ?x ?y))
  (init (step 0))
  (<= (legal painter (paint ?x ?y ?c)) (true (cell ?x ?y blank)) (colour ?c))
  (<= (legal painter (wipe ?x ?y)) (true (cell ?x ?y ?c)) (distinct ?c blank))
  (<= (next (cell ?x ?y ?c)) (does painter (paint ?x ?y ?c)))
  (<= (next (cell ?x ?y blank)) (does painter (wipe ?x ?y)))
  (<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)) (does painter (paint ?u ?v ?d))
      (other ?x ?y ?u ?v))
  (<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)) (does painter (wipe ?u ?v))
      (other ?x ?y ?u ?v))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 8)))
  (<= terminal (true (step ?n)) (succ 4 ?n) (true (cell ?x ?y red)) (true (cell ?x ?v red))
      (distinct ?y ?v))
  (<= (goal painter 100) (true (cell 1 ?y blue)) (not (true (cell 2 ?y blue))) (index ?y))
  (<= (goal painter 0) (not (goal_reached)))
  (<= goal_reached (true (cell 1 ?y blue)) (not (true (cell 2 ?y blue))) (index ?y))
)";

TEST_CASE("splitting makes helper relations for parts linked only through the head") {
  auto rules = gdl::load_game_text(kPainter, "painter");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  size_t before = set.rules.size();
  size_t helpers = split_rules(set, pool);
  CHECK(helpers > 0);
  CHECK(set.rules.size() == before + helpers);
  bool nullary = false;
  for (size_t i = before; i < set.rules.size(); ++i) {
    const PreparedRule& h = set.rules[i];
    CHECK(set.relations[h.head.relation].name >= kHelperSymbol);
    CHECK(!h.positive.empty());  // safe: its variables are bound by a positive literal
    nullary |= set.relations[h.head.relation].arity == 0;
  }
  CHECK(nullary);
}

TEST_CASE("a split grounding is smaller and its propnet agrees with the prover") {
  auto rules = gdl::load_game_text(kPainter, "painter");
  GroundingLimits whole;
  whole.split_rules = false;
  Grounding unsplit = ground(*rules, whole);
  Grounding split = ground(*rules, split_at_once());
  CHECK(split.rule_literals() < unsplit.rule_literals());
  CHECK(split.true_atoms.size() == unsplit.true_atoms.size());
  CHECK(split.does_atoms.size() == unsplit.does_atoms.size());

  for (bool splitting : {false, true}) {
    PropnetLimits limits;
    limits.grounding.split_rules = splitting;
    limits.grounding.whole_share = 0;
    testing::check_agrees_with_prover(rules, limits, splitting ? "split" : "not split");
  }
}

TEST_CASE("corpus: splitting shrinks the grounding of the corpus's breakthrough") {
  // base/breakthrough's rules: games_kif/breakthrough_8x8's, written otherwise, split 8% larger.
  auto rules = gdl::load_game_file(ggp::testing::corpus_path("games/base/breakthrough.kif"));
  GroundingLimits whole;
  whole.split_rules = false;
  size_t unsplit = ground(*rules, whole).rule_literals();
  size_t split = ground(*rules, split_at_once()).rule_literals();
  MESSAGE("breakthrough rule literals: " << unsplit << " whole, " << split << " split");
  CHECK(split <= unsplit);
}

TEST_CASE("variable elimination turns a chain of sums into one helper per link") {
  auto rules = gdl::load_game_text(testing::guessing_game(20), "guessing");
  TermPool pool;
  RuleSet set = prepare_rules(*rules, pool);
  uint32_t total = UINT32_MAX;
  for (uint32_t i = 0; i < set.rules.size(); ++i)
    if (set.rules[i].positive.size() == 7) total = i;
  REQUIRE(total != UINT32_MAX);
  size_t before = set.rules.size();
  size_t helpers = eliminate_variables(set, pool, total);
  CHECK(helpers >= 3);
  CHECK(set.rules.size() == before + helpers);
  CHECK(set.rules[total].positive.size() < 7);
  for (size_t i = before; i < set.rules.size(); ++i) CHECK(set.rules[i].positive.size() <= 4);
}

TEST_CASE("a hot rule is eliminated and the propnet still agrees with the prover") {
  auto rules = gdl::load_game_text(testing::guessing_game(20), "guessing");
  GroundingLimits whole;
  whole.split_rules = false;  // no splitting, no elimination
  size_t plain = ground(*rules, whole).rule_literals();
  size_t eliminated = ground(*rules, split_at_once()).rule_literals();
  MESSAGE("guessing rule literals: " << plain << " plain, " << eliminated << " eliminated");
  CHECK(eliminated * 10 < plain);
  auto net = make_propnet(rules, {});
  auto ref = reasoner::make_prover(rules);
  auto result = reasoner::compare_random_playouts(*net, *ref, 3, {20, 2.0, 10});
  INFO(result.difference);
  CHECK(result.difference.empty());
  CHECK(result.playouts > 0);
}

}  // namespace
}  // namespace ggp::propnet
