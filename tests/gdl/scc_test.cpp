// The project's one strongly connected components routine (gdl/scc.h).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "gdl/scc.h"

namespace ggp::gdl {
namespace {

TEST_CASE("scc: cycles, self-loops and the order of the components") {
  // 0 -> 1 -> 2 -> 0 (a cycle), 2 -> 3, 3 -> 3 (a self-loop), 3 -> 4, 5 alone.
  const std::vector<std::vector<uint32_t>> out{{1}, {2}, {0, 3}, {3, 4}, {}, {}};
  const Components c = strongly_connected(out);
  REQUIRE(c.count() == 4);
  CHECK(c.of[0] == c.of[1]);
  CHECK(c.of[1] == c.of[2]);
  CHECK(c.of[3] != c.of[0]);
  CHECK(c.members(c.of[0]).size() == 3);
  CHECK(c.cyclic[c.of[0]]);
  CHECK(c.cyclic[c.of[3]]);  // its edge to itself
  CHECK_FALSE(c.cyclic[c.of[4]]);
  CHECK_FALSE(c.cyclic[c.of[5]]);
  // Every edge goes to a component with an id no larger than its source's.
  for (uint32_t v = 0; v < out.size(); ++v)
    for (uint32_t w : out[v]) CHECK(c.of[w] <= c.of[v]);
  // Every node once in `nodes`, in its component's range.
  std::vector<uint32_t> all(c.nodes);
  std::sort(all.begin(), all.end());
  CHECK(all == std::vector<uint32_t>{0, 1, 2, 3, 4, 5});
  for (size_t k = 0; k < c.count(); ++k)
    for (uint32_t v : c.members(k)) CHECK(c.of[v] == k);
}

TEST_CASE("scc: a chain of a million nodes does not overflow the stack") {
  const uint32_t n = 1'000'000;
  std::vector<uint32_t> offsets(n + 1), targets;
  for (uint32_t v = 0; v < n; ++v) {
    if (v + 1 < n) targets.push_back(v + 1);
    offsets[v + 1] = static_cast<uint32_t>(targets.size());
  }
  const Components c = strongly_connected(offsets, targets);
  CHECK(c.count() == n);
  CHECK(c.of[n - 1] == 0);  // the sink first
  CHECK(c.of[0] == n - 1);
}

}  // namespace
}  // namespace ggp::gdl
