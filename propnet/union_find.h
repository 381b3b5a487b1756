#pragma once
// Disjoint sets over 0..n-1 with path halving (no ranks: the sets here are built once and read).
#include <cstdint>
#include <numeric>
#include <vector>

namespace ggp::propnet {

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(uint32_t a, uint32_t b) { parent[find(a)] = find(b); }
};

}  // namespace ggp::propnet
