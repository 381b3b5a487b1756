#include "reasoner/rule_order.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace ggp::reasoner {

RuleCompiler::RuleCompiler(Program& p, const StaticEvaluation& statics,
                           const std::vector<FlatRule>& rules)
    : p_(p), statics_(statics), rules_(rules), rules_by_head_(p.relations.size()) {
  for (uint32_t i = 0; i < rules.size(); ++i) rules_by_head_[rules[i].head.rel].push_back(i);
}

void RuleCompiler::pattern(const ITerm& t, std::vector<PatternNode>& out) {
  size_t at = out.size();
  out.push_back({});
  if (t.kind == ITerm::Var) {
    out[at] = {PatternNode::Var, t.value, 0, 1};
    return;
  }
  if (ground_under(t, {})) {
    out[at] = {PatternNode::Const, ground(t), 0, 1};
    return;
  }
  for (const ITerm& a : t.args) pattern(a, out);
  out[at] = {PatternNode::Func, t.value, static_cast<uint32_t>(t.args.size()),
             static_cast<uint32_t>(out.size() - at)};
}
TermId RuleCompiler::ground(const ITerm& t) {
  std::vector<TermId> args;
  for (const ITerm& a : t.args) args.push_back(ground(a));
  return p_.terms->intern(t.value, args);
}
void RuleCompiler::patterns(const std::vector<ITerm>& args, std::vector<PatternNode>& nodes,
                            std::vector<uint32_t>& starts) {
  for (const ITerm& a : args) {
    starts.push_back(static_cast<uint32_t>(nodes.size()));
    pattern(a, nodes);
  }
}

CompiledRule RuleCompiler::order_and_compile(const FlatRule& r, size_t first,
                                             const std::set<uint32_t>& prebound) {
  CompiledRule out;
  out.head = r.head.rel;
  out.num_vars = r.num_vars;
  out.text = r.text;
  patterns(r.head.args, out.head_nodes, out.head_args);
  std::set<uint32_t> bound = prebound;
  std::vector<uint8_t> used(r.body.size(), 0);
  std::vector<size_t> order;
  for (size_t step = 0; step < r.body.size(); ++step) {
    size_t best = SIZE_MAX;
    double best_cost = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < r.body.size() && best_cost > -1; ++i) {
      if (used[i]) continue;
      if (step == 0 && first != SIZE_MAX && i != first) continue;
      const FlatLiteral& l = r.body[i];
      std::set<uint32_t> vs = vars_of(l);
      bool all = std::includes(bound.begin(), bound.end(), vs.begin(), vs.end());
      if (l.kind != ILiteral::Positive) {
        if (all) best = i, best_cost = -1;
        continue;
      }
      // Rows expected to match: n arguments of which k are bound leave about R^((n-k)/n).
      double n = static_cast<double>(l.atom.args.size()), k = 0;
      for (const ITerm& a : l.atom.args) k += ground_under(a, bound) ? 1 : 0;
      double cost = all ? 0 : std::pow(std::max(1.0, estimated_rows(l.atom.rel)), (n - k) / n);
      if (step == 0 && first != SIZE_MAX) cost = -1;
      if (cost < best_cost) best = i, best_cost = cost;
    }
    if (best == SIZE_MAX)
      throw std::runtime_error(
          "unsafe rule (a variable of a 'not' or 'distinct' is bound by no "
          "positive literal): " +
          r.text);
    used[best] = 1;
    order.push_back(best);
    std::set<uint32_t> vs = vars_of(r.body[best]);
    bound.insert(vs.begin(), vs.end());
  }
  std::set<uint32_t> head_vars;
  for (const ITerm& a : r.head.args) vars_of(a, head_vars);
  if (!std::includes(bound.begin(), bound.end(), head_vars.begin(), head_vars.end()))
    throw std::runtime_error("unsafe rule (a head variable is bound by no positive literal): " +
                             r.text);
  bound = prebound;
  for (size_t k = 0; k < order.size(); ++k) {
    const FlatLiteral& l = r.body[order[k]];
    CompiledLiteral c;
    c.kind = static_cast<CompiledLiteral::Kind>(l.kind);
    c.rel = l.atom.rel;
    if (l.kind == ILiteral::Distinct || l.kind == ILiteral::Equal) {
      patterns({l.a, l.b}, c.nodes, c.arg_start);
    } else {
      patterns(l.atom.args, c.nodes, c.arg_start);
    }
    if ((l.kind == ILiteral::Positive || l.kind == ILiteral::Negative) &&
        p_.relations[l.atom.rel].demand) {
      std::vector<uint8_t> mask;
      for (const ITerm& a : l.atom.args) mask.push_back(ground_under(a, bound) ? 1 : 0);
      c.demand = demand_variant(l.atom.rel, mask);
    }
    if (l.kind == ILiteral::Positive) {
      c.all_bound = true;
      for (size_t a = 0; a < l.atom.args.size(); ++a) {
        bool g = ground_under(l.atom.args[a], bound);
        c.all_bound = c.all_bound && g;
        PatternNode::Kind kind = c.nodes[c.arg_start[a]].kind;
        if (g && kind != PatternNode::Func && c.index_args.size() < 16)
          c.index_args.push_back(static_cast<uint32_t>(a));
      }
      if (!c.index_args.empty() && !c.all_bound && c.demand < 0)
        c.index_slot = index_slot(l.atom.rel, c.index_args);
      std::set<uint32_t> vs = vars_of(l);
      for (uint32_t v : vs)
        if (!bound.count(v)) c.binds.push_back(v);
      std::set<uint32_t> later = head_vars;
      for (size_t j = k + 1; j < order.size(); ++j) {
        std::set<uint32_t> lv = vars_of(r.body[order[j]]);
        later.insert(lv.begin(), lv.end());
      }
      c.stop_after_first = std::none_of(c.binds.begin(), c.binds.end(),
                                        [&](uint32_t v) { return later.count(v) > 0; });
      bound.insert(vs.begin(), vs.end());
    }
    out.body.push_back(std::move(c));
  }
  return out;
}

