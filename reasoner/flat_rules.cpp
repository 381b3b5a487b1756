#include "reasoner/flat_rules.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ggp::reasoner {
namespace {

enum Family : uint32_t { kPlain = 0, kTrue, kNext, kInit, kDoes, kLegal };

class Flattener {
 public:
  explicit Flattener(Program& p) : p_(p) {
    p_.goal_rel = relation(kPlain, gdl::kw::goal, 2, "goal/2");
    p_.terminal_rel = relation(kPlain, gdl::kw::terminal, 0, "terminal/0");
  }

  FlatRule flatten(const IRule& r) {
    FlatRule out{flatten_atom(r.head), {}, r.num_vars, r.text};
    if (out.head.rel == p_.goal_rel && out.head.args[1].kind != ITerm::Var &&
        !is_goal_value(out.head.args[1]))
      p_.notes.push_back("a goal value that is not an integer 0..100 is ignored: " + r.text);
    for (const ILiteral& l : r.body) {
      FlatLiteral fl{l.kind, {}, l.a, l.b};
      if (l.kind == ILiteral::Positive || l.kind == ILiteral::Negative)
        fl.atom = flatten_atom(l.atom);
      out.body.push_back(std::move(fl));
    }
    return out;
  }

 private:
  RelId relation(uint32_t family, gdl::SymbolId symbol, uint32_t arity, std::string name) {
    auto key = std::make_tuple(family, symbol, arity);
    auto it = relation_ids_.find(key);
    if (it != relation_ids_.end()) return it->second;
    RelId id = static_cast<RelId>(p_.relations.size());
    Relation rel;
    rel.name = std::move(name);
    rel.arity = arity;
    rel.input = family == kTrue || family == kDoes;
    p_.relations.push_back(std::move(rel));
    relation_ids_.emplace(key, id);
    return id;
  }

  Functor& functor(gdl::SymbolId symbol, uint32_t arity) {
    auto [it, added] = p_.functor_index.emplace(Program::functor_key(symbol, arity),
                                                static_cast<uint32_t>(p_.functors.size()));
    if (added) p_.functors.push_back(Functor{symbol, arity});
    return p_.functors[it->second];
  }

  bool is_goal_value(const ITerm& t) const {
    if (t.kind != ITerm::Const) return false;
    return goal_value_of(p_.game->symbols.name(t.value)) >= 0;
  }

  FlatAtom flatten_atom(const ITerm& atom) {
    const gdl::SymbolTable& symbols = p_.game->symbols;
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
    std::string name =
        symbols.name(atom.value) + ":" + symbols.name(fact.value) + "/" + std::to_string(n);
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

  Program& p_;
  std::map<std::tuple<uint32_t, gdl::SymbolId, uint32_t>, RelId> relation_ids_;
};

}  // namespace

std::vector<FlatRule> flatten_rules(Program& p, const std::vector<IRule>& rules) {
  Flattener flattener(p);
  std::vector<FlatRule> out;
  for (const IRule& r : rules) out.push_back(flattener.flatten(r));
  return out;
}

std::vector<FlatRule> live_rules(const Program& p, std::vector<FlatRule> rules) {
  std::vector<uint8_t> possible(p.relations.size(), 0), live(rules.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Functor& f : p.functors) {
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

std::vector<FlatRule> relevant_rules(const Program& p, std::vector<FlatRule> rules) {
  std::vector<std::vector<size_t>> by_head(p.relations.size());
  for (size_t i = 0; i < rules.size(); ++i) by_head[rules[i].head.rel].push_back(i);
  std::vector<uint8_t> needed(p.relations.size(), 0);
  std::vector<RelId> work = query_relations(p);
  for (const Functor& f : p.functors)
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

std::vector<RelId> query_relations(const Program& p) {
  std::vector<RelId> out{p.goal_rel, p.terminal_rel};
  for (const Functor& f : p.functors) {
    if (f.legal_rel != kNoId) out.push_back(f.legal_rel);
    if (f.next_rel != kNoId) out.push_back(f.next_rel);
  }
  return out;
}

void vars_of(const ITerm& t, std::set<uint32_t>& out) {
  if (t.kind == ITerm::Var) out.insert(t.value);
  for (const ITerm& a : t.args) vars_of(a, out);
}

std::set<uint32_t> vars_of(const FlatLiteral& l) {
  std::set<uint32_t> out;
  for (const ITerm& a : l.atom.args) vars_of(a, out);
  vars_of(l.a, out);
  vars_of(l.b, out);
  return out;
}

bool ground_under(const ITerm& t, const std::set<uint32_t>& bound) {
  if (t.kind == ITerm::Var) return bound.count(t.value) > 0;
  return std::all_of(t.args.begin(), t.args.end(),
                     [&](const ITerm& a) { return ground_under(a, bound); });
}

}  // namespace ggp::reasoner
