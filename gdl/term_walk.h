#pragma once
// Small traversals of the rule AST shared by the validation checks and normalising passes.
#include <algorithm>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// Appends the variables of `term` (with repeats) to `out`.
inline void collect_variables(const Term& term, std::vector<SymbolId>& out) {
  if (term.is_variable()) {
    out.push_back(term.name);
    return;
  }
  for (const Term& a : term.args) collect_variables(a, out);
}

// Appends every variable occurring anywhere in `literal`, under `not` and `or` too.
inline void collect_variables(const Literal& literal, std::vector<SymbolId>& out) {
  collect_variables(literal.term, out);
  for (const Literal& c : literal.children) collect_variables(c, out);
}

// Sorts and deduplicates a variable list, so it can be searched with std::binary_search.
inline void make_set(std::vector<SymbolId>& vars) {
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
}

// Calls visit(atom_literal, negated) for every atomic sentence of `literal`, looking inside `not`
// and `or`; `negated` tells that the atom is under at least one `not` (a double negation is still
// a negative dependency, as in GGP-Base). `distinct` has no atom.
template <class Visit>
void for_each_atom(const Literal& literal, bool negated, Visit&& visit) {
  switch (literal.kind) {
    case Literal::Kind::Atom:
      visit(literal, negated);
      return;
    case Literal::Kind::Not:
      for (const Literal& c : literal.children) for_each_atom(c, true, visit);
      return;
    case Literal::Kind::Or:
      for (const Literal& c : literal.children) for_each_atom(c, negated, visit);
      return;
    case Literal::Kind::Distinct:
      return;
  }
}

// Calls visit(function_term) for every function term nested in `term` (not `term` itself).
template <class Visit>
void for_each_nested_function(const Term& term, Visit&& visit) {
  for (const Term& a : term.args) {
    if (a.is_function()) visit(a);
    for_each_nested_function(a, visit);
  }
}

}  // namespace ggp::gdl
