#include "gdl/unsafe_rules.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gdl/normalize.h"
#include "gdl/term_walk.h"

namespace ggp::gdl {
namespace {

using VarSet = std::vector<SymbolId>;  // sorted, unique
using Definitions = std::map<SymbolId, std::vector<const Rule*>>;

// Unfolding gives up on a relation (leaving it unsafe) beyond this many rules, or this many body
// literals over them (bodies grow with every unfolding: a fuzzed sheet reached 1.8 GB and 43 s
// within the rule count alone).
constexpr size_t kMaxUnfoldedRules = 100'000;
constexpr size_t kMaxUnfoldedLiterals = 200'000;

bool subset(const VarSet& needed, const VarSet& bound) {
  return std::includes(bound.begin(), bound.end(), needed.begin(), needed.end());
}

template <class T>
VarSet variables_of(const T& t) {
  VarSet v;
  collect_variables(t, v);
  make_set(v);
  return v;
}

// The variables bound in every expansion of `literals` given those bound around them, or nothing
// if a `not` or `distinct` of some expansion has an unbound variable (as safety.cpp checks it).
std::optional<VarSet> bound_if_safe(std::span<const Literal> literals, const VarSet& outside) {
  VarSet bound = outside;
  for (const Literal& l : literals) add_bound_variables(l, bound);
  make_set(bound);
  for (const Literal& l : literals) {
    if (l.kind == Literal::Kind::Not || l.kind == Literal::Kind::Distinct) {
      if (!subset(variables_of(l), bound)) return std::nullopt;
    } else if (l.kind == Literal::Kind::Or) {
      for (const Literal& c : l.children)
        if (!bound_if_safe({&c, 1}, bound)) return std::nullopt;
    }
  }
  return bound;
}

// The variables of the top-level positive atoms of a rule without `or`.
VarSet positive_variables(const Rule& rule) {
  VarSet v;
  for (const Literal& l : rule.body)
    if (l.kind == Literal::Kind::Atom) collect_variables(l.term, v);
  make_set(v);
  return v;
}

bool mentions(const Literal& l, SymbolId relation) {
  bool found = false;
  for_each_atom(l, false, [&](const Literal& atom, bool) { found |= atom.term.name == relation; });
  return found;
}

bool has_or(const Literal& l) {
  return l.kind == Literal::Kind::Or || std::any_of(l.children.begin(), l.children.end(), has_or);
}

Definitions definitions(const std::vector<Rule>& rules) {
  Definitions by_head;
  for (const Rule& r : rules) by_head[relation_of(r.head)].push_back(&r);
  return by_head;
}

// The relations that one of `from` is or uses (under `not` too), in one step or more.
std::set<SymbolId> reachable(const std::vector<SymbolId>& from, const Definitions& by_head) {
  std::set<SymbolId> seen(from.begin(), from.end());
  std::vector<SymbolId> todo = from;
  while (!todo.empty()) {
    SymbolId r = todo.back();
    todo.pop_back();
    auto it = by_head.find(r);
    if (it == by_head.end()) continue;
    for (const Rule* d : it->second)
      for (const Literal& l : d->body)
        for_each_atom(l, false, [&](const Literal& atom, bool) {
          if (seen.insert(atom.term.name).second) todo.push_back(atom.term.name);
        });
  }
  return seen;
}

bool reaches(SymbolId from, SymbolId to, const Definitions& by_head) {
  return reachable({from}, by_head).count(to) > 0;
}

// A most general unifier over one namespace of variables (the sides renamed apart first), with the
// occurs check (Robinson 1965).
class Substitution {
 public:
  bool unify(const Term& a, const Term& b) {
    const Term& x = resolve(a);
    const Term& y = resolve(b);
    if (x.is_variable() && y.is_variable() && x.name == y.name) return true;
    if (x.is_variable()) return bind(x.name, y);
    if (y.is_variable()) return bind(y.name, x);
    if (x.kind != y.kind || x.name != y.name || x.arity() != y.arity()) return false;
    for (size_t i = 0; i < x.arity(); ++i)
      if (!unify(x.args[i], y.args[i])) return false;
    return true;
  }

