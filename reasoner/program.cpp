#include "reasoner/program.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <functional>
#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <tuple>

#include "gdl/scc.h"
#include "reasoner/rule_graph.h"
#include "reasoner/rule_ir.h"

namespace ggp::reasoner {
namespace {

// A rule over relation ids, before its body is ordered.
struct FlatAtom {
  RelId rel = kNoId;
  std::vector<ITerm> args;
};
struct FlatLiteral {
  ILiteral::Kind kind;
  FlatAtom atom;
  ITerm a, b;
};
struct FlatRule {
  FlatAtom head;
  std::vector<FlatLiteral> body;
  uint32_t num_vars;
  std::string text;
};

enum Family : uint32_t { kPlain = 0, kTrue, kNext, kInit, kDoes, kLegal };

class Compiler {
 public:
  Compiler(std::shared_ptr<const gdl::Game> game, const StaticEvaluation& statics,
           const std::vector<std::string>& demand)
      : p_(std::make_unique<Program>()), statics_(statics), demand_names_(demand) {
    p_->game = std::move(game);
    p_->terms = std::make_shared<TermStore>();
  }

  std::unique_ptr<Program> run() {
    const gdl::Game& game = *p_->game;
    std::vector<IRule> lowered = lower_rules(game);
    std::vector<IFunctor> functors = collect_functors(lowered);
    lowered = expand_family_variables(std::move(lowered), functors);
    for (gdl::SymbolId role : game.roles) p_->roles.push_back(p_->terms->intern(role, {}));
    p_->goal_rel = relation(kPlain, gdl::kw::goal, 2, "goal/2");
    p_->terminal_rel = relation(kPlain, gdl::kw::terminal, 0, "terminal/0");
    std::vector<FlatRule> rules;
    for (const IRule& r : lowered) rules.push_back(flatten(r));
    rules = live_rules(std::move(rules));
    rules = relevant_rules(std::move(rules));
    classes(rules);
    mark_demand_relations(rules);
    strata(rules);
    mark_demand_sccs();
    // Static SCCs first, each evaluated as soon as it is compiled, so that every later rule is
    // ordered knowing the sizes of the static relations it reads.
    p_->rules.resize(rules.size());
    for (uint32_t s = 0; s < p_->sccs.size(); ++s)
      if (p_->sccs[s].cls == RelClass::Static && !p_->sccs[s].demand) {
        compile_scc(rules, s);
        statics_.evaluate(*p_, s);
      }
    for (uint32_t s = 0; s < p_->sccs.size(); ++s)
      if (p_->sccs[s].cls != RelClass::Static && !p_->sccs[s].demand) compile_scc(rules, s);
    mark_recursive_literals();
    plans();
    for (const Relation& r : p_->relations)
      if (r.demand) p_->notes.push_back("evaluated on demand: " + r.name);
    return std::move(p_);
  }

 private:
  RelId relation(uint32_t family, gdl::SymbolId symbol, uint32_t arity, std::string name) {
    auto key = std::make_tuple(family, symbol, arity);
    auto it = relation_ids_.find(key);
    if (it != relation_ids_.end()) return it->second;
    RelId id = static_cast<RelId>(p_->relations.size());
    Relation rel;
    rel.name = std::move(name);
    rel.arity = arity;
    rel.input = family == kTrue || family == kDoes;
    p_->relations.push_back(std::move(rel));
    relation_ids_.emplace(key, id);
    return id;
  }

  Functor& functor(gdl::SymbolId symbol, uint32_t arity) {
    auto [it, added] = p_->functor_index.emplace(Program::functor_key(symbol, arity),
                                                 static_cast<uint32_t>(p_->functors.size()));
    if (added) p_->functors.push_back(Functor{symbol, arity});
    return p_->functors[it->second];
  }

  bool is_goal_value(const ITerm& t) const {
    if (t.kind != ITerm::Const) return false;
    return goal_value_of(p_->game->symbols.name(t.value)) >= 0;
  }

