#pragma once
// The variable binding of one rule's join in the grounder (propnet/grounder.cpp): patterns
// (propnet/rule_set.h) matched against ground terms of the pool, bindings undone to a mark, and
// patterns read or built under the binding. Inline: matching is the join's inner loop.
#include <cstdint>
#include <span>
#include <vector>

#include "propnet/rule_set.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

class PatternBinding {
 public:
  explicit PatternBinding(TermPool& pool) : pool_(pool) {}

  // Every one of `slots` variables unbound.
  void reset(uint32_t slots) {
    values_.assign(slots, kNoTerm);
    trail_.clear();
  }
  TermId operator[](uint32_t slot) const { return values_[slot]; }
  // The values by slot (kNoTerm: unbound), for a caller that keeps a binding aside and swaps it
  // back in.
  std::vector<TermId>& values() { return values_; }

  // Binds the unbound variables of `p` so that it denotes `t`; false if no binding does (the
  // variables bound on the way stay bound until undo()).
  bool match(const Pattern& p, TermId t) {
    switch (p.kind) {
      case Pattern::Kind::Ground:
        return p.value == t;
      case Pattern::Kind::Var:
        if (values_[p.value] == kNoTerm) {
          values_[p.value] = t;
          trail_.push_back(p.value);
          return true;
        }
        return values_[p.value] == t;
      case Pattern::Kind::Func: {
        if (pool_.functor(t) != p.value || pool_.args(t).size() != p.args.size()) return false;
        return match_args(p, pool_.args(t).data());
      }
    }
    return false;
  }
  // match() of the arguments of the compound pattern `p` against args[0, p.args.size()).
  bool match_args(const Pattern& p, const TermId* args) {
    for (size_t i = 0; i < p.args.size(); ++i)
      if (!match(p.args[i], args[i])) return false;
    return true;
  }
  size_t mark() const { return trail_.size(); }
  // Unbinds the variables bound since mark() returned `mark`.
  void undo(size_t mark) {
    while (trail_.size() > mark) {
      values_[trail_.back()] = kNoTerm;
      trail_.pop_back();
    }
  }

  // The ground term `p` denotes (interned), every variable bound.
  TermId instantiate(const Pattern& p) {
    if (p.kind == Pattern::Kind::Ground) return p.value;
    if (p.kind == Pattern::Kind::Var) return values_[p.value];
    ArgBuffer args(p.args.size());
    for (size_t i = 0; i < p.args.size(); ++i) args[i] = instantiate(p.args[i]);
    return pool_.intern(p.value, args.span());
  }
  // As instantiate, but kNoTerm when the term was never interned (so it is no fact either).
  TermId lookup(const Pattern& p) const {
    if (p.kind == Pattern::Kind::Ground) return p.value;
    if (p.kind == Pattern::Kind::Var) return values_[p.value];
    ArgBuffer args(p.args.size());
    for (size_t i = 0; i < p.args.size(); ++i)
      if ((args[i] = lookup(p.args[i])) == kNoTerm) return kNoTerm;
    return pool_.find(p.value, args.span());
  }
  // Whether `a` and `b`, every variable bound, denote the same ground term (nothing interned).
  bool same_term(const Pattern& a, const Pattern& b) const {
    if (a.kind != Pattern::Kind::Func && b.kind != Pattern::Kind::Func) return value(a) == value(b);
    if (a.kind != Pattern::Kind::Func) return denotes(b, value(a));
    if (b.kind != Pattern::Kind::Func) return denotes(a, value(b));
    if (a.value != b.value || a.args.size() != b.args.size()) return false;
    for (size_t i = 0; i < a.args.size(); ++i)
      if (!same_term(a.args[i], b.args[i])) return false;
    return true;
  }
  // Whether the pattern `p`, every variable bound, denotes the ground term `t`.
  bool denotes(const Pattern& p, TermId t) const {
    if (p.kind != Pattern::Kind::Func) return value(p) == t;
    auto args = pool_.args(t);
    if (pool_.functor(t) != p.value || args.size() != p.args.size()) return false;
    for (size_t i = 0; i < args.size(); ++i)
      if (!denotes(p.args[i], args[i])) return false;
    return true;
  }
  // The term a ground or variable pattern denotes (kNoTerm: an unbound variable).
  TermId value(const Pattern& p) const {
    return p.kind == Pattern::Kind::Var ? values_[p.value] : p.value;
  }
  bool all_bound(const Pattern& p) const {
    if (p.kind == Pattern::Kind::Var) return values_[p.value] != kNoTerm;
    for (const Pattern& a : p.args)
      if (!all_bound(a)) return false;
    return true;
  }

  // Arguments of a term being built: on the stack up to 16, on the heap beyond.
  class ArgBuffer {
   public:
    explicit ArgBuffer(size_t n) : n_(n) {
      if (n > kInline) heap_.resize(n);
    }
    TermId& operator[](size_t i) { return n_ > kInline ? heap_[i] : inline_[i]; }
    std::span<const TermId> span() const { return {n_ > kInline ? heap_.data() : inline_, n_}; }

   private:
    static constexpr size_t kInline = 16;
    size_t n_;
    TermId inline_[kInline];
    std::vector<TermId> heap_;
  };

 private:
  TermPool& pool_;
  std::vector<TermId> values_;
  std::vector<uint32_t> trail_;  // the slots bound, in order
};

}  // namespace ggp::propnet
