#pragma once
// Demand restriction before grounding: a relation is grounded only for the arguments its callers
// can ask for. `(count ?x ?y ?z ?player 25)` over every triple of cells is needed only for the
// triples that goal rules name, as in `(count h1 h2 i1 red ?payoff)`.
//
// For a relation R that is no keyword, the demanded positions are those where every call of R
// (positive or negated, in any rule body) passes a term whose variables the caller's binders bind.
// The demand relation collects, per call, those terms under the caller's binders; each rule of R
// then gets the demand atom over its head's terms at those positions as a domain-only literal
// (rule_set.h). Every R atom a rule can ask for is still derived. This is the magic-sets rewriting
// (Bancilhon, Maier, Sagiv, Ullman, "Magic sets and other strange ways to implement logic
// programs", PODS 1986) over the grounder's relaxation:
// - a static R is demanded by its callers' static atoms alone (exact relations that do not depend
//   on R), so static relations stay static and stratified;
// - with `through_dynamic`, a dynamic R is also demanded by the positive literals before the
//   call (left to right, as magic sets' sideways information passing) and by the caller's own
//   demand. merrills counts stones by `(count_loop ?x1 ?y1 ?w1 ?b1 ?w ?b)` along the board: over
//   every pair of counts more than the 8M-literal cap; under the demand that starts at
//   `(count_loop inner ne 0 0 ?w ?b)` a propnet of 12,699 components in 0.2 s. Demand then flows
//   through dynamic atoms and recursion; the demand relations are dynamic and are derived in the
//   same least fixpoint as what they restrict. The demand rules' joins cost time where the
//   restriction saves nothing (stanford/reversibig builds in 2.9 s instead of 0.2 s), so the
//   grounder asks for it only after a grounding too large (grounder.cpp).
#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// Demand relations are named by symbol ids from kDemandSymbol up (never interned game symbols).
inline constexpr gdl::SymbolId kDemandSymbol = 3u << 29;

// Restricts the rules of `set` in place; demand rules and relations are appended. Returns the
// number of relations restricted.
size_t restrict_to_demand(RuleSet& set, const TermPool& pool, bool through_dynamic = false);

}  // namespace ggp::propnet
