// Safety (GDL spec): every variable of the head, of a negative literal and of a
// `distinct` occurs in a positive atom of the body. The meaning of `or` is its expansion into one
// rule per disjunct, and a rule is safe when every expansion is: so a variable counts as bound by
// an `or` only if every disjunct binds it, and a requirement inside a disjunct may also use what
// that disjunct (and everything outside the `or`) binds. This is computed without expanding, which
// could be exponential: the weakest expansion of the other `or`s binds exactly their intersection.
//
// Four unsafe cases are warnings, not errors: real games rely on them (GGP-Base's own test games
// games/test/test_case_3b, 3e, 3f require a state machine to handle them), and GGP-Base's prover,
// which real game servers run, gives them a meaning. gdl::load_game rewrites them into safe rules
// with that meaning (gdl/unsafe_rules.h), so every machine sees safe rules:
// - the variable is the role argument of a `legal`, `goal` or `input` head, e.g.
//   `(<= (legal ?p ?p) (cell 1 1))`: every query names the role, which binds it;
// - the variable is an argument of the head, and every use of the relation in a body binds that
//   argument through the other positive atoms of that body (ticTacToeClassic's
//   `(<= (distinctCell ?x ?y ?m ?n) (distinct ?x ?m))`), or passes a variable found nowhere else,
//   or one of its own head that every call of its own binds in turn (dresden/themathematician's
//   `(add 0 ?n ?n)`, called with its first two arguments bound, recursively too): a top-down
//   prover binds it from the call, as GGP-Base's does;
// - the variable occurs only inside one top-level `not`, e.g. dresden/RobinsonRoulette's
//   `(<= (goal player 100) (not (true (outer ?x empty))))`. A Prolog reasoner would read "there
//   is no ?x such that ..."; GGP-Base's prover drops every `not` and `distinct` with a variable
//   that no positive atom of the rule binds, and so does the rewrite;
// - no GDL keyword relation depends, directly or not, on the rule's relation;
// - the variable is in the move of a `legal` head: GGP-Base answers with a move that is not
//   ground, which no player can send, and the rewrite drops the rule (dresden/DoubleAuctionDJ).
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gdl/term_walk.h"
#include "gdl/validation_checks.h"

namespace ggp::gdl {
namespace {

using VarSet = std::vector<SymbolId>;  // sorted, unique

bool contains(const VarSet& set, SymbolId v) {
  return std::binary_search(set.begin(), set.end(), v);
}

// Variables that no positive atom binds where a literal (or the head) needs them.
struct Unbound {
  size_t rule;
  VarSet variables;
  SourceLocation where;
  std::string what;
  const Literal* negation = nullptr;  // the top-level `not` that needs them, if it is one
};

// Variables of the rule that must be bound but are not, in every expansion of its `or`s.
class RuleSafety {
 public:
  RuleSafety(const Game& game, size_t rule, std::vector<Unbound>& out)
      : game_(game), rule_(rule), out_(out) {}

  void run() {
    const Rule& rule = game_.rules[rule_];
    std::vector<const Literal*> body;
    body.reserve(rule.body.size());
    for (const Literal& l : rule.body) body.push_back(&l);
    VarSet bound = conjunction(body, {});
    VarSet head;
    collect_variables(rule.head, head);
    require(head, bound, rule.where,
            rule.is_fact() ? "of a fact: a fact must be ground"
                           : "of the head does not occur in a positive atom of the body");
  }

 private:
  // Checks the requirements of a conjunction given the variables bound around it; returns the
  // variables bound in every expansion of it.
  VarSet conjunction(const std::vector<const Literal*>& literals, const VarSet& outside) {
    VarSet bound = outside;
    for (const Literal* l : literals) add_bound_variables(*l, bound);
    make_set(bound);
    for (const Literal* l : literals) {
      switch (l->kind) {
        case Literal::Kind::Not:
        case Literal::Kind::Distinct: {
          VarSet needed;
          collect_variables(*l, needed);
          const Rule& rule = game_.rules[rule_];
          bool top_level = l >= rule.body.data() && l < rule.body.data() + rule.body.size();
          require(needed, bound, l->where,
                  l->kind == Literal::Kind::Not
                      ? "of a 'not' does not occur in a positive atom of the body"
                      : "of a 'distinct' does not occur in a positive atom of the body",
                  l->kind == Literal::Kind::Not && top_level ? l : nullptr);
          break;
        }
        case Literal::Kind::Or:
          for (const Literal& c : l->children) conjunction({&c}, bound);
          break;
        case Literal::Kind::Atom:
          break;
      }
    }
    return bound;
  }

