#pragma once
// Demand restriction before grounding: a relation is grounded only for the arguments its callers
// can ask for. `(count ?x ?y ?z ?player 25)` over every triple of cells is needed only for the
// triples that goal rules name, as in `(count h1 h2 i1 red ?payoff)`.
//
// For a relation R that is no keyword, the demanded positions are those where every call of R
// (positive or negated, in any rule body) passes a term whose variables the caller's static atoms
// bind. The demand relation collects, per call, those terms under the caller's static atoms; each
// rule of R then gets the demand atom over its head's terms at those positions as a domain-only
// literal (rule_set.h). The caller's static atoms hold whenever the call is made, so every R atom
// a rule can ask for is still derived. It is the static core of the magic-sets rewriting
// (Bancilhon, Maier, Sagiv, Ullman, "Magic sets and other strange ways to implement logic
// programs", PODS 1986), without passing demand through dynamic atoms.
#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// Demand relations are named by symbol ids from kDemandSymbol up (never interned game symbols).
inline constexpr gdl::SymbolId kDemandSymbol = 3u << 29;

// Restricts the rules of `set` in place; demand rules and relations are appended. Returns the
// number of relations restricted.
size_t restrict_to_demand(RuleSet& set, const TermPool& pool);

}  // namespace ggp::propnet
