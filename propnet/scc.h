#pragma once
// Strongly connected components (Tarjan 1972), iterative so that deep graphs cannot overflow the
// stack. Used to order the propnet's components and to find the cycles that need a fixpoint.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ggp::propnet {

struct Components {
  std::vector<uint32_t> of;     // component of each node
  std::vector<uint32_t> nodes;  // all nodes, grouped by component
  std::vector<uint32_t> begin;  // component c holds nodes[begin[c], begin[c+1])
  size_t count() const { return begin.size() - 1; }
};

// Components of the graph with edges v -> targets[offsets[v], offsets[v+1]). A component comes
// after every component it has an edge to: when edges point from a gate to its inputs, components
// come dependencies first.
Components strongly_connected(const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& targets);

}  // namespace ggp::propnet