  void require(VarSet needed, const VarSet& bound, SourceLocation where, const char* what,
               const Literal* negation = nullptr) {
    make_set(needed);
    Unbound missing{rule_, {}, where, what, negation};
    for (SymbolId v : needed)
      if (!contains(bound, v)) missing.variables.push_back(v);
    if (!missing.variables.empty()) out_.push_back(std::move(missing));
  }

  const Game& game_;
  size_t rule_;
  std::vector<Unbound>& out_;
};

// For each variable, how many top-level literals of a body bind it, so that what the body binds
// without one of its literals is known in constant time.
class BindingCounts {
 public:
  explicit BindingCounts(const Rule& rule) {
    for (const Literal& l : rule.body) {
      VarSet vars;
      add_bound_variables(l, vars);
      make_set(vars);
      for (SymbolId v : vars) counts_.push_back({v, 1});
    }
    std::sort(counts_.begin(), counts_.end());
    size_t out = 0;  // merge equal variables, summing their counts
    for (size_t i = 0; i < counts_.size(); ++i) {
      if (out > 0 && counts_[out - 1].first == counts_[i].first)
        counts_[out - 1].second += counts_[i].second;
      else
        counts_[out++] = counts_[i];
    }
    counts_.resize(out);
    collect_variables(rule.head, occurrences_);
    for (const Literal& l : rule.body) collect_variables(l, occurrences_);
    std::sort(occurrences_.begin(), occurrences_.end());
  }

  // `v` occurs once in the whole rule: an argument nobody cares about.
  bool singleton(SymbolId v) const {
    auto [first, last] = std::equal_range(occurrences_.begin(), occurrences_.end(), v);
    return last - first == 1;
  }

  // `v` is bound by some top-level literal other than `skip` (null: by any).
  bool bound_without(SymbolId v, const Literal* skip) const {
    auto it = std::lower_bound(counts_.begin(), counts_.end(), std::make_pair(v, uint32_t{0}));
    if (it == counts_.end() || it->first != v) return false;
    uint32_t own = 0;
    if (skip) {
      VarSet vars;
      add_bound_variables(*skip, vars);
      own = std::find(vars.begin(), vars.end(), v) != vars.end();
    }
    return it->second > own;
  }

 private:
  std::vector<std::pair<SymbolId, uint32_t>> counts_;  // sorted by variable
  std::vector<SymbolId> occurrences_;                  // every occurrence, sorted
};

// Positions of the head's arguments that mention `v`, as a bit set (positions beyond 63 are not
// tracked: such a variable is treated as not caller-bound).
uint64_t head_positions(const Rule& rule, SymbolId v) {
  uint64_t positions = 0;
  for (size_t i = 0; i < rule.head.arity() && i < 64; ++i) {
    VarSet vars;
    collect_variables(rule.head.args[i], vars);
    if (std::find(vars.begin(), vars.end(), v) != vars.end()) positions |= uint64_t{1} << i;
  }
  return positions;
}

class SafetyChecker {
 public:
  SafetyChecker(const Game& game, const DependencyGraph& graph, Findings& findings)
      : game_(game),
        graph_(graph),
        findings_(findings),
        used_(graph.dependencies_closure({kw::role, kw::init, kw::next, kw::legal, kw::goal,
                                          kw::terminal, kw::base, kw::input})),
        needed_positions_(graph.size(), 0) {}

