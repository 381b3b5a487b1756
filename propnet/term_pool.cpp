#include "propnet/term_pool.h"

#include <algorithm>

namespace ggp::propnet {

TermPool::TermPool() : slots_(1024, kEmptySlot) {}

void TermPool::clear() {
  entries_.clear();
  args_.clear();
  std::fill(slots_.begin(), slots_.end(), kEmptySlot);
}

uint32_t TermPool::hash_of(gdl::SymbolId functor, std::span<const TermId> args) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ functor;
  for (TermId a : args) {
    h ^= a + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return static_cast<uint32_t>(h ^ (h >> 29));
}

bool TermPool::same(TermId t, gdl::SymbolId functor, std::span<const TermId> args) const {
  const Entry& e = entries_[t];
  if (e.functor != functor || e.arity != args.size()) return false;
  const TermId* stored = args_.data() + e.args_begin;
  for (size_t i = 0; i < args.size(); ++i)  // terms are short: a loop beats a call to memcmp
    if (stored[i] != args[i]) return false;
  return true;
}

size_t TermPool::probe(uint32_t hash, gdl::SymbolId functor, std::span<const TermId> args) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot s = slots_[i];
    if (s == kEmptySlot) return i;
    if (static_cast<uint32_t>(s >> 32) == hash && same(static_cast<TermId>(s), functor, args))
      return i;
  }
}

TermId TermPool::find(gdl::SymbolId functor, std::span<const TermId> args) const {
  const Slot s = slots_[probe(hash_of(functor, args), functor, args)];
  return s == kEmptySlot ? kNoTerm : static_cast<TermId>(s);
}

void TermPool::prefetch(gdl::SymbolId functor, std::span<const TermId> args) const {
  __builtin_prefetch(&slots_[hash_of(functor, args) & (slots_.size() - 1)]);
}

void TermPool::grow() {
  std::vector<Slot, HugePageAllocator<Slot>> slots(slots_.size() * 2, kEmptySlot);
  const size_t mask = slots.size() - 1;
  for (Slot s : slots_) {
    if (s == kEmptySlot) continue;
    size_t i = (s >> 32) & mask;
    while (slots[i] != kEmptySlot) i = (i + 1) & mask;
    slots[i] = s;
  }
  slots_.swap(slots);
}

TermId TermPool::intern(gdl::SymbolId functor, std::span<const TermId> args) {
  if (!args.empty() && args.data() >= args_.data() && args.data() < args_.data() + args_.size()) {
    std::vector<TermId> copy(args.begin(), args.end());  // `args` lives in args_, which may move
    return intern(functor, copy);
  }
  const uint32_t hash = hash_of(functor, args);
  const size_t i = probe(hash, functor, args);
  if (slots_[i] != kEmptySlot) return static_cast<TermId>(slots_[i]);
  const TermId id = static_cast<TermId>(entries_.size());
  entries_.push_back(
      {functor, static_cast<uint32_t>(args_.size()), static_cast<uint32_t>(args.size())});
  args_.insert(args_.end(), args.begin(), args.end());
  slots_[i] = slot(hash, id);
  if (entries_.size() * 10 > slots_.size() * 7) grow();
  return id;
}

void TermPool::append_text(TermId t, const gdl::SymbolTable& symbols, std::string& out) const {
  const Entry& e = entries_[t];
  if (e.arity == 0) {
    out += symbols.name(e.functor);
    return;
  }
  out += '(';
  out += symbols.name(e.functor);
  for (TermId a : args(t)) {
    out += ' ';
    append_text(a, symbols, out);
  }
  out += ')';
}

std::string TermPool::text(TermId t, const gdl::SymbolTable& symbols) const {
  std::string out;
  append_text(t, symbols, out);
  return out;
}

}  // namespace ggp::propnet
