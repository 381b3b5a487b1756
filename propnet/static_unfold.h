#pragma once
// Unfolding a static relation into the rule that calls it, so that variable elimination can split
// the join it hides. Quarto (the corpus's base/quarto) writes a line as
//
//   (<= row (index ?y) (true (cell 1 ?y ?p1)) ... (true (cell 4 ?y ?p4)) (set ?p1 ?p2 ?p3 ?p4))
//   (<= (set ?p1 ?p2 ?p3 ?p4) (bit ?b) (index ?n) (bitNIs ?n ?p1 ?b) ... (bitNIs ?n ?p4 ?b))
//
// Ground as written, `row` has an instance per row of the static `set` (27,120 four-tuples of
// pieces that share an attribute) and per ?y: most of the game's 33k-component propnet. With the
// body of `set` in its place, every ?pi occurs in two literals only, (true (cell i ?y ?pi)) and
// (bitNIs ?n ?pi ?b), and bucket elimination (rule_split.h, eliminate_variables) projects each one
// out into a helper over (?y ?n ?b): 32 instances of four helpers. With its column and diagonals
// done alike, the propnet has 1,629 components instead of 33,280 and plays the same game (unfolding
// is the resolution step of partial evaluation; Tamaki and Sato, "Unfold/fold transformation of
// logic programs", ICLP 1984).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// Replaces each positive literal of rule `rule` whose relation is static (not flagged in
// `dynamic`, as dynamic_relations computes it) and defined by exactly one rule, with a body and a
// head of distinct variables, not calling itself, by that rule's body: the head's variables
// become the literal's arguments, the others new variables of `rule`. Returns the number of
// literals unfolded (one level: the unfolded literals are not unfolded again).
size_t unfold_static_literals(RuleSet& set, const TermPool& pool, uint32_t rule,
                              const std::vector<char>& dynamic);

// Whether unfold_static_literals would change rule `rule`.
bool has_unfoldable_literal(const RuleSet& set, uint32_t rule, const std::vector<char>& dynamic);

}  // namespace ggp::propnet
