#pragma once
// The dependency graph of a rule sheet (as the GDL spec defines it): one node per relation, an edge
// from the head relation of each rule to every relation of an atom in its body, inside `or` and
// `not` too; an edge is negative when some such atom sits under a `not`. Strongly connected
// components are numbered in dependency order (Tarjan 1972): a component only depends on
// components with smaller ids, so the ids are a valid evaluation order for stratified programs.
#include <cstdint>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

class DependencyGraph {
 public:
  explicit DependencyGraph(const Game& game);

  using Node = uint32_t;
  static constexpr Node kNone = UINT32_MAX;

  struct Edge {
    Node to;
    bool negative;  // some occurrence is under a `not`
  };

  size_t size() const { return relations_.size(); }
  // The node of a relation, or kNone if the rule sheet never mentions it as a sentence.
  Node node(SymbolId relation) const {
    return relation < node_of_.size() ? node_of_[relation] : kNone;
  }
  SymbolId relation(Node n) const { return relations_[n]; }
  // What the relation's rules use in their bodies, each target once.
  const std::vector<Edge>& dependencies(Node n) const { return dependencies_[n]; }
  // The relations whose rules use this one.
  const std::vector<Node>& dependents(Node n) const { return dependents_[n]; }

  uint32_t component(Node n) const { return component_[n]; }
  size_t component_count() const { return recursive_.size(); }
  // Both relations are mentioned and each depends on the other (possibly through others).
  bool same_component(SymbolId a, SymbolId b) const;
  // The relation depends on itself, directly or not.
  bool recursive(Node n) const { return recursive_[component_[n]]; }

  // Marks every node that depends, directly or not, on one of `from` (which are marked too).
  std::vector<bool> dependents_closure(const std::vector<SymbolId>& from) const;
  // Marks every node that one of `from` depends on, directly or not (and `from` too).
  std::vector<bool> dependencies_closure(const std::vector<SymbolId>& from) const;
  // A shortest chain of dependencies from `from` to `to` (both included), empty if none.
  std::vector<SymbolId> path(SymbolId from, SymbolId to) const;

 private:
  Node add_node(SymbolId relation);
  void find_components();
  template <class Next>
  std::vector<bool> closure(const std::vector<SymbolId>& from, Next next) const;

  std::vector<Node> node_of_;  // indexed by SymbolId
  std::vector<SymbolId> relations_;
  std::vector<std::vector<Edge>> dependencies_;
  std::vector<std::vector<Node>> dependents_;
  std::vector<uint32_t> component_;
  std::vector<bool> recursive_;  // per component
};

}  // namespace ggp::gdl
