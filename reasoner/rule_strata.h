#pragma once
// The rule compiler's analysis of the flattened rules (reasoner/flat_rules.h): relation classes,
// the relations evaluated on demand, and the strongly connected components of the rules in
// dependency order (the program's strata).
#include <string>
#include <vector>

#include "reasoner/flat_rules.h"

namespace ggp::reasoner {

// The relations each relation's rules read, by relation (the dependency graph of relations).
using RelationDeps = std::vector<std::vector<RelId>>;
RelationDeps relation_deps(const Program& p, const std::vector<FlatRule>& rules);

// Relation classes: a relation is State (Move) if it depends on true (does), transitively.
void classify_relations(Program& p, const RelationDeps& deps);

// The relations evaluated on demand: those in `names` (by Relation::name), those with a rule
// whose head has a variable its body does not bind (which has no bottom-up form: a call binds it,
// as in GGP-Base's top-down prover, and a call that binds too little fails to compile), and those
// that read them; never an input or a query relation. Needs the classes.
void mark_demand_relations(Program& p, const std::vector<FlatRule>& rules, const RelationDeps& deps,
                           const std::vector<std::string>& names);

// p.sccs: strata at the level of rules, not relations, as GGP-Base's prover effectively does: rule
// B depends on rule A when a literal of B unifies with A's head, so `(<= (goal r 100) (not (goal r
// 0)))` is stratified. Negation inside an SCC is unstratified (throws std::runtime_error). A
// literal on a demand relation depends on all of its rules: a call is answered by every rule that
// matches its bound arguments, and the answers are memoised for later calls with other patterns,
// so everything those rules read must be complete before the first call.
void stratify_rules(Program& p, const std::vector<FlatRule>& rules);

// An SCC is evaluated on demand as a whole, or not at all (if it defines a query relation).
void mark_demand_sccs(Program& p);

}  // namespace ggp::reasoner