  Term apply(const Term& t) const {
    const Term& r = resolve(t);
    Term out;
    out.kind = r.kind;
    out.name = r.name;
    out.args.reserve(r.args.size());
    for (const Term& a : r.args) out.args.push_back(apply(a));
    return out;
  }

  Literal apply(const Literal& l) const {
    Literal out;
    out.kind = l.kind;
    out.where = l.where;
    out.term = apply(l.term);
    for (const Literal& c : l.children) out.children.push_back(apply(c));
    return out;
  }

 private:
  const Term& resolve(const Term& t) const {
    const Term* p = &t;
    for (auto it = map_.end(); p->is_variable() && (it = map_.find(p->name)) != map_.end();)
      p = &it->second;
    return *p;
  }
  bool occurs(SymbolId v, const Term& t) const {
    const Term& r = resolve(t);
    if (r.is_variable()) return r.name == v;
    return std::any_of(r.args.begin(), r.args.end(), [&](const Term& a) { return occurs(v, a); });
  }
  bool bind(SymbolId v, const Term& t) {
    if (occurs(v, t)) return false;
    map_.emplace(v, t);  // node-based: references to other values stay valid
    return true;
  }

  std::unordered_map<SymbolId, Term> map_;
};

class Rewriter {
 public:
  Rewriter(Game& game, UnsafeRewrite& report) : game_(game), report_(report) {
    // A mark that no symbol of the rule sheet contains, put in every fresh name.
    for (bool clash = true; clash;) {
      clash = false;
      for (size_t id = 0; id < game_.symbols.size() && !clash; ++id)
        clash = game_.symbols.name(static_cast<SymbolId>(id)).find(mark_) != std::string::npos;
      if (clash) mark_ += '~';
    }
  }

  void run() {
    expand_unsafe();
    for (Rule& r : game_.rules) {
      if (is_safe(r)) continue;
      drop_unbound_literals(r);
      add_role_atom(r);
    }
    drop_unused();
    unfold_all();
    report_.unsafe_left = static_cast<size_t>(std::count_if(
        game_.rules.begin(), game_.rules.end(), [](const Rule& r) { return !is_safe(r); }));
  }

 private:
  // Unsafe rules lose their `or`s, as GGP-Base's DeORer expands every rule: the steps below then
  // see one conjunction per expansion.
  void expand_unsafe() {
    std::vector<Rule> rules;
    rules.reserve(game_.rules.size());
    for (Rule& r : game_.rules) {
      if (is_safe(r) || std::none_of(r.body.begin(), r.body.end(), has_or)) {
        rules.push_back(std::move(r));
        continue;
      }
      for (Rule& e : expand_or(r, game_)) rules.push_back(std::move(e));
    }
    game_.rules = std::move(rules);
  }

  // Step 1: GGP-Base's DistinctAndNotMover finds no place for these literals.
  void drop_unbound_literals(Rule& rule) {
    const VarSet bound = positive_variables(rule);
    report_.dropped_literals += std::erase_if(rule.body, [&](const Literal& l) {
      return (l.kind == Literal::Kind::Not || l.kind == Literal::Kind::Distinct) &&
             !subset(variables_of(l), bound);
    });
  }

  // Step 2.
  void add_role_atom(Rule& rule) {
    const Term& h = rule.head;
    SymbolId r = relation_of(h);
    if ((r != kw::legal && r != kw::goal && r != kw::input) || h.arity() != 2 ||
        !h.args[0].is_variable() || subset({h.args[0].name}, positive_variables(rule)))
      return;
    Literal role;
    role.where = rule.where;
    role.term.kind = Term::Kind::Function;
    role.term.name = kw::role;
    role.term.args.push_back(h.args[0]);
    rule.body.insert(rule.body.begin(), std::move(role));
    ++report_.role_atoms;
  }

  // A `legal` rule whose head has a variable that no positive atom binds (the role's was bound
  // by step 2).
  static bool is_unplayable_move(const Rule& rule) {
    if (relation_of(rule.head) != kw::legal) return false;
    return !subset(variables_of(rule.head), positive_variables(rule));
  }

