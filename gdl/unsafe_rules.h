#pragma once
// Unsafe rules read as GGP-Base reads them, rewritten into safe rules that every machine can use.
// Validation (gdl/safety.cpp) lets the unsafe rules that real games rely on through as warnings.
// GGP-Base's prover (ggp-org/ggp-base: AimaProver after DistinctAndNotMover), which wrote the
// reference traces and runs real game servers, gives them a meaning; this pass writes that meaning
// down as safe rules, so the prover (reasoner/) and the propnet's bottom-up grounder (propnet/)
// both play the game a GGP-Base server plays. In order:
// 1. A `not` or `distinct` with a variable that no positive atom of its rule binds (after `or`
//    expansion, as GGP-Base's DeORer runs first) is dropped: DistinctAndNotMover moves each such
//    literal after the atom that binds its last variable, and loses it when no atom does. So
//    `(<= (goal ?p 0) (not (on_list ?p)))` holds for every role (test_case_3f's trace), and
//    `(<= (goal player 100) (not (true (outer ?x empty))))` in every state (RobinsonRoulette).
// 2. The role variable of a `legal`, `goal` or `input` head that nothing binds ranges over the
//    roles, since every query names its role: the body gets `(role ?p)` first (test_case_3e).
// 3. An unsafe rule of a relation that no keyword relation depends on is dropped (test_case_3b),
//    and so is a `legal` rule whose move has a variable that nothing binds: GGP-Base answers it
//    with a move that is not ground, which no player can send (dresden/DoubleAuctionDJ's
//    `(match (ask ?a1 ?a ?p1) ...)`, whose body holds in no state of GGP-Base's trace).
// 4. A relation whose head variables only its callers bind, or nobody (TTTblind's `(column ?M ?Z)`,
//    whose caller ignores ?M), is unfolded into its callers: each call is replaced by the body of
//    each rule of the relation under the unifier of the call and the head, the unfolding of Tamaki
//    and Sato ("Unfold/fold transformation of logic programs", ICLP 1984), which keeps the least
//    model; so the relation must not be recursive. A negated call `(not (r t))` becomes
//    `(not (r~n V))` over the variables V of t, where r~n has one rule per rule of r, guarded by
//    the caller's positive atoms that bind V and do not depend on the caller's relation (so the
//    negation stays stratified). The top-down prover reads a call the same way.
// GGP-Base's DeORer reads `(not (or a b))` as `(or (not a) (not b))`; gdl::expand_or applies De
// Morgan instead (no corpus game writes a negated `or` in an unsafe rule).
// Unfolding is bounded: a relation whose unfolding would give too many rules or literals is not
// unfolded, and once step 4 has done a fixed amount of work (term nodes visited or built, names
// made: under a second) it stops, leaving the relation at hand and the ones after it unsafe.
// Safe rules come back unchanged, `or`s included: only unsafe rules and the callers of unfolded
// relations are expanded. Whatever stays unsafe (a recursive relation of kind 4, a negated call
// nothing guards, a relation not unfolded within the bounds) is left to the machines: the prover
// evaluates a relation with such a rule on demand, where its calls bind the variables, as
// GGP-Base's top-down prover does (dresden/themathematician's `(add 0 ?n ?n)`;
// reasoner/program.h), and the propnet refuses it. New relations and variables are interned in the
// game's symbol table, named with a mark that no symbol of the rule sheet contains (`r~1`, `?~1`).
#include <cstddef>

#include "gdl/ast.h"

namespace ggp::gdl {

// What make_rules_safe changed.
struct UnsafeRewrite {
  size_t dropped_literals = 0;     // step 1
  size_t role_atoms = 0;           // step 2
  size_t dropped_rules = 0;        // step 3
  size_t unfolded_relations = 0;   // step 4
  size_t unfolding_work = 0;       // step 4's work, in the units of its budget
  bool unfolding_stopped = false;  // step 4 spent its work budget before it was done
  size_t unsafe_left = 0;          // rules still unsafe afterwards
  bool changed() const {
    return dropped_literals + role_atoms + dropped_rules + unfolded_relations > 0;
  }
};

// Every variable of the head, of a `not` and of a `distinct` is bound by a positive atom of the
// body, in every expansion of the rule's `or`s (the GDL spec's safety).
bool is_safe(const Rule& rule);

// Step 4's work budget, in units of a term node visited or built (unifying, substituting, scanning
// the rules), an atom walked in the rule graph, or a tenth of a fresh name. The caps on the rules
// and literals an unfolding produces do not bound what it does: branches that all fail to unify
// deeper down, a unifier whose bindings nest, or many small unfoldings after a large one cost
// time and memory without nearing them. The corpus's unfoldings take at most 7,336 units; this
// many took 0.1 to 0.5 s in a Release build (docs/robustness.md).
inline constexpr size_t kDefaultUnfoldingWork = 5'000'000;

// Rewrites the game's unsafe rules as above, in place, unfolding within `max_unfolding_work`
// units of work. The game should be valid (gdl/validator.h); throws GdlError only if expanding an
// unsafe rule's `or`s gives thousands of rules.
UnsafeRewrite make_rules_safe(Game& game, size_t max_unfolding_work = kDefaultUnfoldingWork);

}  // namespace ggp::gdl