  FlatAtom flatten_atom(const ITerm& atom) {
    const gdl::SymbolTable& symbols = p_->game->symbols;
    int fa = family_argument(atom);
    if (fa < 0) {
      // `(p)` is no `p`: the reader has given it a name of its own (gdl/name_split.h).
      uint32_t arity = static_cast<uint32_t>(atom.args.size());
      return {relation(kPlain, atom.value, arity,
                       symbols.name(atom.value) + "/" + std::to_string(arity)),
              atom.args};
    }
    const ITerm& fact = atom.args[static_cast<size_t>(fa)];
    uint32_t n = static_cast<uint32_t>(fact.args.size());
    FlatAtom out;
    out.args.assign(atom.args.begin(), atom.args.begin() + fa);
    out.args.insert(out.args.end(), fact.args.begin(), fact.args.end());
    Family family = atom.value == gdl::kw::true_  ? kTrue
                    : atom.value == gdl::kw::next ? kNext
                    : atom.value == gdl::kw::init ? kInit
                    : atom.value == gdl::kw::does ? kDoes
                                                  : kLegal;
    std::string name = symbols.name(atom.value) + ":" + symbols.name(fact.value) + "/" +
                       std::to_string(n);
    RelId rel = relation(family, fact.value, n + static_cast<uint32_t>(fa), name);
    Functor& f = functor(fact.value, n);
    RelId* slot = family == kTrue   ? &f.true_rel
                  : family == kNext ? &f.next_rel
                  : family == kInit ? &f.init_rel
                  : family == kDoes ? &f.does_rel
                                    : &f.legal_rel;
    *slot = rel;
    out.rel = rel;
    return out;
  }

  FlatRule flatten(const IRule& r) {
    FlatRule out{flatten_atom(r.head), {}, r.num_vars, r.text};
    if (out.head.rel == p_->goal_rel && out.head.args[1].kind != ITerm::Var &&
        !is_goal_value(out.head.args[1]))
      p_->notes.push_back("a goal value that is not an integer 0..100 is ignored: " + r.text);
    for (const ILiteral& l : r.body) {
      FlatLiteral fl{l.kind, {}, l.a, l.b};
      if (l.kind == ILiteral::Positive || l.kind == ILiteral::Negative) fl.atom = flatten_atom(l.atom);
      out.body.push_back(std::move(fl));
    }
    return out;
  }

  // Drops rules that can never fire: a positive literal on a relation that is always empty.
  // true:F can hold only if init:F or next:F can; does:F only if legal:F can.
  std::vector<FlatRule> live_rules(std::vector<FlatRule> rules) {
    std::vector<uint8_t> possible(p_->relations.size(), 0), live(rules.size(), 0);
    for (bool changed = true; changed;) {
      changed = false;
      for (const Functor& f : p_->functors) {
        auto feed = [&](RelId target, RelId a, RelId b) {
          if (target == kNoId || possible[target]) return;
          if ((a != kNoId && possible[a]) || (b != kNoId && possible[b]))
            possible[target] = 1, changed = true;
        };
        feed(f.true_rel, f.init_rel, f.next_rel);
        feed(f.does_rel, f.legal_rel, kNoId);
      }
      for (size_t i = 0; i < rules.size(); ++i) {
        if (live[i]) continue;
        bool ok = std::all_of(rules[i].body.begin(), rules[i].body.end(), [&](const FlatLiteral& l) {
          return l.kind != ILiteral::Positive || possible[l.atom.rel];
        });
        if (ok) live[i] = 1, possible[rules[i].head.rel] = 1, changed = true;
      }
    }
    std::vector<FlatRule> out;
    for (size_t i = 0; i < rules.size(); ++i)
      if (live[i]) out.push_back(std::move(rules[i]));
    return out;
  }

