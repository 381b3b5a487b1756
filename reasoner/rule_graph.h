#pragma once
// Graph helpers of the rule compiler: unification of rule patterns and strongly connected
// components.
#include <cstdint>
#include <vector>

#include "reasoner/rule_ir.h"

namespace ggp::reasoner {

// Whether the two argument lists unify, the variables of each side renamed apart.
bool unifiable(const std::vector<ITerm>& a, const std::vector<ITerm>& b);

// The strongly connected components of the graph (node i has edges to successors[i]), each a
// list of nodes, in dependency order: a component comes after every component with an edge into
// it. Tarjan's algorithm (SIAM J. Comput. 1(2), 1972), iterative, so deep graphs do not overflow
// the stack.
std::vector<std::vector<uint32_t>> strongly_connected(
    const std::vector<std::vector<uint32_t>>& successors);

}  // namespace ggp::reasoner
