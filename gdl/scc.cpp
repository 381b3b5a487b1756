#include "gdl/scc.h"

#include <algorithm>
#include <utility>

namespace ggp::gdl {

Components strongly_connected(const std::vector<uint32_t>& offsets,
                              const std::vector<uint32_t>& targets) {
  constexpr uint32_t kNone = UINT32_MAX;
  const uint32_t n = offsets.empty() ? 0 : static_cast<uint32_t>(offsets.size() - 1);
  Components c;
  c.of.assign(n, kNone);  // kNone while unassigned: a visited node so marked is on the stack
  c.nodes.reserve(n);
  c.begin.push_back(0);
  std::vector<uint32_t> order(n, kNone), low(n, 0), stack;
  std::vector<std::pair<uint32_t, uint32_t>> calls;  // (node, next edge)
  uint32_t counter = 0;
  auto enter = [&](uint32_t v) {
    order[v] = low[v] = counter++;
    stack.push_back(v);
    calls.push_back({v, offsets[v]});
  };
  for (uint32_t root = 0; root < n; ++root) {
    if (order[root] != kNone) continue;
    enter(root);
    while (!calls.empty()) {
      auto& [v, e] = calls.back();
      if (e < offsets[v + 1]) {
        const uint32_t w = targets[e++];
        if (order[w] == kNone)
          enter(w);
        else if (c.of[w] == kNone)
          low[v] = std::min(low[v], order[w]);
        continue;
      }
      const uint32_t done = v;
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[done]);
      if (low[done] != order[done]) continue;
      const uint32_t id = static_cast<uint32_t>(c.cyclic.size());
      const size_t first = c.nodes.size();
      uint32_t w;
      do {
        w = stack.back();
        stack.pop_back();
        c.of[w] = id;
        c.nodes.push_back(w);
      } while (w != done);
      c.begin.push_back(static_cast<uint32_t>(c.nodes.size()));
      const auto edges = std::span<const uint32_t>(targets).subspan(
          offsets[done], offsets[done + 1] - offsets[done]);
      c.cyclic.push_back(c.nodes.size() - first > 1 ||
                         std::find(edges.begin(), edges.end(), done) != edges.end());
    }
  }
  return c;
}

Components strongly_connected(const std::vector<std::vector<uint32_t>>& successors) {
  std::vector<uint32_t> offsets{0}, targets;
  offsets.reserve(successors.size() + 1);
  for (const std::vector<uint32_t>& out : successors) {
    targets.insert(targets.end(), out.begin(), out.end());
    offsets.push_back(static_cast<uint32_t>(targets.size()));
  }
  return strongly_connected(offsets, targets);
}

}  // namespace ggp::gdl