int32_t RuleCompiler::index_slot(RelId rel, const IndexColumns& columns) {
  std::vector<IndexColumns>& indexes = p_.relations[rel].indexes;
  auto it = std::find(indexes.begin(), indexes.end(), columns);
  if (it != indexes.end()) return static_cast<int32_t>(it - indexes.begin());
  indexes.push_back(columns);
  return static_cast<int32_t>(indexes.size() - 1);
}

// The variant of demand relation `rel` for a call binding the arguments in `bound`; compiled on
// first use (registered first, so recursive calls find it).
int32_t RuleCompiler::demand_variant(RelId rel, const std::vector<uint8_t>& bound) {
  auto key = std::make_pair(rel, bound);
  auto it = variant_ids_.find(key);
  if (it != variant_ids_.end()) return it->second;
  int32_t id = static_cast<int32_t>(p_.demand.size());
  variant_ids_.emplace(key, id);
  p_.demand.push_back(DemandVariant{rel, bound, {}});
  std::vector<CompiledRule> compiled;
  uint32_t saved = current_scc_;
  for (uint32_t ri : rules_by_head_[rel]) {
    const FlatRule& r = rules_[ri];
    std::set<uint32_t> pre;
    for (size_t a = 0; a < r.head.args.size(); ++a)
      if (bound[a]) vars_of(r.head.args[a], pre);
    CompiledRule c = order_and_compile(r, SIZE_MAX, pre);
    c.demand = true;
    compiled.push_back(std::move(c));
  }
  current_scc_ = saved;
  p_.demand[static_cast<size_t>(id)].rules = std::move(compiled);
  return id;
}

void RuleCompiler::compile_scc(uint32_t s) {
  current_scc_ = s;
  const Scc& scc = p_.sccs[s];
  for (uint32_t ri : scc.rules) {
    const FlatRule& r = rules_[ri];
    p_.rules[ri] = order_and_compile(r, SIZE_MAX);
    if (!scc.recursive) continue;
    for (size_t i = 0; i < r.body.size(); ++i) {
      const FlatLiteral& l = r.body[i];
      if (l.kind != ILiteral::Positive || !in_current_scc(l.atom.rel)) continue;
      CompiledRule v = order_and_compile(r, i);
      for (CompiledLiteral& c : v.body) c.recursive = false;
      v.body[0].recursive = true;
      p_.rules[ri].delta_variants.push_back(std::move(v));
    }
  }
}

bool RuleCompiler::in_current_scc(RelId rel) const {
  const std::vector<RelId>& rels = p_.sccs[current_scc_].relations;
  return std::find(rels.begin(), rels.end(), rel) != rels.end();
}

// Estimated rows of a relation when the current SCC is evaluated: exact for evaluated static
// relations, guesses otherwise (the state's facts of a functor about as many as its initial
// ones, one move per role, a few dozen rows for derived dynamic relations).
double RuleCompiler::estimated_rows(RelId rel) const {
  const Relation& r = p_.relations[rel];
  if (in_current_scc(rel) || r.demand) return 1000;
  if (r.cls == RelClass::Static) return static_cast<double>(statics_.rows(rel));
  if (r.input && r.cls == RelClass::Move) return 1;
  if (r.input) {
    for (const Functor& f : p_.functors)
      if (f.true_rel == rel && f.init_rel != kNoId &&
          p_.relations[f.init_rel].cls == RelClass::Static)
        return static_cast<double>(statics_.rows(f.init_rel)) + 5;
    return 20;
  }
  return 50;
}

}  // namespace ggp::reasoner