  // Keeps the rules that the queries (init, legal, next, goal, terminal) depend on.
  std::vector<FlatRule> relevant_rules(std::vector<FlatRule> rules) {
    std::vector<std::vector<size_t>> by_head(p_->relations.size());
    for (size_t i = 0; i < rules.size(); ++i) by_head[rules[i].head.rel].push_back(i);
    std::vector<uint8_t> needed(p_->relations.size(), 0);
    std::vector<RelId> work = query_relations();
    for (const Functor& f : p_->functors)
      if (f.init_rel != kNoId) work.push_back(f.init_rel);
    while (!work.empty()) {
      RelId r = work.back();
      work.pop_back();
      if (needed[r]) continue;
      needed[r] = 1;
      for (size_t i : by_head[r])
        for (const FlatLiteral& l : rules[i].body)
          if (l.atom.rel != kNoId) work.push_back(l.atom.rel);
    }
    std::vector<FlatRule> out;
    for (FlatRule& r : rules)
      if (needed[r.head.rel]) out.push_back(std::move(r));
    return out;
  }

  std::vector<RelId> query_relations() const {
    std::vector<RelId> out{p_->goal_rel, p_->terminal_rel};
    for (const Functor& f : p_->functors) {
      if (f.legal_rel != kNoId) out.push_back(f.legal_rel);
      if (f.next_rel != kNoId) out.push_back(f.next_rel);
    }
    return out;
  }

  // Relation classes: a relation is State (Move) if it depends on true (does), transitively.
  void classes(const std::vector<FlatRule>& rules) {
    size_t n = p_->relations.size();
    deps_.assign(n, {});
    for (const FlatRule& r : rules)
      for (const FlatLiteral& l : r.body)
        if (l.atom.rel != kNoId) deps_[r.head.rel].push_back(l.atom.rel);
    for (const Functor& f : p_->functors) {
      if (f.true_rel != kNoId) p_->relations[f.true_rel].cls = RelClass::State;
      if (f.does_rel != kNoId) p_->relations[f.does_rel].cls = RelClass::Move;
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (RelId r = 0; r < n; ++r)
        for (RelId d : deps_[r])
          if (p_->relations[d].cls > p_->relations[r].cls)
            p_->relations[r].cls = p_->relations[d].cls, changed = true;
    }
  }

  // Strata at the level of rules, not relations, as GGP-Base's prover effectively does: rule B
  // depends on rule A when a literal of B unifies with A's head, so `(<= (goal r 100) (not (goal
  // r 0)))` is stratified. Negation inside an SCC is unstratified. A literal on a demand relation
  // depends on all of its rules: a call is answered by every rule that matches its bound
  // arguments, and the answers are memoised for later calls with other patterns, so everything
  // those rules read must be complete before the first call.
  void strata(const std::vector<FlatRule>& rules) {
    size_t n = rules.size();
    std::vector<std::vector<uint32_t>> by_head(p_->relations.size());
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
          if (p_->relations[l.atom.rel].demand || unifiable(l.atom.args, rules[a].head.args))
            out[a].push_back({b, l.kind == ILiteral::Negative});
      }
    std::vector<std::vector<uint32_t>> successors(n);
    for (uint32_t a = 0; a < n; ++a)
      for (const Edge& e : out[a]) successors[a].push_back(e.to);
    // Edges go from a rule to the rules that read its head: the components in dependency order
    // are Tarjan's ids backwards.
    const gdl::Components components = gdl::strongly_connected(successors);
    std::vector<uint32_t> component(n, kNoId);
    p_->sccs.clear();
    for (size_t c = components.count(); c-- > 0;) {
      Scc scc;
      uint32_t id = static_cast<uint32_t>(p_->sccs.size());
      std::span<const uint32_t> members = components.members(c);
      for (uint32_t r : members) component[r] = id;
      scc.rules.assign(members.begin(), members.end());
      std::sort(scc.rules.begin(), scc.rules.end());
      for (uint32_t r : scc.rules) {
        RelId h = rules[r].head.rel;
        if (std::find(scc.relations.begin(), scc.relations.end(), h) == scc.relations.end())
          scc.relations.push_back(h);
        scc.cls = std::max(scc.cls, p_->relations[h].cls);
      }
      p_->sccs.push_back(std::move(scc));
    }
    for (uint32_t a = 0; a < n; ++a)
      for (const Edge& e : out[a]) {
        if (component[a] != component[e.to]) continue;
        p_->sccs[component[a]].recursive = true;
        if (e.negative)
          throw std::runtime_error("negation is not stratified (a relation depends negatively on "
                                   "itself) in rule " + rules[e.to].text);
      }
  }

