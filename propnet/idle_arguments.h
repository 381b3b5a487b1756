#pragma once
// Idle arguments dropped before grounding: argument positions whose value matters only through
// one unary static relation. ruleDepthExponential (base/ and dresden/) and ruledepthquadratic
// define `(<= (prereq3 ?b2 ?b1 ?b0) (bit ?b2) (bit ?b1) (bit ?b0) (not (true (step 3)))
// (prereq4 ?b2 ?b1 ?b0 0) (prereq4 ?b2 ?b1 ?b0 1))` down to prereq20: 2^20 instances of one
// meaning, which no grounding finishes in seconds. With the idle positions dropped, prereq_k is
// one atom and the game grounds at once.
//
// Position i of relation R (no keyword, with rules, never called under `not`) is idle when, in
// every rule for R, the head's i-th argument is a variable v found nowhere else in the head; the
// body holds D(v) for one unary static relation D, the same in every rule of R (and no other
// unary static relation over v); and every other occurrence of v in the body is D(v) again or the
// whole argument at an idle position, whose relation has the same D there (the greatest such set
// of positions; a relation that is some idle position's D keeps its arguments). Then R(t) holds
// iff D(t_i) and R'(t without t_i) hold, where R' is R with its idle positions dropped from every
// atom (by induction over the least model: in a rule for R, once every call is rewritten, v is
// constrained by D(v) alone). So each atom of R becomes one of R' and, in a body, D(t_i) for each
// dropped argument; in a rule for R, v is left to the body's D(v), which split_rules then grounds
// apart (rule_split.h), as one helper atom.
#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// Relations with idle positions are renamed by symbol ids from kIdleSymbol up (never interned
// game symbols; between the helpers' kHelperSymbol and the demand relations' kDemandSymbol).
inline constexpr gdl::SymbolId kIdleSymbol = 5u << 28;

// Drops the idle positions of every relation of `set` in place, before split_rules and
// restrict_to_demand (it reads no domain-only literal). Returns the number of relations changed.
size_t drop_idle_arguments(RuleSet& set, TermPool& pool);

}  // namespace ggp::propnet
