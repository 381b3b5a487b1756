#include "gdl/normalize.h"

#include <algorithm>
#include <string>

#include "gdl/findings.h"
#include "gdl/term_walk.h"

namespace ggp::gdl {
namespace {

using Conjunction = std::vector<Literal>;

class OrExpander {
 public:
  OrExpander(const Rule& rule, const Game& game, size_t max_rules)
      : rule_(rule), game_(game), max_(max_rules) {}

  // The conjunctions, one of which must hold, equivalent to `l`.
  std::vector<Conjunction> alternatives(const Literal& l) const {
    switch (l.kind) {
      case Literal::Kind::Atom:
      case Literal::Kind::Distinct:
        return {{l}};
      case Literal::Kind::Or: {
        std::vector<Conjunction> all;
        for (const Literal& c : l.children) {
          std::vector<Conjunction> mine = alternatives(c);
          all.insert(all.end(), std::make_move_iterator(mine.begin()),
                     std::make_move_iterator(mine.end()));
          check_size(all.size());
        }
        return all;
      }
      case Literal::Kind::Not:
        return negated(l);
    }
    return {};
  }

  // Every choice of one alternative per literal, concatenated in order.
  std::vector<Conjunction> product(const std::vector<Literal>& literals) const {
    std::vector<Conjunction> result{{}};
    for (const Literal& l : literals) {
      std::vector<Conjunction> options = alternatives(l);
      check_size(result.size() * options.size());
      std::vector<Conjunction> next;
      next.reserve(result.size() * options.size());
      for (const Conjunction& prefix : result)
        for (const Conjunction& option : options) {
          Conjunction c = prefix;
          c.insert(c.end(), option.begin(), option.end());
          next.push_back(std::move(c));
        }
      result = std::move(next);
    }
    return result;
  }

 private:
  // `(not X)`: De Morgan through an `or`; other negations stay as they are.
  std::vector<Conjunction> negated(const Literal& l) const {
    const Literal& inner = l.children.at(0);
    if (inner.kind != Literal::Kind::Or) return {{l}};
    std::vector<Literal> parts;
    for (const Literal& d : inner.children) {
      Literal n;
      n.kind = Literal::Kind::Not;
      n.where = d.where;
      n.children.push_back(d);
      parts.push_back(std::move(n));
    }
    return product(parts);
  }

  void check_size(size_t n) const {
    if (n <= max_) return;
    throw GdlError(
        {Diagnostic{game_.source, rule_.where,
                    "expanding the 'or's of this rule gives more than " + std::to_string(max_) +
                        " rules\n    in rule: " + excerpt(rule_, game_.symbols)}});
  }

  const Rule& rule_;
  const Game& game_;
  size_t max_;
};

bool has_or(const Literal& l) {
  if (l.kind == Literal::Kind::Or) return true;
  return std::any_of(l.children.begin(), l.children.end(), has_or);
}

}  // namespace

std::vector<Rule> expand_or(const Rule& rule, const Game& game, size_t max_rules) {
  if (std::none_of(rule.body.begin(), rule.body.end(), has_or)) return {rule};
  std::vector<Rule> rules;
  for (Conjunction& body : OrExpander(rule, game, max_rules).product(rule.body)) {
    Rule r;
    r.head = rule.head;
    r.where = rule.where;
    r.body = std::move(body);
    rules.push_back(std::move(r));
  }
  return rules;
}

void expand_or(Game& game, size_t max_rules_per_rule) {
  std::vector<Rule> rules;
  rules.reserve(game.rules.size());
  for (Rule& rule : game.rules) {
    if (std::none_of(rule.body.begin(), rule.body.end(), has_or)) {
      rules.push_back(std::move(rule));
      continue;
    }
    for (Rule& r : expand_or(rule, game, max_rules_per_rule)) rules.push_back(std::move(r));
  }
  game.rules = std::move(rules);
}

void order_body(Rule& rule) {
  std::vector<SymbolId> bound;  // sorted
  std::vector<Literal> ordered, waiting;
  ordered.reserve(rule.body.size());
  auto ready = [&](const Literal& l) {
    std::vector<SymbolId> vars;
    collect_variables(l, vars);
    return std::all_of(vars.begin(), vars.end(), [&](SymbolId v) {
      return std::binary_search(bound.begin(), bound.end(), v);
    });
  };
  for (Literal& l : rule.body) {
    bool binds = l.kind == Literal::Kind::Atom || l.kind == Literal::Kind::Or;
    if (!binds) {
      if (ready(l))
        ordered.push_back(std::move(l));
      else
        waiting.push_back(std::move(l));
      continue;
    }
    add_bound_variables(l, bound);  // an `or` binds what all its disjuncts bind
    make_set(bound);
    ordered.push_back(std::move(l));
    for (auto it = waiting.begin(); it != waiting.end();) {
      if (ready(*it)) {
        ordered.push_back(std::move(*it));
        it = waiting.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (Literal& l : waiting) ordered.push_back(std::move(l));
  rule.body = std::move(ordered);
}

void order_bodies(Game& game) {
  for (Rule& rule : game.rules) order_body(rule);
}

}  // namespace ggp::gdl
