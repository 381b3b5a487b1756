#include "propnet/scc.h"

#include <algorithm>

namespace ggp::propnet {

Components strongly_connected(const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& targets) {
  constexpr uint32_t kUnvisited = UINT32_MAX;
  const uint32_t n = static_cast<uint32_t>(offsets.size() - 1);
  Components c;
  c.of.assign(n, kUnvisited);
  c.begin.push_back(0);
  std::vector<uint32_t> order(n, kUnvisited), low(n, 0), stack;
  std::vector<std::pair<uint32_t, uint32_t>> calls;  // (node, next edge)
  uint32_t counter = 0;
  for (uint32_t root = 0; root < n; ++root) {
    if (order[root] != kUnvisited) continue;
    calls.push_back({root, offsets[root]});
    order[root] = low[root] = counter++;
    stack.push_back(root);
    while (!calls.empty()) {
      auto& [v, e] = calls.back();
      if (e < offsets[v + 1]) {
        uint32_t w = targets[e++];
        if (order[w] == kUnvisited) {
          order[w] = low[w] = counter++;
          stack.push_back(w);
          calls.push_back({w, offsets[w]});
        } else if (c.of[w] == kUnvisited) {
          low[v] = std::min(low[v], order[w]);
        }
        continue;
      }
      uint32_t done = v;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[done]);
      if (low[done] == order[done]) {
        uint32_t id = static_cast<uint32_t>(c.begin.size() - 1);
        uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          c.of[w] = id;
          c.nodes.push_back(w);
        } while (w != done);
        c.begin.push_back(static_cast<uint32_t>(c.nodes.size()));
      }
    }
  }
  return c;
}

}  // namespace ggp::propnet
