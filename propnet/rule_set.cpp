#include "propnet/rule_set.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace ggp::propnet {
namespace {

constexpr size_t kMaxExpansion = 4096;

// A literal without `or`: an atom, a negated atom or a distinct.
struct Simple {
  enum class Kind : uint8_t { Pos, Neg, Distinct, Equal } kind;
  const gdl::Term* term;
};
using Conjunction = std::vector<Simple>;

std::runtime_error error(const std::string& what) {
  return std::runtime_error("propnet: " + what);
}

// Each alternative is a conjunction; the literal holds iff one alternative holds.
std::vector<Conjunction> alternatives(const gdl::Literal& l, bool negated);

std::vector<Conjunction> product(const std::vector<std::vector<Conjunction>>& factors) {
  std::vector<Conjunction> result(1);
  for (const auto& f : factors) {
    std::vector<Conjunction> next;
    for (const Conjunction& a : result)
      for (const Conjunction& b : f) {
        Conjunction c = a;
        c.insert(c.end(), b.begin(), b.end());
        next.push_back(std::move(c));
        if (next.size() > kMaxExpansion) throw error("an 'or' expands into too many rules");
      }
    result = std::move(next);
  }
  return result;
}

std::vector<Conjunction> alternatives(const gdl::Literal& l, bool negated) {
  using K = gdl::Literal::Kind;
  switch (l.kind) {
    case K::Atom:
      return {{Simple{negated ? Simple::Kind::Neg : Simple::Kind::Pos, &l.term}}};
    case K::Distinct:
      return {{Simple{negated ? Simple::Kind::Equal : Simple::Kind::Distinct, &l.term}}};
    case K::Not:
      return alternatives(l.children.at(0), !negated);
    case K::Or: {
      if (negated) {  // De Morgan: every disjunct fails
        std::vector<std::vector<Conjunction>> factors;
        for (const gdl::Literal& c : l.children) factors.push_back(alternatives(c, true));
        return product(factors);
      }
      std::vector<Conjunction> all;
      for (const gdl::Literal& c : l.children)
        for (Conjunction& a : alternatives(c, false)) all.push_back(std::move(a));
      return all;
    }
  }
  return {};
}

class Compiler {
 public:
  Compiler(TermPool& pool) : pool_(pool) {}
  void reset() { slots_.clear(); }
  uint32_t num_slots() const { return static_cast<uint32_t>(slots_.size()); }

  Pattern compile(const gdl::Term& t) {
    Pattern p;
    if (t.is_variable()) {
      p.kind = Pattern::Kind::Var;
      p.value = slots_.try_emplace(t.name, static_cast<uint32_t>(slots_.size())).first->second;
      return p;
    }
    if (t.is_ground()) {
      p.kind = Pattern::Kind::Ground;
      p.value = intern(t);
      return p;
    }
    p.kind = Pattern::Kind::Func;
    p.value = t.name;
    for (const gdl::Term& a : t.args) p.args.push_back(compile(a));
    return p;
  }

 private:
  TermId intern(const gdl::Term& t) {
    std::vector<TermId> args;
    for (const gdl::Term& a : t.args) args.push_back(intern(a));
    return pool_.intern(t.name, args);
  }
  TermPool& pool_;
  std::unordered_map<gdl::SymbolId, uint32_t> slots_;
};

}  // namespace

void collect_slots(const Pattern& p, std::vector<uint32_t>& out) {
  if (p.kind == Pattern::Kind::Var) out.push_back(p.value);
  for (const Pattern& a : p.args) collect_slots(a, out);
}

std::vector<uint32_t> unique_slots(const Pattern& p) {
  return unique_slots(p, Pattern{});  // a default Pattern is ground: no slots
}