  void run() {
    std::vector<Unbound> unbound;
    for (size_t i = 0; i < game_.rules.size(); ++i) RuleSafety(game_, i, unbound).run();
    if (unbound.empty()) return;
    for (const Unbound& u : unbound) {
      const Rule& rule = game_.rules[u.rule];
      if (game_.symbols.is_keyword(relation_of(rule.head))) continue;
      for (SymbolId v : u.variables) needed_positions_[head_node(rule)] |= head_positions(rule, v);
    }
    std::vector<bool> callers_bind = check_callers();
    for (const Unbound& u : unbound) report(u, callers_bind);
  }

 private:
  DependencyGraph::Node head_node(const Rule& rule) const {
    return graph_.node(relation_of(rule.head));
  }

  static bool is_role_variable(const Rule& rule, SymbolId v) {
    SymbolId r = relation_of(rule.head);
    return (r == kw::legal || r == kw::goal || r == kw::input) && rule.head.arity() > 0 &&
           rule.head.args[0].is_variable() && rule.head.args[0].name == v;
  }

  // Per relation node: it is used in some body, and every use binds the needed positions with
  // the other literals of that body, or ignores them (a variable occurring nowhere else, as
  // dresden/TTTblind's `(<= (line ?z) (column ?m ?z))`), or passes a variable of the caller's own
  // head that every call of the caller binds in turn (recursion over a bound argument, as
  // dresden/themathematician's `(<= (add ?a ?b ?c) ... (add ?a1 ?b1 ?c))`): a greatest fixpoint.
  std::vector<bool> check_callers() {
    std::vector<bool> called, all_bind;
    std::vector<std::pair<DependencyGraph::Node, DependencyGraph::Node>> passes;  // callee, caller
    for (bool grown = true; grown;) {
      grown = false;
      called.assign(graph_.size(), false);
      all_bind.assign(graph_.size(), true);
      passes.clear();
      for (const Rule& rule : game_.rules) {
        const bool keyword_caller = game_.symbols.is_keyword(relation_of(rule.head));
        const DependencyGraph::Node caller = head_node(rule);
        std::optional<BindingCounts> counts;  // built for the bodies that call such a relation
        for (const Literal& top : rule.body)
          for_each_atom(top, false, [&](const Literal& atom, bool) {
            DependencyGraph::Node n = graph_.node(relation_of(atom.term));
            uint64_t needed = needed_positions_[n];
            if (needed == 0) return;
            called[n] = true;
            if (!counts) counts.emplace(rule);
            const Literal* skip = &atom == &top ? &top : nullptr;
            for (size_t i = 0; i < atom.term.arity() && i < 64; ++i) {
              if (!(needed >> i & 1)) continue;
              const Term& arg = atom.term.args[i];
              if (arg.is_variable() && counts->singleton(arg.name)) continue;
              VarSet vars;
              collect_variables(atom.term.args[i], vars);
              for (SymbolId v : vars) {
                if (counts->bound_without(v, skip)) continue;
                uint64_t from_head = keyword_caller ? 0 : head_positions(rule, v);
                if (from_head == 0) {
                  all_bind[n] = false;
                  continue;
                }
                passes.push_back({n, caller});
                if ((needed_positions_[caller] | from_head) != needed_positions_[caller]) {
                  needed_positions_[caller] |= from_head;
                  grown = true;
                }
              }
            }
          });
      }
    }
    for (size_t n = 0; n < graph_.size(); ++n) all_bind[n] = all_bind[n] && called[n];
    for (bool changed = true; changed;) {
      changed = false;
      for (auto [callee, caller] : passes)
        if (all_bind[callee] && !all_bind[caller]) all_bind[callee] = false, changed = true;
    }
    return all_bind;
  }

  // Why an unbound variable is only a warning; kNone for an error.
  enum class Excuse { kNone, kRoleArgument, kCallersBind, kLocalToNot, kUnused, kUnplayableMove };
  static constexpr Excuse kEveryExcuse[] = {Excuse::kNone,        Excuse::kRoleArgument,
                                            Excuse::kCallersBind, Excuse::kLocalToNot,
                                            Excuse::kUnused,      Excuse::kUnplayableMove};

