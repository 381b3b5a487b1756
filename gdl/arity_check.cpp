// Arity consistency (GDL spec: relation and function constants have a fixed arity)
// and the keywords' own arities, as GGP-Base's StaticValidator checks them. A relation keyword
// used as a function symbol is an error, as there; `not`, `or`, `distinct` inside a term are
// warnings (dresden's SAT games write clauses as `(contains 1 (not 18))`).
#include <array>
#include <string>

#include "gdl/term_walk.h"
#include "gdl/validation_checks.h"

namespace ggp::gdl {
namespace {

constexpr int kAny = -1;

// Expected arity of each keyword used as a sentence; kAny for the logical operators, which never
// name a sentence or a function.
constexpr std::array<int, kw::count> kKeywordArity = {
    /*role*/ 1,     /*init*/ 1,        /*true*/ 1,   /*next*/ 1,  /*legal*/ 2, /*does*/ 2,
    /*goal*/ 2,
    /*terminal*/ 0, /*distinct*/ kAny, /*not*/ kAny, /*or*/ kAny, /*base*/ 1,  /*input*/ 2,
    /*<=*/kAny};

bool is_operator(SymbolId s) {
  return s == kw::distinct || s == kw::not_ || s == kw::or_ || s == kw::implies;
}

std::string plural_args(size_t n) {
  return std::to_string(n) + (n == 1 ? " argument" : " arguments");
}

class ArityChecker {
 public:
  ArityChecker(const Game& game, Findings& findings)
      : game_(game),
        findings_(findings),
        relations_(game.symbols.size()),
        functions_(game.symbols.size()) {}

  void check_rule(const Rule& rule) {
    sentence(rule, rule.head, rule.where);
    for (const Literal& l : rule.body) literal(rule, l);
  }

 private:
  struct FirstUse {
    int arity = kAny;  // kAny until first seen
    SourceLocation where;
    bool reported = false;
  };

  const std::string& name(SymbolId s) const { return game_.symbols.name(s); }

  void literal(const Rule& rule, const Literal& l) {
    switch (l.kind) {
      case Literal::Kind::Atom:
        sentence(rule, l.term, l.where);
        return;
      case Literal::Kind::Distinct:
        functions_in(rule, l.term, l.where);
        return;
      case Literal::Kind::Not:
      case Literal::Kind::Or:
        for (const Literal& c : l.children) literal(rule, c);
        return;
    }
  }

  void sentence(const Rule& rule, const Term& s, SourceLocation where) {
    SymbolId r = relation_of(s);
    if (is_operator(r)) {
      findings_.error(rule, where, "'" + name(r) + "' cannot name a sentence");
    } else if (game_.symbols.is_keyword(r)) {
      int expected = kKeywordArity[r];
      if (static_cast<int>(s.arity()) != expected && !keyword_reported_[r]) {
        keyword_reported_[r] = true;
        findings_.error(rule, where,
                        "'" + name(r) + "' takes " + plural_args(expected) + ", here " +
                            std::to_string(s.arity()));
      }
    } else {
      consistent(relations_[r], rule, s, where, "relation");
    }
    if (s.is_function() && s.args.empty() && !zero_arity_reported_) {
      zero_arity_reported_ = true;
      findings_.warning(rule, where,
                        "'(" + name(r) +
                            ")' is written with parentheses but no argument; GDL "
                            "writes a proposition without them");
    }
    functions_in(rule, s, where);
  }

  void functions_in(const Rule& rule, const Term& t, SourceLocation where) {
    for_each_nested_function(t, [&](const Term& f) {
      if (game_.symbols.is_keyword(f.name)) {
        if (!keyword_function_reported_[f.name]) {
          keyword_function_reported_[f.name] = true;
          std::string message = "the keyword '" + name(f.name) + "' is used as a function symbol";
          if (is_operator(f.name))
            findings_.warning(rule, where, message + "; inside a term it is just a name");
          else
            findings_.error(rule, where, message);
        }
        if (!is_operator(f.name)) return;
      }
      consistent(functions_[f.name], rule, f, where, "function");
    });
  }

  void consistent(FirstUse& first, const Rule& rule, const Term& t, SourceLocation where,
                  const char* what) {
    int arity = static_cast<int>(t.arity());
    if (first.arity == kAny) {
      first.arity = arity;
      first.where = where;
      return;
    }
    if (first.arity == arity || first.reported) return;
    first.reported = true;
    findings_.error(rule, where,
                    std::string("the ") + what + " '" + name(t.name) + "' is used here with " +
                        plural_args(t.arity()) + " but with " + plural_args(first.arity) + " at " +
                        std::to_string(first.where.line) + ":" +
                        std::to_string(first.where.column));
  }

  const Game& game_;
  Findings& findings_;
  std::vector<FirstUse> relations_;  // indexed by SymbolId
  std::vector<FirstUse> functions_;
  std::array<bool, kw::count> keyword_reported_{};
  std::array<bool, kw::count> keyword_function_reported_{};
  bool zero_arity_reported_ = false;
};

}  // namespace

void check_arities(const Game& game, Findings& findings) {
  ArityChecker checker(game, findings);
  for (const Rule& rule : game.rules) checker.check_rule(rule);
}

}  // namespace ggp::gdl
