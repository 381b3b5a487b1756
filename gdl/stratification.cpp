// Stratified negation (GDL spec: no cycle of the dependency graph has a negative
// edge) and the recursion restriction (GDL spec): in a rule whose head relation p is in a
// cycle with the relation q of a positive body atom q(t1..tn), every ti is ground, or one of the
// head's arguments, or occurs in a positive body atom whose relation is not in a cycle with p
// (GGP-Base's StaticValidator demands an argument of that atom, not any subterm; that rejects
// `(<= (conn ?x ?z) (conn ?x ?y) (true (link ?y ?z)))`, which is finite all the same).
// Together with safety these keep the set of derivable facts finite. A violation is a warning:
// GGP-Base's top-down prover plays games that recurse over the subterms of a bound argument
// (dresden/themathematician's `(<= (doop (= ?t1 ?t2) (= ?n1 ?n2) ?op ?n) (doop ?t1 ?n1 ?op ?n)
// ...)`), and the prover evaluates a relation on demand when it has no finite bottom-up form (a
// relation whose rows overflow, or with unsafe rules its calls bind: reasoner/program.h); the
// propnet cannot ground such a game, and the machine factory falls back to the prover.
// Both are judged on the rule graph (gdl/rule_graph.h): a cycle of relations that no chain of
// unifiable rules closes is not a cycle of the game's ground program, and GGP-Base plays such
// games (e.g. `goal` defined by `(not (goal ?r 100))`). Stratification that holds only there is
// reported as a warning, because a bottom-up evaluator must then order rules, not relations.
#include <algorithm>
#include <string>
#include <vector>

#include "gdl/term_walk.h"
#include "gdl/validation_checks.h"

namespace ggp::gdl {
namespace {

class RecursionChecker {
 public:
  RecursionChecker(const Game& game, const RuleGraph& rules, Findings& findings)
      : game_(game), rules_(rules), findings_(findings) {}

  void check_rule(size_t index) {
    const Rule& rule = game_.rules[index];
    index_ = index;
    head_variables_.clear();
    std::vector<const Literal*> body;
    for (const Literal& l : rule.body) body.push_back(&l);
    conjunction(rule, body, {});
  }

 private:
  bool cyclic(const Literal& atom) const { return rules_.in_cycle_with(index_, atom); }

  // The arguments of acyclic positive atoms that every expansion of the `or`s around a
  // conjunction contains: variables in a sorted set, other terms in a list.
  struct Outside {
    std::vector<SymbolId> variables;
    std::vector<const Term*> terms;
  };

  void conjunction(const Rule& rule, const std::vector<const Literal*>& literals, Outside outside) {
    for (const Literal* l : literals)
      if (l->kind == Literal::Kind::Atom && !cyclic(*l)) add_subterms(l->term, outside);
    make_set(outside.variables);
    for (const Literal* l : literals) {
      if (l->kind == Literal::Kind::Atom && cyclic(*l)) {
        for (const Term& t : l->term.args)
          if (!allowed(rule, t, outside)) {
            findings_.warning(rule, l->where,
                              "recursion restriction violated: the argument " +
                                  excerpt(t, game_.symbols) + " of " +
                                  excerpt(l->term, game_.symbols) +
                                  ", which is recursive with the head, is neither ground, nor an "
                                  "argument of the head, nor found in a positive atom outside the "
                                  "recursion; GGP-Base's prover reads it top-down, where the "
                                  "calls bind it, and so does this prover (on demand)");
            break;
          }
      } else if (l->kind == Literal::Kind::Or) {
        for (const Literal& c : l->children) conjunction(rule, {&c}, outside);
      }
    }
  }

  // Records the variables and the other non-ground terms occurring in `t`'s arguments.
  static void add_subterms(const Term& t, Outside& outside) {
    for (const Term& a : t.args) {
      if (a.is_variable()) {
        outside.variables.push_back(a.name);
      } else if (!a.is_ground()) {
        outside.terms.push_back(&a);
        add_subterms(a, outside);
      }
    }
  }

  bool allowed(const Rule& rule, const Term& t, const Outside& outside) {
    if (t.is_ground()) return true;
    if (t.is_variable()) {
      if (std::binary_search(outside.variables.begin(), outside.variables.end(), t.name))
        return true;
      if (head_variables_.empty()) {
        for (const Term& h : rule.head.args)
          if (h.is_variable()) head_variables_.push_back(h.name);
        make_set(head_variables_);
      }
      return std::binary_search(head_variables_.begin(), head_variables_.end(), t.name);
    }
    for (const Term& h : rule.head.args)
      if (h == t) return true;
    for (const Term* o : outside.terms)
      if (*o == t) return true;
    return false;
  }

  const Game& game_;
  const RuleGraph& rules_;
  Findings& findings_;
  size_t index_ = 0;
  std::vector<SymbolId> head_variables_;  // of the current rule's head arguments, once needed
};

}  // namespace

void check_stratified_negation(const Game& game, const DependencyGraph& graph,
                               const RuleGraph& rules, Findings& findings) {
  bool warned = false;
  for (size_t i = 0; i < game.rules.size(); ++i) {
    const Rule& rule = game.rules[i];
    SymbolId head = relation_of(rule.head);
    for (const Literal& l : rule.body)
      for_each_atom(l, false, [&](const Literal& atom, bool negated) {
        SymbolId used = relation_of(atom.term);
        if (!negated || !graph.same_component(head, used)) return;
        bool error = rules.in_cycle_with(i, atom);
        if (!error && warned) return;
        if (findings.errors_full()) {
          findings.error(rule, atom.where, "negation is not stratified");
          return;
        }
        std::string cycle = game.symbols.name(head) + " depends on (not " +
                            excerpt(atom.term, game.symbols) + ") and " +
                            chain_text(graph.path(used, head), game.symbols);
        if (error) {
          findings.error(
              rule, atom.where,
              "negation is not stratified: " + cycle + " closes a cycle through the negation");
        } else {
          warned = true;
          findings.warning(rule, atom.where,
                           "stratified only rule by rule: " + cycle +
                               " closes a cycle of relations through the negation, but no rule "
                               "instance depends on itself");
        }
      });
  }
}

void check_recursion_restriction(const Game& game, const RuleGraph& rules, Findings& findings) {
  RecursionChecker checker(game, rules, findings);
  for (size_t i = 0; i < game.rules.size(); ++i)
    if (rules.may_recurse(i)) checker.check_rule(i);
}

}  // namespace ggp::gdl
