#include "reasoner/rule_ir.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_map>

namespace ggp::reasoner {
namespace {

using Conjunction = std::vector<ILiteral>;
using Disjunction = std::vector<Conjunction>;

class Lowering {
 public:
  Lowering(const gdl::SymbolTable& symbols, size_t max_bodies)
      : symbols_(symbols), max_bodies_(max_bodies) {}

  std::vector<IRule> rule(const gdl::Rule& r) {
    vars_.clear();
    std::string text = gdl::to_string(r, symbols_);
    ITerm head = term(r.head);
    Disjunction bodies{Conjunction{}};
    for (const gdl::Literal& l : r.body) bodies = product(bodies, literal(l, false), text);
    std::vector<IRule> out;
    for (Conjunction& body : bodies)
      out.push_back(IRule{head, std::move(body), static_cast<uint32_t>(vars_.size()), text});
    return out;
  }

 private:
  ITerm term(const gdl::Term& t) {
    ITerm out;
    if (t.is_variable()) {
      out.kind = ITerm::Var;
      auto [it, added] = vars_.emplace(t.name, static_cast<uint32_t>(vars_.size()));
      out.value = it->second;
      return out;
    }
    out.kind = t.is_function() ? ITerm::Func : ITerm::Const;
    out.value = t.name;
    for (const gdl::Term& a : t.args) out.args.push_back(term(a));
    return out;
  }

  // The literal (negated if `negated`) as a disjunction of conjunctions of plain literals:
  // not(or(a, b)) = not a and not b; not(not a) = a (stratified semantics); not(distinct) = equal.
  Disjunction literal(const gdl::Literal& l, bool negated) {
    ILiteral out;
    switch (l.kind) {
      case gdl::Literal::Kind::Atom:
        out.kind = negated ? ILiteral::Negative : ILiteral::Positive;
        out.atom = term(l.term);
        return {{out}};
      case gdl::Literal::Kind::Distinct:
        out.kind = negated ? ILiteral::Equal : ILiteral::Distinct;
        out.a = term(l.term.args.at(0));
        out.b = term(l.term.args.at(1));
        return {{out}};
      case gdl::Literal::Kind::Not:
        return literal(l.children.at(0), !negated);
      case gdl::Literal::Kind::Or: {
        Disjunction result;
        if (!negated) {
          for (const gdl::Literal& c : l.children) {
            Disjunction d = literal(c, false);
            result.insert(result.end(), d.begin(), d.end());
          }
          return result;
        }
        result = {Conjunction{}};
        for (const gdl::Literal& c : l.children) result = product(result, literal(c, true), "");
        return result;
      }
    }
    return {};
  }

  Disjunction product(const Disjunction& a, const Disjunction& b, const std::string& text) {
    if (a.size() * b.size() > max_bodies_)
      throw std::runtime_error("'or' expands to more than " + std::to_string(max_bodies_) +
                               " rules: " + text);
    Disjunction out;
    for (const Conjunction& x : a)
      for (const Conjunction& y : b) {
        Conjunction c = x;
        c.insert(c.end(), y.begin(), y.end());
        out.push_back(std::move(c));
      }
    return out;
  }

