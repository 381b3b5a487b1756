#pragma once
// Normalising passes over a parsed (and preferably validated) game, for consumers that want a
// simpler shape of rules. The loader does not apply them.
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// The rules without `or` equivalent to `rule`: one rule per choice of a disjunct in each `or`, in
// the order of the disjuncts; `(not (or a b))` becomes `(not a) (not b)` (De Morgan). A rule
// without `or` comes back unchanged. Throws GdlError naming the rule if it would expand to more
// than `max_rules` rules.
std::vector<Rule> expand_or(const Rule& rule, const Game& game, size_t max_rules = 4096);

// Applies expand_or to every rule of the game, keeping the rules' order.
void expand_or(Game& game, size_t max_rules_per_rule = 4096);

// Moves every `not` and `distinct` right after the positive literals that bind its variables
// (or keeps it in place when they are bound before it); positive literals keep their order, and
// a literal whose variables are never bound goes to the end. The meaning is unchanged; a
// left-to-right evaluator then never meets an unbound variable in a `not` or a `distinct`.
void order_body(Rule& rule);
void order_bodies(Game& game);

}  // namespace ggp::gdl
