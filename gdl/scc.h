#pragma once
// Strongly connected components of a directed graph given by successor lists (Tarjan 1972, with
// an explicit stack so that a long chain cannot overflow the call stack).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ggp::gdl {

struct Components {
  // Component id of each node. Ids are in reverse topological order of the edges: every edge
  // goes to a component with an id no larger than its source's (sinks first).
  std::vector<uint32_t> of;
  // Per component: it has more than one node or a node with an edge to itself.
  std::vector<bool> cyclic;
  size_t count() const { return cyclic.size(); }
};

Components strongly_connected_components(const std::vector<std::vector<uint32_t>>& successors);

}  // namespace ggp::gdl
