#pragma once
// Hash-consed ground terms: every ground term (and ground atom) of a game gets one dense id, so two
// ground terms are equal exactly when their ids are. Used by grounding and by the id <-> text maps.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gdl/symbol_table.h"
#include "propnet/huge_pages.h"

namespace ggp::propnet {

using TermId = uint32_t;
inline constexpr TermId kNoTerm = UINT32_MAX;

class TermPool {
 public:
  TermPool();
  // Forgets every term and keeps the memory: a pool refilled after clear() hands out the same ids
  // as a new one, without regrowing its table.
  void clear();
  // The id of functor(args...), interning it if new; a constant when `args` is empty.
  TermId intern(gdl::SymbolId functor, std::span<const TermId> args);
  // The id of functor(args...) if interned, else kNoTerm.
  TermId find(gdl::SymbolId functor, std::span<const TermId> args) const;
  // Starts loading the slot where functor(args...) is or would go, for an intern() soon after (a
  // hint: no effect on results).
  void prefetch(gdl::SymbolId functor, std::span<const TermId> args) const;

  gdl::SymbolId functor(TermId t) const { return entries_[t].functor; }
  std::span<const TermId> args(TermId t) const {
    return {args_.data() + entries_[t].args_begin, entries_[t].arity};
  }
  size_t size() const { return entries_.size(); }

  // `(f a b)` or `a`, in the rule sheet's case (the form of gdl::to_string). The reader has made
  // `(f)` a constant of its own, printed `(f)` (gdl/name_split.h).
  void append_text(TermId t, const gdl::SymbolTable& symbols, std::string& out) const;
  std::string text(TermId t, const gdl::SymbolTable& symbols) const;

 private:
  struct Entry {
    gdl::SymbolId functor;
    uint32_t args_begin;
    uint32_t arity;
  };
  // A slot holds a term's 32-bit hash above its id, so a probe reads an entry only when the whole
  // hash matches (a probe that reads entries misses the cache twice), and growing reads no entry.
  // Slots are found by the low bits of the hash.
  using Slot = uint64_t;
  static constexpr Slot kEmptySlot = UINT64_MAX;  // no term has id kNoTerm
  static uint32_t hash_of(gdl::SymbolId functor, std::span<const TermId> args);
  static Slot slot(uint32_t hash, TermId t) { return static_cast<Slot>(hash) << 32 | t; }
  bool same(TermId t, gdl::SymbolId functor, std::span<const TermId> args) const;
  // The slot of functor(args) if interned, else the empty slot where it would go.
  size_t probe(uint32_t hash, gdl::SymbolId functor, std::span<const TermId> args) const;
  void grow();

  std::vector<Entry> entries_;
  std::vector<TermId> args_;
  // Open addressing, kEmptySlot when empty; size a power of two, at most 70% full (probes past
  // other terms' slots read no entry; 50% cost amazonsTorus 9% more memory and 5% more time).
  std::vector<Slot, HugePageAllocator<Slot>> slots_;
};

}  // namespace ggp::propnet
