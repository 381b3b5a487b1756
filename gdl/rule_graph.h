#pragma once
// The dependency graph refined from relations to rules: rule i depends on rule j when an atom of
// i's body unifies with j's head (variables renamed apart). A cycle among ground instances of the
// rules implies a cycle here, so this graph proves more programs stratified and more recursions
// bounded than the relation graph; e.g. `(<= (goal ?r 0) (role ?r) (not (goal ?r 100)))` is a
// negative self-loop of `goal` but no rule depends on itself. GGP-Base plays such games.
// Only rules whose head relation is recursive are refined; beyond a work budget the answers fall
// back to the relation graph's (stricter) ones.
#include <cstdint>
#include <vector>

#include "gdl/dependency_graph.h"
#include "gdl/scc.h"

namespace ggp::gdl {

class RuleGraph {
 public:
  // Building gives up (see refined()) once the unifications tried have looked at more than
  // `budget` symbols in all.
  RuleGraph(const Game& game, const DependencyGraph& graph, size_t budget = 50'000'000);

  // `atom`, in the body of game.rules[rule], unifies with the head of a rule in a cycle with
  // that rule, i.e. some instance of it may depend on an instance of the rule itself.
  bool in_cycle_with(size_t rule, const Literal& atom) const;
  // The rule's head relation is recursive (otherwise no body atom is in a cycle with it).
  bool may_recurse(size_t rule) const { return node_of_rule_[rule] != kNone; }
  // False when the budget ran out and answers are the relation graph's.
  bool refined() const { return refined_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  const std::vector<uint32_t>& rules_defining(SymbolId relation) const;

  const Game& game_;
  const DependencyGraph& graph_;
  bool refined_ = true;
  std::vector<uint32_t> node_of_rule_;                    // kNone for rules left out
  std::vector<uint32_t> rule_of_node_;                    // index into game.rules
  std::vector<std::vector<uint32_t>> nodes_by_relation_;  // indexed by DependencyGraph::Node
  Components components_;
};

}  // namespace ggp::gdl
