#pragma once
// Small traversals of the rule AST shared by the validation checks and normalising passes.
#include <algorithm>
#include <iterator>
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

// The number of symbols in `term`.
inline size_t term_size(const Term& term) {
  size_t n = 1;
  for (const Term& a : term.args) n += term_size(a);
  return n;
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

// Appends the variables that `l` binds in every expansion of its `or`s: those of a positive atom,
// the intersection over the disjuncts of an `or`, none for `not` and `distinct` (the GDL
// spec's safety). Unsorted.
inline void add_bound_variables(const Literal& l, std::vector<SymbolId>& out) {
  switch (l.kind) {
    case Literal::Kind::Atom:
      collect_variables(l.term, out);
      return;
    case Literal::Kind::Or: {
      std::vector<SymbolId> common;
      for (size_t i = 0; i < l.children.size(); ++i) {
        std::vector<SymbolId> mine;
        add_bound_variables(l.children[i], mine);
        make_set(mine);
        if (i == 0) {
          common = std::move(mine);
        } else {
          std::vector<SymbolId> both;
          std::set_intersection(common.begin(), common.end(), mine.begin(), mine.end(),
                                std::back_inserter(both));
          common = std::move(both);
        }
      }
      out.insert(out.end(), common.begin(), common.end());
      return;
    }
    case Literal::Kind::Not:
    case Literal::Kind::Distinct:
      return;
  }
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
