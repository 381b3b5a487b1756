// Where GDL's keywords may appear (GDL spec, restrictions on the keywords; GGP-Base's
// StaticValidator::checkKeywordLocations):
// - roles are ground, distinct facts, and there is at least one;
// - `true` and `does` are never defined by rules or facts; `next` is never used in a body, nor
//   `init`, `base`, `input` (warnings: stanford/capturetheflag reads `init` in a body);
// - `legal`, `goal` and `terminal` do not depend on `does` (a move cannot depend on the moves);
//   a warning only, since stanford/firesheep relies on it and GGP-Base plays it;
// - `init`, `base` and `input` do not depend on `true`, `does`, `next`, `legal`, `goal` or
//   `terminal` (they describe the game, not a state).
// Warnings: a relation used in a body but never defined (always false), a game without `legal`,
// `goal` or `terminal` rules, a constant role argument that is no role, a goal value that is not
// an integer from 0 to 100.
#include <string>
#include <vector>

#include "gdl/term_walk.h"
#include "gdl/validation_checks.h"

namespace ggp::gdl {
namespace {

void check_roles(const Game& game, Findings& findings) {
  if (game.roles.empty()) findings.error("the game has no (role ...) fact");
  std::vector<const Rule*> first(game.symbols.size(), nullptr);
  for (const Rule& rule : game.rules) {
    if (rule.head.name != kw::role) continue;
    if (!rule.is_fact()) {
      findings.error(rule, rule.where, "'role' must be given by facts, not by rules");
      continue;
    }
    if (rule.head.arity() != 1) continue;  // reported by the arity check
    const Term& who = rule.head.args[0];
    if (!who.is_constant()) {
      if (!who.is_variable())  // a variable is reported by the safety check
        findings.error(rule, rule.where, "a role must be a constant");
      continue;
    }
    if (first[who.name])
      findings.error(rule, rule.where,
                     "the role " + game.symbols.name(who.name) + " is declared twice (first at " +
                         std::to_string(first[who.name]->where.line) + ":" +
                         std::to_string(first[who.name]->where.column) + ")");
    else
      first[who.name] = &rule;
  }
}

// A relation of `keywords` that depends on one of `sources`: reported once per keyword, at its
// first rule whose body reaches a source, with the chain of dependencies; as a warning ending
// with `excuse` if that is not empty.
void check_independent(const Game& game, const DependencyGraph& graph,
                       const std::vector<SymbolId>& keywords, const std::vector<SymbolId>& sources,
                       const std::string& excuse, Findings& findings) {
  std::vector<bool> tainted = graph.dependents_closure(sources);
  for (SymbolId k : keywords) {
    DependencyGraph::Node n = graph.node(k);
    if (n == DependencyGraph::kNone || !tainted[n]) continue;
    for (const Rule& rule : game.rules) {
      if (relation_of(rule.head) != k) continue;
      const Literal* culprit = nullptr;
      for (const Literal& l : rule.body)
        for_each_atom(l, false, [&](const Literal& atom, bool) {
          DependencyGraph::Node m = graph.node(relation_of(atom.term));
          if (!culprit && tainted[m]) culprit = &atom;
        });
      if (!culprit) continue;
      std::vector<SymbolId> chain;
      for (SymbolId s : sources) {
        std::vector<SymbolId> c = graph.path(relation_of(culprit->term), s);
        if (!c.empty() && (chain.empty() || c.size() < chain.size())) chain = std::move(c);
      }
      chain.insert(chain.begin(), k);
      std::string message = "'" + game.symbols.name(k) + "' must not depend on '" +
                            game.symbols.name(chain.back()) + "', but " +
                            chain_text(chain, game.symbols);
      if (excuse.empty())
        findings.error(rule, culprit->where, message);
      else
        findings.warning(rule, culprit->where, message + "; " + excuse);
      break;
    }
  }
}

// Warnings for constants that cannot be right: a role argument of `legal`, `goal`, `does` or
// `input` that is no role, and a goal value that is not an integer from 0 to 100.
void check_constants(const Game& game, Findings& findings) {
  std::vector<bool> is_role(game.symbols.size(), false);
  for (SymbolId r : game.roles) is_role[r] = true;
  bool role_reported = false, value_reported = false;
  auto check = [&](const Rule& rule, const Term& s, SourceLocation where) {
    SymbolId r = relation_of(s);
    bool has_role = r == kw::legal || r == kw::goal || r == kw::does || r == kw::input;
    if (!has_role || s.arity() != 2) return;
    const Term& who = s.args[0];
    if (!role_reported && who.is_constant() && !is_role[who.name] && !game.roles.empty()) {
      role_reported = true;
      findings.warning(rule, where,
                       "'" + game.symbols.name(who.name) + "' in " + excerpt(s, game.symbols) +
                           " is not a role");
    }
    const Term& value = s.args[1];
    if (r != kw::goal || value_reported || !value.is_constant()) return;
    const std::string& text = game.symbols.name(value.name);
    bool number = !text.empty() && text.size() <= 3 &&
                  text.find_first_not_of("0123456789") == std::string::npos &&
                  std::stoi(text) <= 100;
    if (!number) {
      value_reported = true;
      findings.warning(rule, where, "the goal value " + text + " is not an integer from 0 to 100");
    }
  };
  for (const Rule& rule : game.rules) {
    check(rule, rule.head, rule.where);
    for (const Literal& l : rule.body)
      for_each_atom(l, false,
                    [&](const Literal& atom, bool) { check(rule, atom.term, atom.where); });
  }
}

}  // namespace

void check_keywords(const Game& game, const DependencyGraph& graph, Findings& findings) {
  check_roles(game, findings);
  check_constants(game, findings);
  std::vector<bool> defined(game.symbols.size(), false);
  for (const Rule& rule : game.rules) {
    SymbolId head = relation_of(rule.head);
    defined[head] = true;
    if (head == kw::true_ || head == kw::does)
      findings.error(rule, rule.where,
                     "'" + game.symbols.name(head) + "' cannot be the head of a rule or a fact");
    for (const Literal& l : rule.body)
      for_each_atom(l, false, [&](const Literal& atom, bool) {
        SymbolId r = relation_of(atom.term);
        if (r == kw::next)
          findings.error(rule, atom.where, "'next' cannot be used in the body of a rule");
        else if (r == kw::init || r == kw::base || r == kw::input)
          findings.warning(rule, atom.where,
                           "'" + game.symbols.name(r) +
                               "' should not be used in the body of a rule; it reads the facts "
                               "that define it, whatever the state");
      });
  }
  check_independent(game, graph, {kw::legal, kw::goal, kw::terminal}, {kw::does},
                    "GGP-Base evaluates it without moves, where every 'does' is false", findings);
  check_independent(game, graph, {kw::init, kw::base, kw::input},
                    {kw::true_, kw::does, kw::next, kw::legal, kw::goal, kw::terminal}, "",
                    findings);

  for (SymbolId k : {kw::legal, kw::goal, kw::terminal})
    if (!defined[k]) findings.warning("the game never defines '" + game.symbols.name(k) + "'");
  std::vector<bool> reported(game.symbols.size(), false);
  for (const Rule& rule : game.rules)
    for (const Literal& l : rule.body)
      for_each_atom(l, false, [&](const Literal& atom, bool) {
        SymbolId r = relation_of(atom.term);
        bool given_by_state_or_moves = r == kw::true_ || r == kw::does;
        bool reported_above = r == kw::init || r == kw::next || r == kw::base || r == kw::input;
        if (defined[r] || reported[r] || given_by_state_or_moves || reported_above) return;
        reported[r] = true;
        findings.warning(rule, atom.where,
                         "'" + game.symbols.name(r) + "' is never defined, so it is always false");
      });
}

}  // namespace ggp::gdl
