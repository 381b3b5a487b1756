// The prover's lowering (reasoner/rule_ir.h): variables standing for a whole move or fact are
// expanded only over the functors that can fill them.
#include "reasoner/rule_ir.h"

#include <doctest/doctest.h>

#include <string>

#include "gdl/loader.h"

namespace ggp::reasoner {
namespace {

// Two roles move at once among two moves; 40 number constants fill a static table. The `next`
// rule has two move variables; `unplayed` reads a move variable only under `not`.
std::string two_move_variables() {
  std::string text = R"(
    (role r1) (role r2)
    (init (turn 0))
    (<= (legal ?r left) (role ?r))
    (<= (legal ?r right) (role ?r))
    (<= (next (pair ?m ?n)) (does r1 ?m) (does r2 ?n))
    (<= (unplayed ?m) (option ?m) (not (does r1 ?m)))
    (<= (next (spare ?m)) (unplayed ?m))
    (<= (next (turn 1)) (true (turn 0)))
    (<= terminal (true (turn 1)))
    (goal r1 50) (goal r2 50)
    (option left) (option up)
  )";
  for (int i = 0; i < 40; ++i) text += "(number " + std::to_string(i) + ")\n";
  return text;
}

size_t rules_with_head(const std::vector<IRule>& rules, const gdl::Game& game, const char* name) {
  size_t n = 0;
  for (const IRule& r : rules) {
    const ITerm& head = r.head;
    const bool next = head.value == gdl::kw::next && head.args.size() == 1;
    const ITerm& subject = next ? head.args[0] : head;
    n += game.symbols.name(subject.value) == name;
  }
  return n;
}

TEST_CASE("rule_ir: move variables of positive does are expanded over the moves only") {
  auto game = gdl::load_game_text(two_move_variables(), "moves");
  std::vector<IRule> lowered = lower_rules(*game);
  const std::vector<IFunctor> functors = collect_functors(lowered);
  REQUIRE(functors.size() > 40);
  const std::vector<IRule> expanded = expand_family_variables(lowered, functors);
  // left and right for each of the two roles: 2 x 2, not one per functor squared.
  CHECK(rules_with_head(expanded, *game, "pair") == 4);
  // Under `not` a move variable can be any term `option` holds: one rule per functor.
  CHECK(rules_with_head(expanded, *game, "unplayed") == functors.size());
}

}  // namespace
}  // namespace ggp::reasoner
