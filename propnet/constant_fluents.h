#pragma once
// Fluents that never change, read as static facts. In mummymaze1p the walls are kept by
// `(<= (next (wall ?x ?y ?d)) (true (wall ?x ?y ?d)))` and enter the next state no other way, so
// in every reachable state the walls are init's walls; yet every `(true (wall ...))` in a body
// makes its rule dynamic, and the mummy's pursuit (a join over both pieces' squares through
// wall-dependent moves) grounds into millions of instances.
//
// A fluent name f/n is constant when some `next` rule is the identity frame over all of f,
// `(<= (next (f ?v1 ... ?vn)) (true (f ?v1 ... ?vn)))` with distinct variables (or
// `(<= (next ?x) (true ?x))`), and every other `next` rule's head is no f atom. Then by induction
// over the turns, (true (f t...)) holds in a reachable state iff (init (f t...)) holds. Every
// body literal `(true (f ...))` outside those frames (positive or negated) is read instead from a
// static relation defined by `(<= (C (f ?v1 ... ?vn)) (init (f ?v1 ... ?vn)))`. The frames stay,
// so the states, their atoms and their text are unchanged; the propnet is, as before, correct on
// reachable states only.
#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// The static copies of constant fluents are named by symbol ids from kConstantSymbol up (never
// interned game symbols; above the demand relations' kDemandSymbol).
inline constexpr gdl::SymbolId kConstantSymbol = 7u << 28;

// Rewrites the body literals of `set` over constant fluents in place, before the other passes.
// Returns the number of constant fluent names.
size_t read_constant_fluents(RuleSet& set, TermPool& pool);

}  // namespace ggp::propnet
