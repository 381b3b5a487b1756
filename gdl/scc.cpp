#include "gdl/scc.h"

#include <algorithm>

namespace ggp::gdl {

Components strongly_connected_components(const std::vector<std::vector<uint32_t>>& successors) {
  const size_t n = successors.size();
  constexpr uint32_t kUnvisited = UINT32_MAX;
  std::vector<uint32_t> index(n, kUnvisited), low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<uint32_t> stack;
  struct Frame {
    uint32_t node;
    size_t next_edge;
  };
  std::vector<Frame> calls;
  Components result;
  result.of.assign(n, 0);
  uint32_t counter = 0;
  auto visit = [&](uint32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    calls.push_back({v, 0});
  };
  for (uint32_t root = 0; root < n; ++root) {
    if (index[root] != kUnvisited) continue;
    visit(root);
    while (!calls.empty()) {
      Frame& f = calls.back();
      const std::vector<uint32_t>& edges = successors[f.node];
      if (f.next_edge < edges.size()) {
        uint32_t to = edges[f.next_edge++];
        if (index[to] == kUnvisited)
          visit(to);
        else if (on_stack[to])
          low[f.node] = std::min(low[f.node], index[to]);
        continue;
      }
      uint32_t v = f.node;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().node] = std::min(low[calls.back().node], low[v]);
      if (low[v] != index[v]) continue;
      uint32_t id = static_cast<uint32_t>(result.cyclic.size());
      size_t members = 0;
      uint32_t w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        result.of[w] = id;
        ++members;
      } while (w != v);
      bool self_loop = std::find(edges.begin(), edges.end(), v) != edges.end();
      result.cyclic.push_back(members > 1 || self_loop);
    }
  }
  return result;
}

}  // namespace ggp::gdl
