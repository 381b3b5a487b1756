#pragma once
// Graph helpers of the rule compiler: unification of rule patterns (strongly connected
// components: gdl/scc.h).
#include <cstdint>
#include <vector>

#include "reasoner/rule_ir.h"

namespace ggp::reasoner {

// Whether the two argument lists unify, the variables of each side renamed apart.
bool unifiable(const std::vector<ITerm>& a, const std::vector<ITerm>& b);

}  // namespace ggp::reasoner