  // Step 3.
  void drop_unused() {
    const std::set<SymbolId> used = reachable(
        {kw::role, kw::init, kw::next, kw::legal, kw::goal, kw::terminal, kw::base, kw::input},
        definitions(game_.rules));
    report_.dropped_rules += std::erase_if(game_.rules, [&](const Rule& r) {
      return !is_safe(r) && (!used.count(relation_of(r.head)) || is_unplayable_move(r));
    });
  }

  // Step 4, one relation at a time until none is left to unfold.
  void unfold_all() {
    std::set<SymbolId> failed;
    for (;;) {
      Definitions by_head = definitions(game_.rules);
      std::optional<SymbolId> target;
      for (const auto& [relation, rules] : by_head) {
        if (game_.symbols.is_keyword(relation) || failed.count(relation) ||
            std::all_of(rules.begin(), rules.end(), [](const Rule* r) { return is_safe(*r); }))
          continue;
        bool recursive = false;
        for (const Rule* r : rules)
          for (const Literal& l : r->body)
            // `head`: clang before 16 cannot capture a structured binding.
            for_each_atom(l, false, [&, head = relation](const Literal& atom, bool) {
              recursive |= reaches(atom.term.name, head, by_head);
            });
        if (recursive) {
          failed.insert(relation);
          continue;
        }
        target = relation;
        break;
      }
      if (!target) return;
      if (unfold(*target, by_head))
        ++report_.unfolded_relations;
      else
        failed.insert(*target);
    }
  }

  // Replaces every call of `target`; false (and the rules unchanged) if a negated call cannot be
  // guarded, a call sits under two `not`s, or the rules would be too many.
  bool unfold(SymbolId target, const Definitions& by_head) {
    std::vector<Rule> defs, callers;
    for (const Rule& r : game_.rules) {
      if (relation_of(r.head) == target) {
        defs.push_back(r);
      } else if (std::any_of(r.body.begin(), r.body.end(),
                             [&](const Literal& l) { return has_or(l) && mentions(l, target); })) {
        for (Rule& e : expand_or(r, game_)) callers.push_back(std::move(e));
      } else {
        callers.push_back(r);
      }
    }
    std::vector<Rule> specialised;  // may call `target` in their guards: callers too
    for (Rule& caller : callers)
      for (Literal& l : caller.body) {
        if (l.kind == Literal::Kind::Atom || !mentions(l, target)) continue;
        if (l.kind != Literal::Kind::Not || l.children.at(0).kind != Literal::Kind::Atom)
          return false;
        Term& call = l.children[0].term;
        std::optional<std::vector<Literal>> guard = guard_of(caller, call, by_head);
        if (!guard) return false;
        call = specialise(call, *guard, defs, l.where, specialised);
      }
    for (Rule& r : specialised) callers.push_back(std::move(r));
    std::vector<Rule> rules;
    unfolded_literals_ = 0;
    for (Rule& r : callers)
      if (!expand(std::move(r), target, defs, rules)) return false;
    game_.rules = std::move(rules);
    return true;
  }

  // The positive atoms of `rule` that do not depend on its own relation, if they bind every
  // variable of `call`.
  std::optional<std::vector<Literal>> guard_of(const Rule& rule, const Term& call,
                                               const Definitions& by_head) const {
    std::vector<Literal> guard;
    VarSet bound;
    for (const Literal& l : rule.body)
      if (l.kind == Literal::Kind::Atom && !reaches(l.term.name, relation_of(rule.head), by_head)) {
        guard.push_back(l);
        collect_variables(l.term, bound);
      }
    make_set(bound);
    if (!subset(variables_of(call), bound)) return std::nullopt;
    return guard;
  }

