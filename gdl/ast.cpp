#include "gdl/ast.h"

namespace ggp::gdl {

bool Term::is_ground() const {
  if (kind == Kind::Variable) return false;
  for (const Term& a : args)
    if (!a.is_ground()) return false;
  return true;
}

void append_to_string(const Term& term, const SymbolTable& symbols, std::string& out) {
  if (!term.is_function()) {
    out += symbols.name(term.name);
    return;
  }
  out += '(';
  out += symbols.name(term.name);
  for (const Term& a : term.args) {
    out += ' ';
    append_to_string(a, symbols, out);
  }
  out += ')';
}

std::string to_string(const Term& term, const SymbolTable& symbols) {
  std::string out;
  append_to_string(term, symbols, out);
  return out;
}

std::string to_string(const Literal& literal, const SymbolTable& symbols) {
  switch (literal.kind) {
    case Literal::Kind::Atom:
      return to_string(literal.term, symbols);
    case Literal::Kind::Distinct:
      return "(distinct " + to_string(literal.term.args.at(0), symbols) + ' ' +
             to_string(literal.term.args.at(1), symbols) + ')';
    case Literal::Kind::Not:
      return "(not " + to_string(literal.children.at(0), symbols) + ')';
    case Literal::Kind::Or: {
      std::string out = "(or";
      for (const Literal& c : literal.children) out += ' ' + to_string(c, symbols);
      return out + ')';
    }
  }
  return {};
}

std::string to_string(const Rule& rule, const SymbolTable& symbols) {
  if (rule.is_fact()) return to_string(rule.head, symbols);
  std::string out = "(<= " + to_string(rule.head, symbols);
  for (const Literal& l : rule.body) out += ' ' + to_string(l, symbols);
  return out + ')';
}

}  // namespace ggp::gdl
