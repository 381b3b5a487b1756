#pragma once
// Unification with the occurs check (Robinson 1965): the one unifier of the project, for the rule
// AST here (gdl/rule_graph.cpp's dependency test, gdl/unsafe_rules.cpp's unfolding) and the
// prover's rule terms (reasoner/rule_strata.cpp).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// A unifier that counts no work.
struct Unbounded {
  static bool charge(size_t) { return true; }
};

// How the unifier reads a term type T: `Reader::is_variable(t)`; `Reader::symbol(t)`, the id of
// the variable, constant or function symbol; `Reader::same_shape(a, b)` for two non-variables, the
// same kind, symbol and arity; `Reader::args(t)`, a std::vector<T> of its arguments.
//
// Every term has a side (an int): a variable is the same variable only on the same side, so that
// two terms on sides 0 and 1 are unified renamed apart, and terms on one side share a namespace.
// The bindings point into the terms unified: those must outlive the unifier, or undo() past them.
//
// `Budget::charge(units)` (a const call) is charged a unit for every unify step, every step along
// a chain of bindings and every node the occurs check visits; once it returns false, unify fails.
template <class Reader, class T, class Budget = Unbounded>
class Unifier {
 public:
  struct Side {
    const T* term;
    int side;
  };

  Unifier() = default;
  explicit Unifier(Budget budget) : budget_(budget) {}

  // Unifies `x` of side `xs` with `y` of side `ys`, extending the bindings so far.
  bool unify(const T& x, int xs, const T& y, int ys) { return unify({&x, xs}, {&y, ys}); }

  // What `x` stands for under the bindings: itself, or the end of its variable's chain of bindings.
  Side resolve(Side x) const {
    while (Reader::is_variable(*x.term)) {
      const Side* b = binding(x);
      if (!b) break;
      budget_.charge(1);
      x = *b;
    }
    return x;
  }

  void reserve(size_t bindings) { bindings_.reserve(bindings); }

  // undo(mark()) forgets the bindings made in between.
  size_t mark() const { return bindings_.size(); }
  void undo(size_t mark) {
    for (; bindings_.size() > mark; bindings_.pop_back())
      if (index_) index_->erase(key(bindings_.back().first));
  }

 private:
  // Beyond this many bindings they are found through a hash index (an unfolding binds thousands);
  // below it a linear scan is fastest.
  static constexpr size_t kScanLimit = 16;

  static bool same_variable(Side a, Side b) {
    return a.side == b.side && Reader::symbol(*a.term) == Reader::symbol(*b.term);
  }
  static uint64_t key(Side v) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(v.side)) << 32) | Reader::symbol(*v.term);
  }

  bool unify(Side x, Side y) {
    if (!budget_.charge(1)) return false;
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
    if (index_) {
      auto it = index_->find(key(v));
      return it == index_->end() ? nullptr : &bindings_[it->second].second;
    }
    for (const auto& [var, value] : bindings_)
      if (same_variable(var, v)) return &value;
    return nullptr;
  }

  // True once the budget is spent too, so that bind fails.
  bool occurs(Side v, Side in) const {
    if (!budget_.charge(1)) return true;
    in = resolve(in);
    if (Reader::is_variable(*in.term)) return same_variable(in, v);
    for (const T& a : Reader::args(*in.term))
      if (occurs(v, {&a, in.side})) return true;
    return false;
  }

  bool bind(Side v, Side value) {
    if (occurs(v, value)) return false;
    bindings_.emplace_back(v, value);
    if (index_) {
      index_->emplace(key(v), bindings_.size() - 1);
    } else if (bindings_.size() > kScanLimit) {
      index_ = std::make_unique<std::unordered_map<uint64_t, size_t>>();
      for (size_t i = 0; i < bindings_.size(); ++i) index_->emplace(key(bindings_[i].first), i);
    }
    return true;
  }

  Budget budget_;
  std::vector<std::pair<Side, Side>> bindings_;  // each variable bound once, in the order bound
  // Variable -> its entry in bindings_, made past kScanLimit (and kept after undo): null for the
  // small problems of most callers, which then construct no map at all.
  std::unique_ptr<std::unordered_map<uint64_t, size_t>> index_;
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

// How the unifier reads the rule AST's terms.
struct AstReader {
  static bool is_variable(const Term& t) { return t.is_variable(); }
  static uint32_t symbol(const Term& t) { return t.name; }
  static bool same_shape(const Term& a, const Term& b) {
    return a.kind == b.kind && a.name == b.name && a.arity() == b.arity();
  }
  static const std::vector<Term>& args(const Term& t) { return t.args; }
};

// Some substitution makes `a` and `b` equal.
bool unifiable(const Term& a, const Term& b);

}  // namespace ggp::gdl