  // A new relation aux(V) over the variables V of `call`, with one rule per definition d:
  // aux(V)θ <= guardθ, body(d)θ, where θ unifies `call` with d's renamed head. Returns aux(V).
  Term specialise(const Term& call, const std::vector<Literal>& guard,
                  const std::vector<Rule>& defs, SourceLocation where, std::vector<Rule>& out) {
    Term aux;
    aux.name = fresh_symbol(game_.symbols.name(relation_of(call)) + mark_);
    std::vector<SymbolId> in_order;
    collect_variables(call, in_order);
    std::set<SymbolId> seen;
    for (SymbolId v : in_order)
      if (seen.insert(v).second) aux.args.push_back(Term{Term::Kind::Variable, v, {}});
    aux.kind = aux.args.empty() ? Term::Kind::Constant : Term::Kind::Function;
    for (const Rule& d : defs) {
      Rule def = rename(d);
      Substitution s;
      if (!s.unify(def.head, call)) continue;  // binds def's variables, keeping the caller's names
      Rule rule;
      rule.where = where;
      rule.head = s.apply(aux);
      for (const Literal& l : guard) rule.body.push_back(s.apply(l));
      for (const Literal& l : def.body) rule.body.push_back(s.apply(l));
      out.push_back(std::move(rule));
    }
    return aux;
  }

  // Replaces the first positive call of `target` in `rule` by each definition's body, then the
  // next, and so on; appends the results to `out`. False if they become too many.
  bool expand(Rule rule, SymbolId target, const std::vector<Rule>& defs, std::vector<Rule>& out) {
    auto call = std::find_if(rule.body.begin(), rule.body.end(), [&](const Literal& l) {
      return l.kind == Literal::Kind::Atom && relation_of(l.term) == target;
    });
    if (call == rule.body.end()) {
      unfolded_literals_ += rule.body.size();
      if (out.size() >= kMaxUnfoldedRules || unfolded_literals_ > kMaxUnfoldedLiterals)
        return false;
      out.push_back(std::move(rule));
      return true;
    }
    if (rule.body.size() > kMaxUnfoldedLiterals) return false;
    const size_t at = static_cast<size_t>(call - rule.body.begin());
    for (const Rule& d : defs) {
      Rule def = rename(d);
      Substitution s;
      if (!s.unify(def.head, rule.body[at].term)) continue;
      Rule unfolded;
      unfolded.where = rule.where;
      unfolded.head = s.apply(rule.head);
      for (size_t k = 0; k < rule.body.size(); ++k) {
        if (k != at) {
          unfolded.body.push_back(s.apply(rule.body[k]));
          continue;
        }
        for (const Literal& l : def.body) unfolded.body.push_back(s.apply(l));
      }
      if (!expand(std::move(unfolded), target, defs, out)) return false;
    }
    return true;
  }

  // `rule` with every variable replaced by a fresh one.
  Rule rename(const Rule& rule) {
    std::unordered_map<SymbolId, SymbolId> names;
    Substitution s;
    VarSet vars = variables_of(rule.head);
    for (const Literal& l : rule.body) collect_variables(l, vars);
    make_set(vars);
    for (SymbolId v : vars) s.unify(Term{Term::Kind::Variable, v, {}}, fresh_variable());
    Rule out;
    out.where = rule.where;
    out.head = s.apply(rule.head);
    for (const Literal& l : rule.body) out.body.push_back(s.apply(l));
    return out;
  }

  Term fresh_variable() { return Term{Term::Kind::Variable, fresh_symbol("?" + mark_), {}}; }

  // `stem` followed by a number, interned, never interned before.
  SymbolId fresh_symbol(const std::string& stem) {
    std::string name;
    do name = stem + std::to_string(++counter_);
    while (game_.symbols.find(name) != SymbolTable::kAbsent);
    return game_.symbols.intern(name);
  }

  Game& game_;
  UnsafeRewrite& report_;
  std::string mark_ = "~";  // in every fresh name
  size_t unfolded_literals_ = 0;  // body literals of the rules one unfolding has produced
  size_t counter_ = 0;
};

}  // namespace

bool is_safe(const Rule& rule) {
  std::optional<VarSet> bound = bound_if_safe(rule.body, {});
  return bound && subset(variables_of(rule.head), *bound);
}

UnsafeRewrite make_rules_safe(Game& game) {
  UnsafeRewrite report;
  if (std::all_of(game.rules.begin(), game.rules.end(), [](const Rule& r) { return is_safe(r); }))
    return report;
  Rewriter(game, report).run();
  return report;
}

}  // namespace ggp::gdl
