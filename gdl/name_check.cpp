// Names: the reader's notes (gdl/name_split.h: a relation or function name used in several
// shapes, a keyword in a shape of its own or as a function symbol, `(p)` written for `p`, a stray
// ')') are warnings, since GGP-Base reads them so; the reader has made every name one shape, so
// arities are consistent by construction. A logical operator (`not`, `or`, `distinct`, `<=`)
// naming a sentence is an error, as in GGP-Base's StaticValidator.
#include <string>

#include "gdl/validation_checks.h"

namespace ggp::gdl {
namespace {

bool is_operator(SymbolId s) {
  return s == kw::distinct || s == kw::not_ || s == kw::or_ || s == kw::implies;
}

void check_sentence(const Game& game, const Rule& rule, const Term& s, SourceLocation where,
                    Findings& findings) {
  if (is_operator(relation_of(s)))
    findings.error(rule, where,
                   "'" + game.symbols.name(relation_of(s)) + "' cannot name a sentence");
}

void check_literal(const Game& game, const Rule& rule, const Literal& l, Findings& findings) {
  if (l.kind == Literal::Kind::Atom) check_sentence(game, rule, l.term, l.where, findings);
  for (const Literal& c : l.children) check_literal(game, rule, c, findings);
}

}  // namespace

void check_names(const Game& game, Findings& findings) {
  for (const ReadingNote& note : game.notes) findings.note(note);
  for (const Rule& rule : game.rules) {
    check_sentence(game, rule, rule.head, rule.where, findings);
    for (const Literal& l : rule.body) check_literal(game, rule, l, findings);
  }
}

}  // namespace ggp::gdl
