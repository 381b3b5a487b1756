#pragma once
// The grounder's first pass over a prepared rule set (propnet/grounder.h): which relations are
// dynamic (depend on `true` or `does`, through any rule), which the observable relations need
// (`next`, `legal`, `init`, `goal`, `terminal`, transitively), and in which order the needed static
// relations are evaluated: one group of rules per strongly connected component of the dependency
// graph (gdl/scc.h), dependencies first, so that a negated static literal is complete before it is
// read.
#include <cstdint>
#include <vector>

#include "propnet/rule_set.h"

namespace ggp::propnet {

struct GroundingStrata {
  std::vector<char> dynamic;  // by relation
  std::vector<char> needed;   // by relation
  // The rules of each needed static component, components dependencies first, rules in order.
  std::vector<std::vector<uint32_t>> static_groups;
  // The rules of the needed dynamic relations, in order: evaluated together, after the statics.
  std::vector<uint32_t> dynamic_rules;
};

// Throws std::runtime_error("propnet: ...") for a rule defining `true` or `does`, an `init` that
// depends on `true` or `does`, and negation inside a static recursion (not stratified).
GroundingStrata stratify(const RuleSet& set);

}  // namespace ggp::propnet
