#include "gdl/dependency_graph.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

#include "gdl/scc.h"
#include "gdl/term_walk.h"

namespace ggp::gdl {

DependencyGraph::Node DependencyGraph::add_node(SymbolId relation) {
  if (relation >= node_of_.size()) node_of_.resize(relation + 1, kNone);
  Node& n = node_of_[relation];
  if (n == kNone) {
    n = static_cast<Node>(relations_.size());
    relations_.push_back(relation);
    dependencies_.emplace_back();
    dependents_.emplace_back();
  }
  return n;
}

DependencyGraph::DependencyGraph(const Game& game) {
  node_of_.assign(game.symbols.size(), kNone);
  // (head, target) -> position in dependencies_[head], so each edge is stored once.
  std::unordered_map<uint64_t, size_t> edge_at;
  for (const Rule& rule : game.rules) {
    Node head = add_node(relation_of(rule.head));
    for (const Literal& l : rule.body) {
      for_each_atom(l, false, [&](const Literal& atom, bool negated) {
        Node to = add_node(relation_of(atom.term));
        std::vector<Edge>& edges = dependencies_[head];
        auto [it, inserted] = edge_at.try_emplace(uint64_t{head} << 32 | to, edges.size());
        if (inserted) {
          edges.push_back({to, negated});
          dependents_[to].push_back(head);
        } else {
          edges[it->second].negative |= negated;
        }
      });
    }
  }
  find_components();
}

void DependencyGraph::find_components() {
  std::vector<std::vector<uint32_t>> successors(size());
  for (Node n = 0; n < size(); ++n)
    for (const Edge& e : dependencies_[n]) successors[n].push_back(e.to);
  Components c = strongly_connected(successors);
  component_ = std::move(c.of);
  recursive_ = std::move(c.cyclic);
}

bool DependencyGraph::same_component(SymbolId a, SymbolId b) const {
  Node na = node(a), nb = node(b);
  return na != kNone && nb != kNone && component_[na] == component_[nb];
}

template <class Next>
std::vector<bool> DependencyGraph::closure(const std::vector<SymbolId>& from, Next next) const {
  std::vector<bool> marked(size(), false);
  std::vector<Node> todo;
  for (SymbolId r : from)
    if (Node n = node(r); n != kNone && !marked[n]) {
      marked[n] = true;
      todo.push_back(n);
    }
  while (!todo.empty()) {
    Node n = todo.back();
    todo.pop_back();
    next(n, [&](Node d) {
      if (!marked[d]) {
        marked[d] = true;
        todo.push_back(d);
      }
    });
  }
  return marked;
}

std::vector<bool> DependencyGraph::dependents_closure(const std::vector<SymbolId>& from) const {
  return closure(from, [&](Node n, auto&& mark) {
    for (Node d : dependents_[n]) mark(d);
  });
}

std::vector<bool> DependencyGraph::dependencies_closure(const std::vector<SymbolId>& from) const {
  return closure(from, [&](Node n, auto&& mark) {
    for (const Edge& e : dependencies_[n]) mark(e.to);
  });
}

std::vector<SymbolId> DependencyGraph::path(SymbolId from, SymbolId to) const {
  Node start = node(from), goal = node(to);
  if (start == kNone || goal == kNone) return {};
  std::vector<Node> parent(size(), kNone);
  std::deque<Node> queue{start};
  parent[start] = start;
  while (!queue.empty() && parent[goal] == kNone) {
    Node n = queue.front();
    queue.pop_front();
    for (const Edge& e : dependencies_[n])
      if (parent[e.to] == kNone) {
        parent[e.to] = n;
        queue.push_back(e.to);
      }
  }
  if (parent[goal] == kNone) return {};
  std::vector<SymbolId> chain{relations_[goal]};
  for (Node n = goal; n != start; n = parent[n]) chain.push_back(relations_[parent[n]]);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace ggp::gdl
