#include "gdl/unsafe_rules.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gdl/normalize.h"
#include "gdl/term_walk.h"
#include "gdl/unify.h"

namespace ggp::gdl {
namespace {

using VarSet = std::vector<SymbolId>;  // sorted, unique
using Definitions = std::map<SymbolId, std::vector<const Rule*>>;

// Unfolding gives up on a relation (leaving it unsafe) beyond this many rules, or this many body
// literals over them (bodies grow with every unfolding: a fuzzed sheet reached 1.8 GB and 43 s
// within the rule count alone).
constexpr size_t kMaxUnfoldedRules = 100'000;
constexpr size_t kMaxUnfoldedLiterals = 200'000;

// A fresh name costs this many units of work: it is interned for good (a hash lookup, a string kept
// in the game's symbol table), and in a profile of a long unfolding it took half the time.
constexpr size_t kFreshSymbolWork = 10;

// A count of work against a limit, in units of about one term node visited or built, or one atom
// walked in the rule graph.
class WorkBudget {
 public:
  explicit WorkBudget(size_t units) : limit_(units), left_(units) {}
  static WorkBudget unlimited() { return WorkBudget(SIZE_MAX); }

  // Spends `units` (what is left, if less); false once nothing is left.
  bool charge(size_t units) {
    left_ -= std::min(units, left_);
    return left_ > 0;
  }
  bool spent() const { return left_ == 0; }
  size_t used() const { return limit_ - left_; }