  Excuse excuse(const Unbound& u, SymbolId v, const std::vector<bool>& callers_bind) const {
    const Rule& rule = game_.rules[u.rule];
    DependencyGraph::Node n = head_node(rule);
    if (is_role_variable(rule, v)) return Excuse::kRoleArgument;
    if (u.negation && !occurs_outside(rule, *u.negation, v)) return Excuse::kLocalToNot;
    if (!game_.symbols.is_keyword(relation_of(rule.head)) && head_positions(rule, v) != 0 &&
        callers_bind[n])
      return Excuse::kCallersBind;
    if (!used_[n]) return Excuse::kUnused;
    if (relation_of(rule.head) == kw::legal && head_positions(rule, v) == 2)
      return Excuse::kUnplayableMove;
    return Excuse::kNone;
  }

  // One finding per kind of excuse, naming all the variables that share it.
  void report(const Unbound& u, const std::vector<bool>& callers_bind) {
    const Rule& rule = game_.rules[u.rule];
    for (Excuse kind : kEveryExcuse) {
      std::string names;
      bool or_only = false;
      size_t count = 0;
      for (SymbolId v : u.variables) {
        if (excuse(u, v, callers_bind) != kind) continue;
        names += (count++ ? ", " : "") + game_.symbols.name(v);
        or_only |= in_or_only(rule, v);
      }
      if (count == 0) continue;
      std::string message =
          "unsafe rule: the variable" + std::string(count > 1 ? "s " : " ") + names + " " + u.what;
      if (or_only) message += " (an 'or' binds it in some disjuncts only)";
      switch (kind) {
        case Excuse::kNone:
          findings_.error(rule, u.where, message);
          break;
        case Excuse::kRoleArgument:
          findings_.warning(rule, u.where,
                            message + "; it is the role argument, which queries bind");
          break;
        case Excuse::kCallersBind:
          findings_.warning(rule, u.where,
                            message + "; every use of '" +
                                game_.symbols.name(relation_of(rule.head)) +
                                "' binds it or ignores it");
          break;
        case Excuse::kLocalToNot:
          findings_.warning(rule, u.where,
                            message + "; it occurs nowhere else, and GGP-Base's prover drops " +
                                "this 'not' (read as always true)");
          break;
        case Excuse::kUnused:
          findings_.warning(rule, u.where, message + "; the relation is never used by the game");
          break;
        case Excuse::kUnplayableMove:
          findings_.warning(rule, u.where,
                            message + "; GGP-Base answers with a move that is not ground, which " +
                                "no player can send, so the rule is dropped");
          break;
      }
    }
  }

  // `v` occurs in the head or in a top-level literal other than `negation`.
  static bool occurs_outside(const Rule& rule, const Literal& negation, SymbolId v) {
    VarSet vars;
    collect_variables(rule.head, vars);
    for (const Literal& l : rule.body)
      if (&l != &negation) collect_variables(l, vars);
    return std::find(vars.begin(), vars.end(), v) != vars.end();
  }

  // The variable appears in a positive atom of some disjuncts of an `or`.
  static bool in_or_only(const Rule& rule, SymbolId v) {
    bool found = false;
    for (const Literal& l : rule.body)
      if (l.kind == Literal::Kind::Or)
        for_each_atom(l, false, [&](const Literal& atom, bool negated) {
          VarSet vars;
          collect_variables(atom.term, vars);
          found |= !negated && std::find(vars.begin(), vars.end(), v) != vars.end();
        });
    return found;
  }

  const Game& game_;
  const DependencyGraph& graph_;
  Findings& findings_;
  std::vector<bool> used_;                  // per relation node: a keyword relation depends on it
  std::vector<uint64_t> needed_positions_;  // per relation node: head arguments callers must bind
};

}  // namespace

void check_safety(const Game& game, const DependencyGraph& graph, Findings& findings) {
  SafetyChecker(game, graph, findings).run();
}

}  // namespace ggp::gdl
