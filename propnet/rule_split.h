#pragma once
// Rule splitting before grounding: a body's parts that reach the head only through head variables
// are grounded as separate helper relations, so that the grounding holds the sum of their
// instances instead of the product.
//
// For a rule H <= B, the literals of B are grouped by the variables they share that do not occur
// in H (connected components). Each group G with such a variable becomes a helper relation over
// the head variables it mentions, aux(V) <= G, and G is replaced by the atom aux(V) in the rule:
// the variables private to G are projected out (an existential), exactly as
// `(<= (next (cell ?x ?y ?p)) (true (cell ?x ?y ?p)) (does ?r (move ?a ?b ?c ?d)) (distinct...))`
// becomes `untouched(?x ?y) <= does..., distinct...` joined with `(true (cell ?x ?y ?p))`. The
// split preserves the least model of every original relation (it is the projection step of
// bucket elimination; see Dechter, "Bucket elimination", Artificial Intelligence 113, 1999, and the
// rule decomposition of GGP-Base's and Sancho's optimising grounders).
//
// A second pass projects a lone dynamic atom apart from the static atoms of its rule (they cost
// nothing once grounded), e.g. the moves of `(does ?r (move ?a ?b ?c ?d))` on (?a ?b) when only
// `(adjacent ?x ?y ?a ?b)` links them to the head. When a head variable of a group is only
// filtered there (`(distinct ?x ?a)`), the helper takes its values from a domain-only literal
// (rule_set.h): the projection of an atom of the rule that binds it, whose instances are never
// recorded.
#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// Helper relations are named by symbol ids from kHelperSymbol up (never interned game symbols).
inline constexpr gdl::SymbolId kHelperSymbol = 1u << 30;

// Splits the rules of `set` in place; helper rules and relations are appended. Returns the number
// of helper relations added.
size_t split_rules(RuleSet& set, TermPool& pool);

// Bucket elimination on one rule whose grounding is too large: repeatedly, the variable outside the
// head whose literals (its bucket) mention the fewest other variables is projected out of them,
// with every variable private to that bucket, into a helper relation over the others; until every
// bucket is the whole body. A chain such as `(sum ?a ?b ?s1) (guess p3 ?c) (sum ?s1 ?c ?s2) ...`
// becomes one small helper per link instead of one instance per combination. Returns the number
// of helper relations added (their rules are appended to `set`).
size_t eliminate_variables(RuleSet& set, TermPool& pool, uint32_t rule);

// Whether eliminate_variables may change `rule`: a variable outside its head whose literals are
// not the whole body.
bool has_eliminable_variable(const PreparedRule& rule);

}  // namespace ggp::propnet
