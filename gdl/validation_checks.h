#pragma once
// The individual checks behind check_game (gdl/validator.h), one concern per file; each reports
// into `findings` and never throws for a problem of the rules.
#include "gdl/dependency_graph.h"
#include "gdl/findings.h"
#include "gdl/rule_graph.h"

namespace ggp::gdl {

// gdl/name_check.cpp: the reader's notes as warnings (one shape per name is the reader's work,
// gdl/name_split.h), logical operators never naming a sentence.
void check_names(const Game& game, Findings& findings);

// gdl/safety.cpp: variables of heads, `not` and `distinct` bound by positive atoms.
void check_safety(const Game& game, const DependencyGraph& graph, Findings& findings);

// gdl/stratification.cpp: no cycle through `not`, and the recursion restriction.
void check_stratified_negation(const Game& game, const DependencyGraph& graph,
                               const RuleGraph& rules, Findings& findings);
void check_recursion_restriction(const Game& game, const RuleGraph& rules, Findings& findings);

// gdl/keyword_check.cpp: roles, and where `true`, `does`, `init`, `next`, `base`, `input`,
// `legal`, `goal` and `terminal` may appear and what they may depend on.
void check_keywords(const Game& game, const DependencyGraph& graph, Findings& findings);

}  // namespace ggp::gdl
