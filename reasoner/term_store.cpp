#include "reasoner/term_store.h"

#include <algorithm>

namespace ggp::reasoner {
namespace {

constexpr size_t kArgBlock = 1 << 16;

bool same(const TermNode& n, gdl::SymbolId symbol, std::span<const TermId> args) {
  return n.symbol == symbol && n.arity == args.size() &&
         std::equal(args.begin(), args.end(), n.args);
}

}  // namespace

TermStore::TermStore() : slots_(1024, kNoTerm), mask_(1023) {}

uint64_t TermStore::hash_of(gdl::SymbolId symbol, std::span<const TermId> args) {
  uint64_t h = (uint64_t{symbol} << 8 | args.size()) * 0x9e3779b97f4a7c15ull;
  for (TermId a : args) h = (h ^ a) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

TermId TermStore::find_locked(gdl::SymbolId symbol, std::span<const TermId> args) const {
  for (size_t i = hash_of(symbol, args) & mask_;; i = (i + 1) & mask_) {
    TermId t = slots_[i];
    if (t == kNoTerm) return kNoTerm;
    if (same(nodes_[t], symbol, args)) return t;
  }
}

TermId TermStore::find(gdl::SymbolId symbol, std::span<const TermId> args) const {
  std::lock_guard lock(mutex_);
  return find_locked(symbol, args);
}

TermId TermStore::intern_locked(gdl::SymbolId symbol, std::span<const TermId> args) {
  size_t i = hash_of(symbol, args) & mask_;
  for (;; i = (i + 1) & mask_) {
    TermId t = slots_[i];
    if (t == kNoTerm) break;
    if (same(nodes_[t], symbol, args)) return t;
  }
  if (args.size() > kArgBlock) throw std::length_error("term with too many arguments");
  const TermId* stored = nullptr;
  if (!args.empty()) {
    if (arg_blocks_.empty() || arg_block_used_ + args.size() > kArgBlock) {
      arg_blocks_.push_back(std::make_unique<TermId[]>(kArgBlock));
      arg_block_used_ = 0;
    }
    TermId* dst = arg_blocks_.back().get() + arg_block_used_;
    std::copy(args.begin(), args.end(), dst);
    arg_block_used_ += args.size();
    stored = dst;
  }
  size_t id = nodes_.grow();
  TermNode& n = nodes_[id];
  n.symbol = symbol;
  n.arity = static_cast<uint32_t>(args.size());
  n.args = stored;
  slots_[i] = static_cast<TermId>(id);
  if (2 * (id + 1) > slots_.size()) rehash();
  return static_cast<TermId>(id);
}

TermId TermStore::intern(gdl::SymbolId symbol, std::span<const TermId> args) {
  std::lock_guard lock(mutex_);
  return intern_locked(symbol, args);
}

void TermStore::rehash() {
  std::vector<TermId> slots(slots_.size() * 2, kNoTerm);
  size_t mask = slots.size() - 1;
  for (TermId t : slots_) {
    if (t == kNoTerm) continue;
    const TermNode& n = nodes_[t];
    size_t i = hash_of(n.symbol, n.arguments()) & mask;
    while (slots[i] != kNoTerm) i = (i + 1) & mask;
    slots[i] = t;
  }
  slots_.swap(slots);
  mask_ = mask;
}

void TermStore::append_text(TermId t, const gdl::SymbolTable& symbols, std::string& out) const {
  const TermNode& n = nodes_[t];
  if (n.arity == 0) {
    out += symbols.name(n.symbol);
    return;
  }
  out += '(';
  out += symbols.name(n.symbol);
  for (TermId a : n.arguments()) {
    out += ' ';
    append_text(a, symbols, out);
  }
  out += ')';
}

std::string TermStore::text(TermId t, const gdl::SymbolTable& symbols) const {
  std::string out;
  append_text(t, symbols, out);
  return out;
}

}  // namespace ggp::reasoner
