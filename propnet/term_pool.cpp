#include "propnet/term_pool.h"

#include <algorithm>

namespace ggp::propnet {

TermPool::TermPool() : slots_(1024, kNoTerm) {}

uint64_t TermPool::hash_of(gdl::SymbolId functor, std::span<const TermId> args) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ functor;
  for (TermId a : args) {
    h ^= a + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 29);
}

bool TermPool::same(TermId t, gdl::SymbolId functor, std::span<const TermId> args) const {
  const Entry& e = entries_[t];
  if (e.functor != functor || e.arity != args.size()) return false;
  return std::equal(args.begin(), args.end(), args_.begin() + e.args_begin);
}

TermId TermPool::find(gdl::SymbolId functor, std::span<const TermId> args) const {
  size_t mask = slots_.size() - 1;
  for (size_t i = static_cast<uint32_t>(hash_of(functor, args)) & mask;; i = (i + 1) & mask) {
    TermId t = slots_[i];
    if (t == kNoTerm) return kNoTerm;
    if (same(t, functor, args)) return t;
  }
}

void TermPool::grow() {
  std::vector<TermId> slots(slots_.size() * 2, kNoTerm);
  size_t mask = slots.size() - 1;
  for (TermId t = 0; t < entries_.size(); ++t) {
    size_t i = entries_[t].hash & mask;
    while (slots[i] != kNoTerm) i = (i + 1) & mask;
    slots[i] = t;
  }
  slots_.swap(slots);
}

TermId TermPool::intern(gdl::SymbolId functor, std::span<const TermId> args) {
  if (!args.empty() && args.data() >= args_.data() && args.data() < args_.data() + args_.size()) {
    std::vector<TermId> copy(args.begin(), args.end());  // `args` lives in args_, which may move
    return intern(functor, copy);
  }
  size_t mask = slots_.size() - 1;
  const uint32_t hash = static_cast<uint32_t>(hash_of(functor, args));
  size_t i = hash & mask;
  for (;; i = (i + 1) & mask) {
    TermId t = slots_[i];
    if (t == kNoTerm) break;
    if (same(t, functor, args)) return t;
  }
  TermId id = static_cast<TermId>(entries_.size());
  entries_.push_back(
      {functor, static_cast<uint32_t>(args_.size()), static_cast<uint32_t>(args.size()), hash});
  args_.insert(args_.end(), args.begin(), args.end());
  slots_[i] = id;
  if (entries_.size() * 2 > slots_.size()) grow();
  return id;
}

void TermPool::append_text(TermId t, const gdl::SymbolTable& symbols, std::string& out) const {
  const Entry& e = entries_[t];
  if (e.arity == 0) {  // `(f)` prints as `f`, as GGP-Base (and the traces) do
    out += symbols.name(e.functor & ~kEmptyCall);
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
