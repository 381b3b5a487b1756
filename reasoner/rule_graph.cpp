#include "reasoner/rule_graph.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

namespace ggp::reasoner {

bool unifiable(const std::vector<ITerm>& a, const std::vector<ITerm>& b) {
  if (a.size() != b.size()) return false;
  using Side = std::pair<int, const ITerm*>;  // a term and the side its variables belong to
  std::map<std::pair<int, uint32_t>, Side> subst;
  auto walk = [&](int side, const ITerm* t) {
    while (t->kind == ITerm::Var) {
      auto it = subst.find({side, t->value});
      if (it == subst.end()) break;
      std::tie(side, t) = it->second;
    }
    return Side{side, t};
  };
  std::function<bool(int, const ITerm*, int, const ITerm*)> unify = [&](int sx, const ITerm* x,
                                                                        int sy, const ITerm* y) {
    std::tie(sx, x) = walk(sx, x);
    std::tie(sy, y) = walk(sy, y);
    if (x->kind == ITerm::Var) {
      if (!(y->kind == ITerm::Var && sx == sy && x->value == y->value)) subst[{sx, x->value}] = {sy, y};
      return true;
    }
    if (y->kind == ITerm::Var) {
      subst[{sy, y->value}] = {sx, x};
      return true;
    }
    if (x->kind != y->kind || x->value != y->value || x->args.size() != y->args.size()) return false;
    for (size_t i = 0; i < x->args.size(); ++i)
      if (!unify(sx, &x->args[i], sy, &y->args[i])) return false;
    return true;
  };
  for (size_t i = 0; i < a.size(); ++i)
    if (!unify(0, &a[i], 1, &b[i])) return false;
  return true;
}

std::vector<std::vector<uint32_t>> strongly_connected(
    const std::vector<std::vector<uint32_t>>& out) {
  constexpr uint32_t kUnvisited = UINT32_MAX;
  size_t n = out.size();
  std::vector<uint32_t> index(n, kUnvisited), low(n, 0);
  std::vector<uint8_t> on_stack(n, 0);
  std::vector<uint32_t> stack;
  uint32_t counter = 0;
  std::vector<std::vector<uint32_t>> components;  // dependents first, as Tarjan emits them
  std::vector<std::pair<uint32_t, size_t>> frames;  // (node, next edge)
  auto enter = [&](uint32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = 1;
    frames.push_back({v, 0});
  };
  for (uint32_t root = 0; root < n; ++root) {
    if (index[root] != kUnvisited) continue;
    enter(root);
    while (!frames.empty()) {
      auto& [v, e] = frames.back();
      if (e < out[v].size()) {
        uint32_t w = out[v][e++];
        if (index[w] == kUnvisited) {
          enter(w);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      uint32_t done = v;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().first] = std::min(low[frames.back().first], low[done]);
      if (low[done] != index[done]) continue;
      std::vector<uint32_t> members;
      uint32_t w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        members.push_back(w);
      } while (w != done);
      components.push_back(std::move(members));
    }
  }
  std::reverse(components.begin(), components.end());
  return components;
}

}  // namespace ggp::reasoner