  const gdl::SymbolTable& symbols_;
  size_t max_bodies_;
  std::unordered_map<gdl::SymbolId, uint32_t> vars_;
};

void collect(const ITerm& t, std::set<IFunctor>& out) {
  if (t.kind == ITerm::Var) return;
  out.insert({t.value, static_cast<uint32_t>(t.args.size())});
  for (const ITerm& a : t.args) collect(a, out);
}

void collect_atom(const ITerm& atom, std::set<IFunctor>& out) {
  for (const ITerm& a : atom.args) collect(a, out);
}

void substitute(ITerm& t, uint32_t var, const ITerm& value) {
  if (t.kind == ITerm::Var && t.value == var) {
    t = value;
    return;
  }
  for (ITerm& a : t.args) substitute(a, var, value);
}

// A variable standing for a whole fact or move in `atom`, or -1.
int64_t family_variable(const ITerm& atom) {
  int i = family_argument(atom);
  if (i < 0) return -1;
  const ITerm& a = atom.args[static_cast<size_t>(i)];
  return a.kind == ITerm::Var ? static_cast<int64_t>(a.value) : -1;
}

int64_t family_variable(const IRule& r) {
  int64_t v = family_variable(r.head);
  for (const ILiteral& l : r.body)
    if (v < 0 && (l.kind == ILiteral::Positive || l.kind == ILiteral::Negative))
      v = family_variable(l.atom);
  return v;
}

// The functors a whole fact can have (those of the facts of init and next heads) and a whole
// move (those of the moves of legal heads); `any_*`: a head has a variable there, so any functor.
struct FamilyDomains {
  std::set<IFunctor> facts, moves;
  bool any_fact = false, any_move = false;
};

FamilyDomains family_domains(const std::vector<IRule>& rules) {
  FamilyDomains d;
  for (const IRule& r : rules) {
    const int i = family_argument(r.head);
    if (i < 0 || r.head.value == gdl::kw::true_ || r.head.value == gdl::kw::does) continue;
    const bool move = r.head.value == gdl::kw::legal;
    const ITerm& value = r.head.args[static_cast<size_t>(i)];
    if (value.kind == ITerm::Var)
      (move ? d.any_move : d.any_fact) = true;
    else
      (move ? d.moves : d.facts).insert({value.value, static_cast<uint32_t>(value.args.size())});
  }
  return d;
}

// Whether functor `f` can stand for variable `v` of `r` in an instance that may fire: not where `v`
// is the fact of a positive `true` literal (the move of a positive `does`) and no head makes a
// fact (a move) with that functor.
bool possible_value(const IRule& r, uint32_t v, const IFunctor& f, const FamilyDomains& d) {
  for (const ILiteral& l : r.body) {
    if (l.kind != ILiteral::Positive || family_variable(l.atom) != static_cast<int64_t>(v))
      continue;
    const bool move = l.atom.value == gdl::kw::does;
    if (l.atom.value != gdl::kw::true_ && !move) continue;
    if (move ? !d.any_move && !d.moves.count(f) : !d.any_fact && !d.facts.count(f)) return false;
  }
  return true;
}

}  // namespace

std::vector<IRule> lower_rules(const gdl::Game& game, size_t max_bodies) {
  Lowering lowering(game.symbols, max_bodies);
  std::vector<IRule> out;
  for (const gdl::Rule& r : game.rules) {
    std::vector<IRule> rules = lowering.rule(r);
    out.insert(out.end(), std::make_move_iterator(rules.begin()),
               std::make_move_iterator(rules.end()));
  }
  return out;
}

std::vector<IFunctor> collect_functors(const std::vector<IRule>& rules) {
  std::set<IFunctor> out;
  for (const IRule& r : rules) {
    collect_atom(r.head, out);
    for (const ILiteral& l : r.body) {
      collect_atom(l.atom, out);
      collect(l.a, out);
      collect(l.b, out);
    }
  }
  return {out.begin(), out.end()};
}

int family_argument(const ITerm& atom) {
  if (atom.kind != ITerm::Func) return -1;
  switch (atom.value) {
    case gdl::kw::true_:
    case gdl::kw::next:
    case gdl::kw::init:
      return atom.args.size() == 1 ? 0 : -1;
    case gdl::kw::does:
    case gdl::kw::legal:
      return atom.args.size() == 2 ? 1 : -1;
    default:
      return -1;
  }
}

std::vector<IRule> expand_family_variables(std::vector<IRule> rules,
                                           const std::vector<IFunctor>& functors) {
  const FamilyDomains domains = family_domains(rules);
  std::vector<IRule> done;
  while (!rules.empty()) {
    IRule r = std::move(rules.back());
    rules.pop_back();
    int64_t v = family_variable(r);
    if (v < 0) {
      done.push_back(std::move(r));
      continue;
    }
    for (const IFunctor& f : functors) {
      if (!possible_value(r, static_cast<uint32_t>(v), f, domains)) continue;
      IRule copy = r;
      ITerm value{f.arity == 0 ? ITerm::Const : ITerm::Func, f.symbol, {}};
      for (uint32_t i = 0; i < f.arity; ++i)
        value.args.push_back({ITerm::Var, copy.num_vars++, {}});
      substitute(copy.head, static_cast<uint32_t>(v), value);
      for (ILiteral& l : copy.body) {
        substitute(l.atom, static_cast<uint32_t>(v), value);
        substitute(l.a, static_cast<uint32_t>(v), value);
        substitute(l.b, static_cast<uint32_t>(v), value);
      }
      rules.push_back(std::move(copy));
    }
  }
  std::reverse(done.begin(), done.end());
  return done;
}

}  // namespace ggp::reasoner
