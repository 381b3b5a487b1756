#include "reasoner/rule_strata.h"

#include <algorithm>
#include <set>
#include <span>
#include <stdexcept>

#include "gdl/scc.h"
#include "gdl/unify.h"

namespace ggp::reasoner {
namespace {

// Rule terms for the one unifier (gdl/unify.h).
struct RuleTermReader {
  static bool is_variable(const ITerm& t) { return t.kind == ITerm::Var; }
  static uint32_t symbol(const ITerm& t) { return t.value; }
  static bool same_shape(const ITerm& a, const ITerm& b) {
    return a.kind == b.kind && a.value == b.value && a.args.size() == b.args.size();
  }
  static const std::vector<ITerm>& args(const ITerm& t) { return t.args; }
};

// The relations the machine queries (and init): never evaluated on demand.
std::set<RelId> demand_free_relations(const Program& p) {
  std::set<RelId> out{p.goal_rel, p.terminal_rel};
  for (const Functor& f : p.functors) out.insert({f.legal_rel, f.next_rel, f.init_rel});
  return out;
}

}  // namespace

RelationDeps relation_deps(const Program& p, const std::vector<FlatRule>& rules) {
  RelationDeps deps(p.relations.size());
  for (const FlatRule& r : rules)
    for (const FlatLiteral& l : r.body)
      if (l.atom.rel != kNoId) deps[r.head.rel].push_back(l.atom.rel);
  return deps;
}

void classify_relations(Program& p, const RelationDeps& deps) {
  for (const Functor& f : p.functors) {
    if (f.true_rel != kNoId) p.relations[f.true_rel].cls = RelClass::State;
    if (f.does_rel != kNoId) p.relations[f.does_rel].cls = RelClass::Move;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (RelId r = 0; r < p.relations.size(); ++r)
      for (RelId d : deps[r])
        if (p.relations[d].cls > p.relations[r].cls)
          p.relations[r].cls = p.relations[d].cls, changed = true;
  }
}

void mark_demand_relations(Program& p, const std::vector<FlatRule>& rules, const RelationDeps& deps,
                           const std::vector<std::string>& names) {
  const std::set<RelId> queries = demand_free_relations(p);
  for (RelId i = 0; i < p.relations.size(); ++i) {
    Relation& r = p.relations[i];
    if (!r.input && !queries.count(i) &&
        std::find(names.begin(), names.end(), r.name) != names.end())
      r.demand = true;
  }
  for (const FlatRule& rule : rules) {
    std::set<uint32_t> bound, head;
    for (const FlatLiteral& l : rule.body)
      if (l.kind == ILiteral::Positive) {
        std::set<uint32_t> vs = vars_of(l);
        bound.insert(vs.begin(), vs.end());
      }
    for (const ITerm& a : rule.head.args) vars_of(a, head);
    Relation& r = p.relations[rule.head.rel];
    if (!r.input && !queries.count(rule.head.rel) &&
        !std::includes(bound.begin(), bound.end(), head.begin(), head.end()))
      r.demand = true;
  }
  // The relations that read a demand relation would call it with few arguments bound and
  // overflow next: they go on demand too.
  for (bool changed = true; changed;) {
    changed = false;
    for (RelId i = 0; i < p.relations.size(); ++i) {
      Relation& r = p.relations[i];
      if (r.demand || r.input || queries.count(i)) continue;
      for (RelId d : deps[i])
        if (p.relations[d].demand) {
          r.demand = changed = true;
          break;
        }
    }
  }
}

void stratify_rules(Program& p, const std::vector<FlatRule>& rules) {
  size_t n = rules.size();
  std::vector<std::vector<uint32_t>> by_head(p.relations.size());
  for (uint32_t i = 0; i < n; ++i) by_head[rules[i].head.rel].push_back(i);
  struct Edge {
    uint32_t to;
    bool negative;
  };
  std::vector<std::vector<Edge>> out(n);
  for (uint32_t b = 0; b < n; ++b)
    for (const FlatLiteral& l : rules[b].body) {
      if (l.atom.rel == kNoId) continue;
      for (uint32_t a : by_head[l.atom.rel])
        if (p.relations[l.atom.rel].demand ||
            gdl::unifiable_args<RuleTermReader>(l.atom.args, rules[a].head.args))
          out[a].push_back({b, l.kind == ILiteral::Negative});
    }
  std::vector<std::vector<uint32_t>> successors(n);
  for (uint32_t a = 0; a < n; ++a)
    for (const Edge& e : out[a]) successors[a].push_back(e.to);
  // Edges go from a rule to the rules that read its head: the components in dependency order
  // are Tarjan's ids backwards.
  const gdl::Components components = gdl::strongly_connected(successors);
  std::vector<uint32_t> component(n, kNoId);
  p.sccs.clear();
  for (size_t c = components.count(); c-- > 0;) {
    Scc scc;
    uint32_t id = static_cast<uint32_t>(p.sccs.size());
    std::span<const uint32_t> members = components.members(c);
    for (uint32_t r : members) component[r] = id;
    scc.rules.assign(members.begin(), members.end());
    std::sort(scc.rules.begin(), scc.rules.end());
    for (uint32_t r : scc.rules) {
      RelId h = rules[r].head.rel;
      if (std::find(scc.relations.begin(), scc.relations.end(), h) == scc.relations.end())
        scc.relations.push_back(h);
      scc.cls = std::max(scc.cls, p.relations[h].cls);
    }
    p.sccs.push_back(std::move(scc));
  }
  for (uint32_t a = 0; a < n; ++a)
    for (const Edge& e : out[a]) {
      if (component[a] != component[e.to]) continue;
      p.sccs[component[a]].recursive = true;
      if (e.negative)
        throw std::runtime_error(
            "negation is not stratified (a relation depends negatively on "
            "itself) in rule " +
            rules[e.to].text);
    }
}

void mark_demand_sccs(Program& p) {
  const std::set<RelId> queries = demand_free_relations(p);
  for (Scc& scc : p.sccs) {
    for (RelId r : scc.relations) scc.demand = scc.demand || p.relations[r].demand;
    for (RelId r : scc.relations) scc.demand = scc.demand && !queries.count(r);
    for (RelId r : scc.relations) p.relations[r].demand = scc.demand;
  }
  // A relation whose rules sit in several SCCs: all of them, then.
  for (Scc& scc : p.sccs)
    for (RelId r : scc.relations) scc.demand = scc.demand || p.relations[r].demand;
}

}  // namespace ggp::reasoner
