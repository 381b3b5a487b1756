#pragma once
// Unification of two terms whose variables are renamed apart (a variable of `a` is never the same
// as a variable of `b`), with the occurs check (Robinson 1965): the one unifier of the project, for
// the rule AST here and the prover's rule terms (reasoner/rule_strata.cpp).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// How the unifier reads a term type T: `Reader::is_variable(t)`; `Reader::symbol(t)`, the id of
// the variable, constant or function symbol; `Reader::same_shape(a, b)` for two non-variables, the
// same kind, symbol and arity; `Reader::args(t)`, a std::vector<T> of its arguments.
template <class Reader, class T>
class Unifier {
 public:
  // Unifies `x` of side `xs` with `y` of side `ys` (sides 0 and 1), extending the bindings so far.
  bool unify(const T& x, int xs, const T& y, int ys) { return unify({&x, xs}, {&y, ys}); }

 private:
  struct Side {
    const T* term;
    int side;
  };
  static bool same_variable(Side a, Side b) {
    return a.side == b.side && Reader::symbol(*a.term) == Reader::symbol(*b.term);
  }

  bool unify(Side x, Side y) {
    x = resolve(x);
    y = resolve(y);
    const bool xv = Reader::is_variable(*x.term), yv = Reader::is_variable(*y.term);
    if (xv && yv && same_variable(x, y)) return true;
    if (xv) return bind(x, y);
    if (yv) return bind(y, x);
    if (!Reader::same_shape(*x.term, *y.term)) return false;
    const std::vector<T>& xa = Reader::args(*x.term);
    const std::vector<T>& ya = Reader::args(*y.term);
    for (size_t i = 0; i < xa.size(); ++i)
      if (!unify({&xa[i], x.side}, {&ya[i], y.side})) return false;
    return true;
  }

  const Side* binding(Side v) const {
    for (const auto& [var, value] : bindings_)
      if (same_variable(var, v)) return &value;
    return nullptr;
  }

  Side resolve(Side x) const {
    while (Reader::is_variable(*x.term)) {
      const Side* b = binding(x);
      if (!b) break;
      x = *b;
    }
    return x;
  }

  bool occurs(Side v, Side in) const {
    in = resolve(in);
    if (Reader::is_variable(*in.term)) return same_variable(in, v);
    for (const T& a : Reader::args(*in.term))
      if (occurs(v, {&a, in.side})) return true;
    return false;
  }

  bool bind(Side v, Side value) {
    if (occurs(v, value)) return false;
    bindings_.emplace_back(v, value);
    return true;
  }

  std::vector<std::pair<Side, Side>> bindings_;  // few per problem: a linear scan is fastest
};

// Some substitution makes the argument lists `a` and `b` equal, argument by argument.
template <class Reader, class T>
bool unifiable_args(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  Unifier<Reader, T> unifier;
  for (size_t i = 0; i < a.size(); ++i)
    if (!unifier.unify(a[i], 0, b[i], 1)) return false;
  return true;
}

// Some substitution makes `a` and `b` equal.
bool unifiable(const Term& a, const Term& b);

}  // namespace ggp::gdl