 private:
  size_t limit_;
  size_t left_;
};

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

size_t literal_size(const Literal& l) {
  size_t n = term_size(l.term);
  for (const Literal& c : l.children) n += literal_size(c);
  return n;
}

// The term nodes of `rules`: what copying them, or scanning them once, costs.
size_t node_count(const std::vector<Rule>& rules) {
  size_t n = 0;
  for (const Rule& r : rules) {
    n += term_size(r.head);
    for (const Literal& l : r.body) n += literal_size(l);
  }
  return n;
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

// The relations that one of `from` is or uses (under `not` too), in one step or more, charging
// each atom walked to `work`; only some of them once `work` is spent.
std::set<SymbolId> reachable(const std::vector<SymbolId>& from, const Definitions& by_head,
                             WorkBudget& work) {
  std::set<SymbolId> seen(from.begin(), from.end());
  std::vector<SymbolId> todo = from;
  while (!todo.empty() && !work.spent()) {
    SymbolId r = todo.back();
    todo.pop_back();
    auto it = by_head.find(r);
    if (it == by_head.end()) continue;
    for (const Rule* d : it->second)
      for (const Literal& l : d->body)
        for_each_atom(l, false, [&](const Literal& atom, bool) {
          work.charge(1);
          if (seen.insert(atom.term.name).second) todo.push_back(atom.term.name);
        });
  }
  return seen;
}

// A most general unifier over one namespace of variables (the sides renamed apart first), with
// the occurs check: gdl/unify.h's, on side 0 only, with a method that applies it to a term. Its
// bindings point into the terms it unified, which must outlive them (or be undone first). It
// charges every term node it visits or builds, and every step along a chain of bindings, to
// `work`: bindings can nest, so that applying them to a term of n nodes builds 2^n. Once `work` is
// spent, unify fails and apply returns a truncated term: the caller must check work.spent() and
// throw away what it built.
class Substitution {
 public:
  explicit Substitution(WorkBudget& work) : work_(work), unifier_(Charge{&work}) {}

  bool unify(const Term& a, const Term& b) { return unifier_.unify(a, 0, b, 0); }

  Term apply(const Term& t) const {
    const Term& r = *unifier_.resolve({&t, 0}).term;
    Term out;
    out.kind = r.kind;
    out.name = r.name;
    if (!work_.charge(1)) return out;
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

  // undo(mark()) forgets the bindings made in between.
  size_t mark() const { return unifier_.mark(); }
  void reserve(size_t bindings) { unifier_.reserve(bindings); }
  void undo(size_t mark) { unifier_.undo(mark); }

 private:
  struct Charge {
    WorkBudget* work;
    bool charge(size_t units) const { return work->charge(units); }
  };

  WorkBudget& work_;
  Unifier<AstReader, Term, Charge> unifier_;
};

class Rewriter {
 public:
  Rewriter(Game& game, UnsafeRewrite& report, size_t max_unfolding_work)
      : game_(game), report_(report), work_(max_unfolding_work) {
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
    report_.unfolding_work = work_.used();
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
    WorkBudget unlimited = WorkBudget::unlimited();  // one walk of the rule graph
    const std::set<SymbolId> used = reachable(
        {kw::role, kw::init, kw::next, kw::legal, kw::goal, kw::terminal, kw::base, kw::input},
        definitions(game_.rules), unlimited);
    report_.dropped_rules += std::erase_if(game_.rules, [&](const Rule& r) {
      return !is_safe(r) && (!used.count(relation_of(r.head)) || is_unplayable_move(r));
    });
  }

  // Step 4, one relation at a time until none is left to unfold or the work budget is spent.
  void unfold_all() {
    std::set<SymbolId> failed;
    for (;;) {
      work_.charge(node_count(game_.rules));  // the scans of this round and unfold's copy
      if (work_.spent()) break;
      Definitions by_head = definitions(game_.rules);
      std::optional<SymbolId> target = next_target(by_head, failed);
      if (!target || work_.spent()) break;
      if (unfold(*target, by_head))
        ++report_.unfolded_relations;
      else
        failed.insert(*target);
    }
    report_.unfolding_stopped = work_.spent();
  }

  // The first relation that is not a keyword, has an unsafe rule, is not in `failed` and is not
  // recursive; the recursive ones met on the way join `failed`.
  std::optional<SymbolId> next_target(const Definitions& by_head, std::set<SymbolId>& failed) {
    for (const auto& [relation, rules] : by_head) {
      if (game_.symbols.is_keyword(relation) || failed.count(relation) ||
          std::all_of(rules.begin(), rules.end(), [](const Rule* r) { return is_safe(*r); }))
        continue;
      if (!is_recursive(relation, rules, by_head)) return relation;
      failed.insert(relation);
    }
    return std::nullopt;
  }

  // Some body of `rules`, the rules of `relation`, uses `relation`, in one step or more.
  bool is_recursive(SymbolId relation, const std::vector<const Rule*>& rules,
                    const Definitions& by_head) {
    std::vector<SymbolId> used;
    for (const Rule* r : rules)
      for (const Literal& l : r->body)
        for_each_atom(l, false, [&](const Literal& atom, bool) { used.push_back(atom.term.name); });
    return reachable(used, by_head, work_).count(relation) > 0;
  }

  bool reaches(SymbolId from, SymbolId to, const Definitions& by_head) {
    return reachable({from}, by_head, work_).count(to) > 0;
  }

  // Replaces every call of `target`; false (and the rules unchanged) if a negated call cannot be
  // guarded, a call sits under two `not`s, the rules would be too many, or the work budget is
  // spent.
  bool unfold(SymbolId target, const Definitions& by_head) {
    std::vector<Rule> defs, callers;
    for (const Rule& r : game_.rules) {
      if (relation_of(r.head) == target) {
        defs.push_back(r);
      } else if (std::any_of(r.body.begin(), r.body.end(),
                             [&](const Literal& l) { return has_or(l) && mentions(l, target); })) {
        std::vector<Rule> expanded = expand_or(r, game_);
        work_.charge(node_count(expanded));
        for (Rule& e : expanded) callers.push_back(std::move(e));
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
        if (work_.spent()) return false;
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
                                               const Definitions& by_head) {
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
    // Named after the sheet's relation, not after an aux relation's name: a chain of
    // specialisations must not grow names (a fuzzed sheet made 68,034 names of up to 66 kB).
    const std::string& called = game_.symbols.name(relation_of(call));
    aux.name = fresh_symbol(called.substr(0, called.find(mark_)) + mark_);
    std::vector<SymbolId> in_order;
    collect_variables(call, in_order);
    std::set<SymbolId> seen;
    for (SymbolId v : in_order)
      if (seen.insert(v).second) aux.args.push_back(Term{Term::Kind::Variable, v, {}});
    aux.kind = aux.args.empty() ? Term::Kind::Constant : Term::Kind::Function;
    for (const Rule& d : defs) {
      Rule def = rename(d);
      Substitution s(work_);
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

  // Appends to `out` the rules that `rule` becomes: each of its positive calls of `target`
  // replaced by the body of a definition whose renamed head unifies with it, in every combination
  // (the definitions in order, the first call varying slowest). False if they become too many or
  // the work budget is spent.
  bool expand(Rule rule, SymbolId target, const std::vector<Rule>& defs, std::vector<Rule>& out) {
    std::vector<size_t> calls;
    for (size_t k = 0; k < rule.body.size(); ++k)
      if (rule.body[k].kind == Literal::Kind::Atom && relation_of(rule.body[k].term) == target)
        calls.push_back(k);
    if (calls.empty()) return emit(std::move(rule), out);
    Branch branch{rule, calls, {}, Substitution(work_), rule.body.size()};
    branch.chosen.reserve(calls.size());  // the unifier points into the chosen heads: never moved
    return expand(branch, defs, out);
  }

  // One branch of a rule's unfolding: the renamed definitions chosen for its first calls, and one
  // unifier of those calls with their heads, applied once at the branch's end (so a branch costs
  // its unifications and its result, not a copy of the body per call).
  struct Branch {
    const Rule& rule;
    const std::vector<size_t>& calls;  // the positions in rule.body of the calls
    std::vector<Rule> chosen;          // for the first chosen.size() calls (capacity for all)
    Substitution unifier;
    size_t body_size;  // of the rule with those calls replaced
  };

  bool expand(Branch& b, const std::vector<Rule>& defs, std::vector<Rule>& out) {
    if (b.chosen.size() == b.calls.size()) {
      Rule unfolded = unfolded_rule(b);
      return !work_.spent() && emit(std::move(unfolded), out);
    }
    if (b.body_size > kMaxUnfoldedLiterals) return false;
    const Term& call = b.rule.body[b.calls[b.chosen.size()]].term;
    const size_t body_size = b.body_size;
    for (const Rule& d : defs) {
      const size_t mark = b.unifier.mark();
      b.chosen.push_back(rename(d));
      const bool unified = b.unifier.unify(b.chosen.back().head, call);
      if (work_.spent()) return false;
      b.body_size = body_size - 1 + b.chosen.back().body.size();
      if (unified && !expand(b, defs, out)) return false;
      b.unifier.undo(mark);
      b.chosen.pop_back();
    }
    b.body_size = body_size;
    return true;
  }

  // The branch's rule: its calls replaced by the chosen bodies, under its unifier.
  Rule unfolded_rule(const Branch& b) {
    Rule r;
    r.where = b.rule.where;
    r.head = b.unifier.apply(b.rule.head);
    r.body.reserve(b.body_size);
    for (size_t k = 0, next = 0; k < b.rule.body.size(); ++k) {
      if (next < b.calls.size() && b.calls[next] == k) {
        for (const Literal& l : b.chosen[next++].body) r.body.push_back(b.unifier.apply(l));
      } else {
        r.body.push_back(b.unifier.apply(b.rule.body[k]));
      }
    }
    return r;
  }

  // Appends `rule` to the unfolding's rules `out`; false if they become too many.
  bool emit(Rule rule, std::vector<Rule>& out) {
    unfolded_literals_ += rule.body.size();
    if (out.size() >= kMaxUnfoldedRules || unfolded_literals_ > kMaxUnfoldedLiterals) return false;
    out.push_back(std::move(rule));
    return true;
  }

  // `rule` with every variable replaced by a fresh one.
  Rule rename(const Rule& rule) {
    VarSet vars = variables_of(rule.head);
    for (const Literal& l : rule.body) collect_variables(l, vars);
    make_set(vars);
    // Each variable and its fresh name, held while `s` points into them. Every vector here is
    // sized once: an unfolding renames a rule per call, and the bindings grown one at a time made
    // a fuzzed sheet's load 1.4 times as slow.
    std::vector<Term> from, to;
    from.reserve(vars.size());
    to.reserve(vars.size());
    Substitution s(work_);
    s.reserve(vars.size());
    for (SymbolId v : vars) {
      from.push_back(Term{Term::Kind::Variable, v, {}});
      to.push_back(fresh_variable());
      s.unify(from.back(), to.back());
    }
    Rule out;
    out.where = rule.where;
    out.head = s.apply(rule.head);
    for (const Literal& l : rule.body) out.body.push_back(s.apply(l));
    return out;
  }

  Term fresh_variable() { return Term{Term::Kind::Variable, fresh_symbol("?" + mark_), {}}; }

  // `stem` followed by a number, interned, never interned before.
  SymbolId fresh_symbol(const std::string& stem) {
    work_.charge(kFreshSymbolWork);
    std::string name;
    do name = stem + std::to_string(++counter_);
    while (game_.symbols.find(name) != SymbolTable::kAbsent);
    return game_.symbols.intern(name);
  }

  Game& game_;
  UnsafeRewrite& report_;
  std::string mark_ = "~";        // in every fresh name
  size_t unfolded_literals_ = 0;  // body literals of the rules one unfolding has produced
  WorkBudget work_;               // step 4's
  size_t counter_ = 0;
};

}  // namespace

bool is_safe(const Rule& rule) {
  std::optional<VarSet> bound = bound_if_safe(rule.body, {});
  return bound && subset(variables_of(rule.head), *bound);
}

UnsafeRewrite make_rules_safe(Game& game, size_t max_unfolding_work) {
  UnsafeRewrite report;
  if (std::all_of(game.rules.begin(), game.rules.end(), [](const Rule& r) { return is_safe(r); }))
    return report;
  Rewriter(game, report, max_unfolding_work).run();
  return report;
}

}  // namespace ggp::gdl