  static void vars_of(const ITerm& t, std::set<uint32_t>& out) {
    if (t.kind == ITerm::Var) out.insert(t.value);
    for (const ITerm& a : t.args) vars_of(a, out);
  }
  static std::set<uint32_t> vars_of(const FlatLiteral& l) {
    std::set<uint32_t> out;
    for (const ITerm& a : l.atom.args) vars_of(a, out);
    vars_of(l.a, out);
    vars_of(l.b, out);
    return out;
  }
  static bool ground_under(const ITerm& t, const std::set<uint32_t>& bound) {
    if (t.kind == ITerm::Var) return bound.count(t.value) > 0;
    return std::all_of(t.args.begin(), t.args.end(),
                       [&](const ITerm& a) { return ground_under(a, bound); });
  }

  void pattern(const ITerm& t, std::vector<PatternNode>& out) {
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
  TermId ground(const ITerm& t) {
    std::vector<TermId> args;
    for (const ITerm& a : t.args) args.push_back(ground(a));
    return p_->terms->intern(t.value, args);
  }
  void patterns(const std::vector<ITerm>& args, std::vector<PatternNode>& nodes,
                std::vector<uint32_t>& starts) {
    for (const ITerm& a : args) {
      starts.push_back(static_cast<uint32_t>(nodes.size()));
      pattern(a, nodes);
    }
  }

  // Greedy join order: a filter (not, distinct, equal) as soon as its variables are bound;
  // otherwise the positive literal expected to match the fewest rows, earliest first.
  CompiledRule order_and_compile(const FlatRule& r, size_t first,
                                 const std::set<uint32_t>& prebound = {}) {
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
        throw std::runtime_error("unsafe rule (a variable of a 'not' or 'distinct' is bound by no "
                                 "positive literal): " + r.text);
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
          p_->relations[l.atom.rel].demand) {
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

  int32_t index_slot(RelId rel, const IndexColumns& columns) {
    std::vector<IndexColumns>& indexes = p_->relations[rel].indexes;
    auto it = std::find(indexes.begin(), indexes.end(), columns);
    if (it != indexes.end()) return static_cast<int32_t>(it - indexes.begin());
    indexes.push_back(columns);
    return static_cast<int32_t>(indexes.size() - 1);
  }

  // The relations the machine queries (and init): never evaluated on demand.
  std::set<RelId> demand_free_relations() const {
    std::set<RelId> out{p_->goal_rel, p_->terminal_rel};
    for (const Functor& f : p_->functors) out.insert({f.legal_rel, f.next_rel, f.init_rel});
    return out;
  }

  // The relations evaluated on demand: those named, those with a rule whose head has a variable its
  // body does not bind (which has no bottom-up form: a call binds it, as in GGP-Base's top-down
  // prover, and a call that binds too little fails to compile), and those that read them (needs
  // classes()).
  void mark_demand_relations(const std::vector<FlatRule>& rules) {
    flat_ = &rules;
    rules_by_head_.assign(p_->relations.size(), {});
    for (uint32_t i = 0; i < rules.size(); ++i) rules_by_head_[rules[i].head.rel].push_back(i);
    const std::set<RelId> queries = demand_free_relations();
    for (RelId i = 0; i < p_->relations.size(); ++i) {
      Relation& r = p_->relations[i];
      if (!r.input && !queries.count(i) &&
          std::find(demand_names_.begin(), demand_names_.end(), r.name) != demand_names_.end())
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
      Relation& r = p_->relations[rule.head.rel];
      if (!r.input && !queries.count(rule.head.rel) &&
          !std::includes(bound.begin(), bound.end(), head.begin(), head.end()))
        r.demand = true;
    }
    // The relations that read a demand relation would call it with few arguments bound and
    // overflow next: they go on demand too.
    for (bool changed = true; changed;) {
      changed = false;
      for (RelId i = 0; i < p_->relations.size(); ++i) {
        Relation& r = p_->relations[i];
        if (r.demand || r.input || queries.count(i)) continue;
        for (RelId d : deps_[i])
          if (p_->relations[d].demand) {
            r.demand = changed = true;
            break;
          }
      }
    }
  }

  // An SCC is evaluated on demand as a whole, or not at all (if it defines a query relation).
  void mark_demand_sccs() {
    const std::set<RelId> queries = demand_free_relations();
    for (Scc& scc : p_->sccs) {
      for (RelId r : scc.relations) scc.demand = scc.demand || p_->relations[r].demand;
      for (RelId r : scc.relations) scc.demand = scc.demand && !queries.count(r);
      for (RelId r : scc.relations) p_->relations[r].demand = scc.demand;
    }
    // A relation whose rules sit in several SCCs: all of them, then.
    for (Scc& scc : p_->sccs)
      for (RelId r : scc.relations) scc.demand = scc.demand || p_->relations[r].demand;
  }

  // The variant of demand relation `rel` for a call binding the arguments in `bound`; compiled on
  // first use (registered first, so recursive calls find it).
  int32_t demand_variant(RelId rel, const std::vector<uint8_t>& bound) {
    auto key = std::make_pair(rel, bound);
    auto it = variant_ids_.find(key);
    if (it != variant_ids_.end()) return it->second;
    int32_t id = static_cast<int32_t>(p_->demand.size());
    variant_ids_.emplace(key, id);
    p_->demand.push_back(DemandVariant{rel, bound, {}});
    std::vector<CompiledRule> compiled;
    uint32_t saved = current_scc_;
    for (uint32_t ri : rules_by_head_[rel]) {
      const FlatRule& r = (*flat_)[ri];
      std::set<uint32_t> pre;
      for (size_t a = 0; a < r.head.args.size(); ++a)
        if (bound[a]) vars_of(r.head.args[a], pre);
      CompiledRule c = order_and_compile(r, SIZE_MAX, pre);
      c.demand = true;
      compiled.push_back(std::move(c));
    }
    current_scc_ = saved;
    p_->demand[static_cast<size_t>(id)].rules = std::move(compiled);
    return id;
  }

  // Compiles the SCC's rules. For semi-naive evaluation, each rule of a recursive SCC also gets one
  // variant per positive literal on a relation of the SCC, with that literal joined first (it
  // reads only the new rows).
  void compile_scc(const std::vector<FlatRule>& rules, uint32_t s) {
    current_scc_ = s;
    const Scc& scc = p_->sccs[s];
    for (uint32_t ri : scc.rules) {
      const FlatRule& r = rules[ri];
      p_->rules[ri] = order_and_compile(r, SIZE_MAX);
      if (!scc.recursive) continue;
      for (size_t i = 0; i < r.body.size(); ++i) {
        const FlatLiteral& l = r.body[i];
        if (l.kind != ILiteral::Positive || !in_current_scc(l.atom.rel)) continue;
        CompiledRule v = order_and_compile(r, i);
        for (CompiledLiteral& c : v.body) c.recursive = false;
        v.body[0].recursive = true;
        p_->rules[ri].delta_variants.push_back(std::move(v));
      }
    }
  }

  bool in_current_scc(RelId rel) const {
    const std::vector<RelId>& rels = p_->sccs[current_scc_].relations;
    return std::find(rels.begin(), rels.end(), rel) != rels.end();
  }

  // Estimated rows of a relation when the current SCC is evaluated: exact for evaluated static
  // relations, guesses otherwise (the state's facts of a functor about as many as its initial
  // ones, one move per role, a few dozen rows for derived dynamic relations).
  double estimated_rows(RelId rel) const {
    const Relation& r = p_->relations[rel];
    if (in_current_scc(rel) || r.demand) return 1000;
    if (r.cls == RelClass::Static) return static_cast<double>(statics_.rows(rel));
    if (r.input && r.cls == RelClass::Move) return 1;
    if (r.input) {
      for (const Functor& f : p_->functors)
        if (f.true_rel == rel && f.init_rel != kNoId && p_->relations[f.init_rel].cls == RelClass::Static)
          return static_cast<double>(statics_.rows(f.init_rel)) + 5;
      return 20;
    }
    return 50;
  }

  void mark_recursive_literals() {
    for (const Scc& scc : p_->sccs)
      for (uint32_t ri : scc.rules) {
        CompiledRule& r = p_->rules[ri];
        p_->max_vars = std::max<size_t>(p_->max_vars, r.num_vars);
        for (CompiledLiteral& l : r.body)
          l.recursive = scc.recursive && l.kind == CompiledLiteral::Kind::Positive &&
                        std::find(scc.relations.begin(), scc.relations.end(), l.rel) !=
                            scc.relations.end();
      }
  }

  // The non-static SCCs (with rules) that the targets depend on, in dependency order.
  std::vector<uint32_t> plan(const std::vector<RelId>& targets) {
    std::vector<uint8_t> seen(p_->relations.size(), 0);
    std::vector<RelId> work = targets;
    while (!work.empty()) {
      RelId r = work.back();
      work.pop_back();
      if (seen[r]) continue;
      seen[r] = 1;
      for (RelId d : deps_[r]) work.push_back(d);
    }
    std::vector<uint32_t> out;
    for (uint32_t s = 0; s < p_->sccs.size(); ++s) {
      const Scc& scc = p_->sccs[s];
      if (scc.cls == RelClass::Static || scc.demand) continue;
      if (std::any_of(scc.relations.begin(), scc.relations.end(), [&](RelId r) { return seen[r]; }))
        out.push_back(s);
    }
    return out;
  }

  void plans() {
    std::vector<RelId> legal, next;
    for (const Functor& f : p_->functors) {
      if (f.legal_rel != kNoId) legal.push_back(f.legal_rel);
      if (f.next_rel != kNoId) next.push_back(f.next_rel);
    }
    p_->legal_plan = plan(legal);
    p_->next_plan = plan(next);
    p_->goal_plan = plan({p_->goal_rel});
    p_->terminal_plan = plan({p_->terminal_rel});
    for (uint32_t s = 0; s < p_->sccs.size(); ++s)
      if (p_->sccs[s].cls == RelClass::Move && !p_->sccs[s].demand) p_->move_sccs.push_back(s);
  }

  std::unique_ptr<Program> p_;
  const StaticEvaluation& statics_;
  const std::vector<std::string>& demand_names_;
  std::vector<std::vector<uint32_t>> rules_by_head_;
  const std::vector<FlatRule>* flat_ = nullptr;
  std::map<std::pair<RelId, std::vector<uint8_t>>, int32_t> variant_ids_;
  uint32_t current_scc_ = 0;      // the SCC being compiled
  std::map<std::tuple<uint32_t, gdl::SymbolId, uint32_t>, RelId> relation_ids_;
  std::vector<std::vector<RelId>> deps_;
};

}  // namespace

std::unique_ptr<Program> compile_program(std::shared_ptr<const gdl::Game> game,
                                         const StaticEvaluation& statics,
                                         const std::vector<std::string>& demand) {
  return Compiler(std::move(game), statics, demand).run();
}

}  // namespace ggp::reasoner
