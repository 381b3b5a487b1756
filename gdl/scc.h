#pragma once
// Strongly connected components of a directed graph: the one routine of the project (the rules'
// dependency graphs in gdl/ and reasoner/, the propnet's gates in propnet/). Tarjan's algorithm
// (SIAM J. Comput. 1(2), 1972), with an explicit stack so that a long chain cannot overflow the
// call stack.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ggp::gdl {

struct Components {
  // Ids are in Tarjan's order: every edge goes to a component with an id no larger than its
  // source's (sinks first). When edges point from a node to what it depends on, components come
  // dependencies first; when they point to dependents, iterate the ids backwards.
  std::vector<uint32_t> of;     // component of each node
  std::vector<uint32_t> nodes;  // all nodes, grouped by component
  std::vector<uint32_t> begin;  // component c holds nodes[begin[c], begin[c+1])
  std::vector<bool> cyclic;     // per component: more than one node, or an edge to itself
  size_t count() const { return cyclic.size(); }
  std::span<const uint32_t> members(size_t c) const {
    return std::span<const uint32_t>(nodes).subspan(begin[c], begin[c + 1] - begin[c]);
  }
};

// The graph with edges v -> targets[offsets[v], offsets[v+1]) (offsets has a node count + 1).
Components strongly_connected(const std::vector<uint32_t>& offsets,
                              const std::vector<uint32_t>& targets);
// The graph with edges v -> successors[v].
Components strongly_connected(const std::vector<std::vector<uint32_t>>& successors);

}  // namespace ggp::gdl