std::vector<uint32_t> unique_slots(const Pattern& a, const Pattern& b) {
  std::vector<uint32_t> s;
  collect_slots(a, s);
  collect_slots(b, s);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

Pattern argument_of(const Pattern& atom, uint32_t p, const TermPool& pool) {
  if (atom.kind == Pattern::Kind::Func) return atom.args[p];
  return {Pattern::Kind::Ground, pool.args(atom.value)[p], {}};
}

uint32_t RuleSet::relation(gdl::SymbolId name, uint32_t arity) {
  uint32_t r = find_relation(name, arity);
  if (r != UINT32_MAX) return r;
  relations.push_back({name, arity});
  return static_cast<uint32_t>(relations.size() - 1);
}

uint32_t RuleSet::find_relation(gdl::SymbolId name, uint32_t arity) const {
  for (uint32_t r = 0; r < relations.size(); ++r)
    if (relations[r] == RelationKey{name, arity}) return r;
  return UINT32_MAX;
}

std::vector<char> dynamic_relations(const RuleSet& set) {
  std::vector<char> dynamic(set.relations.size(), 0);
  for (gdl::SymbolId kw : {gdl::kw::true_, gdl::kw::does}) {
    uint32_t r = set.find_relation(kw, kw == gdl::kw::true_ ? 1 : 2);
    if (r != UINT32_MAX) dynamic[r] = 1;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const PreparedRule& rule : set.rules) {
      if (dynamic[rule.head.relation]) continue;
      bool dyn = false;
      for (const PreparedAtom& a : rule.positive) dyn |= dynamic[a.relation] != 0;
      for (const PreparedAtom& a : rule.negative) dyn |= dynamic[a.relation] != 0;
      if (dyn) dynamic[rule.head.relation] = changed = true;
    }
  }
  return dynamic;
}

RuleSet prepare_rules(const gdl::Game& game, TermPool& pool) {
  RuleSet set;
  Compiler compiler(pool);
  auto atom = [&](const gdl::Term& t) {
    PreparedAtom a;
    a.relation = set.relation(t.name, static_cast<uint32_t>(t.arity()));
    a.atom = compiler.compile(t);
    a.slots = unique_slots(a.atom);
    return a;
  };
  for (const gdl::Rule& rule : game.rules) {
    if (rule.head.name == gdl::kw::base || rule.head.name == gdl::kw::input) continue;
    std::vector<std::vector<Conjunction>> factors;
    for (const gdl::Literal& l : rule.body) factors.push_back(alternatives(l, false));
    for (const Conjunction& body : product(factors)) {
      compiler.reset();
      PreparedRule r;
      r.text = gdl::to_string(rule, game.symbols);
      for (const Simple& s : body) {
        if (s.kind == Simple::Kind::Pos) r.positive.push_back(atom(*s.term));
      }
      const uint32_t bound = compiler.num_slots();  // the slots bound by positive literals
      for (const Simple& s : body) {
        if (s.kind == Simple::Kind::Neg) {
          r.negative.push_back(atom(*s.term));
        } else if (s.kind == Simple::Kind::Distinct || s.kind == Simple::Kind::Equal) {
          PreparedRule::Distinct d{compiler.compile(s.term->args.at(0)),
                                   compiler.compile(s.term->args.at(1)),
                                   {},
                                   s.kind == Simple::Kind::Equal};
          d.slots = unique_slots(d.a, d.b);
          r.distinct.push_back(std::move(d));
        }
      }
      for (const PreparedAtom& n : r.negative)
        for (uint32_t s : n.slots)
          if (s >= bound) throw error("unsafe variable in a negation: " + r.text);
      for (const auto& d : r.distinct)
        for (uint32_t s : d.slots)
          if (s >= bound) throw error("unsafe variable in a distinct: " + r.text);
      r.head = atom(rule.head);
      for (uint32_t s : r.head.slots)
        if (s >= bound) throw error("unsafe variable in the head: " + r.text);
      r.num_slots = compiler.num_slots();
      set.rules.push_back(std::move(r));
    }
  }
  return set;
}

}  // namespace ggp::propnet
