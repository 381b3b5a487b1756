#include "gdl/rule_graph.h"

#include "gdl/term_walk.h"
#include "gdl/unify.h"

namespace ggp::gdl {

RuleGraph::RuleGraph(const Game& game, const DependencyGraph& graph, size_t budget)
    : game_(game),
      graph_(graph),
      node_of_rule_(game.rules.size(), kNone),
      nodes_by_relation_(graph.size()) {
  for (size_t i = 0; i < game.rules.size(); ++i) {
    const Rule& r = game.rules[i];
    DependencyGraph::Node head = graph.node(relation_of(r.head));
    if (r.is_fact() || !graph.recursive(head)) continue;
    node_of_rule_[i] = static_cast<uint32_t>(rule_of_node_.size());
    rule_of_node_.push_back(static_cast<uint32_t>(i));
    nodes_by_relation_[head].push_back(node_of_rule_[i]);
  }
  std::vector<std::vector<uint32_t>> successors(rule_of_node_.size());
  std::vector<size_t> head_size(rule_of_node_.size());
  for (uint32_t n = 0; n < rule_of_node_.size(); ++n)
    head_size[n] = term_size(game.rules[rule_of_node_[n]].head);
  size_t work = 0;
  for (uint32_t n = 0; n < rule_of_node_.size() && refined_; ++n) {
    const Rule& r = game.rules[rule_of_node_[n]];
    for (const Literal& l : r.body)
      for_each_atom(l, false, [&](const Literal& atom, bool) {
        if (!refined_ || !graph.same_component(relation_of(r.head), relation_of(atom.term))) return;
        size_t atom_size = term_size(atom.term);
        for (uint32_t m : rules_defining(relation_of(atom.term))) {
          work += atom_size + head_size[m];
          if (work > budget) {
            refined_ = false;
            return;
          }
          if (unifiable(atom.term, game.rules[rule_of_node_[m]].head)) successors[n].push_back(m);
        }
      });
  }
  if (refined_) components_ = strongly_connected(successors);
}

const std::vector<uint32_t>& RuleGraph::rules_defining(SymbolId relation) const {
  static const std::vector<uint32_t> kNoRules;
  DependencyGraph::Node n = graph_.node(relation);
  return n == DependencyGraph::kNone ? kNoRules : nodes_by_relation_[n];
}

bool RuleGraph::in_cycle_with(size_t rule, const Literal& atom) const {
  if (!graph_.same_component(relation_of(game_.rules[rule].head), relation_of(atom.term)))
    return false;
  if (!refined_) return true;
  uint32_t self = node_of_rule_[rule];
  if (self == kNone) return false;
  for (uint32_t m : rules_defining(relation_of(atom.term)))
    if (components_.of[m] == components_.of[self] &&
        unifiable(atom.term, game_.rules[rule_of_node_[m]].head))
      return true;
  return false;
}

}  // namespace ggp::gdl
