#pragma once
// Hash-consed ground terms, shared by a prover and all its clones: a term is a dense TermId and
// equal terms have equal ids, so unification of ground terms is an id compare. Interning is
// serialised by a mutex; reading a term never locks, because the storage is chunked and never
// moves (an id is only ever handed out after its node is written).
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "gdl/symbol_table.h"

namespace ggp::reasoner {

using TermId = uint32_t;
inline constexpr TermId kNoTerm = UINT32_MAX;
inline constexpr uint32_t kNoId = UINT32_MAX;

// An append-only array whose elements never move: readers index it without a lock while a writer
// (holding the owner's mutex) appends.
template <typename T>
class ChunkedArray {
 public:
  static constexpr size_t kChunkBits = 12;
  static constexpr size_t kChunk = size_t{1} << kChunkBits;
  static constexpr size_t kMaxChunks = size_t{1} << 15;

  ChunkedArray() : chunks_(kMaxChunks) {}
  const T& operator[](size_t i) const { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  T& operator[](size_t i) { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  size_t size() const { return size_.load(std::memory_order_acquire); }
  // Appends a default element and returns its index. The caller serialises appends.
  size_t grow() {
    size_t i = size_.load(std::memory_order_relaxed);
    if ((i >> kChunkBits) >= kMaxChunks) throw std::length_error("term store full");
    if ((i & (kChunk - 1)) == 0) chunks_[i >> kChunkBits] = std::make_unique<T[]>(kChunk);
    size_.store(i + 1, std::memory_order_release);
    return i;
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::atomic<size_t> size_{0};
};

struct TermNode {
  gdl::SymbolId symbol = 0;
  uint32_t arity = 0;
  const TermId* args = nullptr;
  // Lazily assigned ids of this term as a state fact and as a move (per role: an index into the
  // store's move slots). Written once under the mutex, read without it.
  std::atomic<uint32_t> fact{kNoId};
  std::atomic<uint32_t> move_slots{kNoId};

  std::span<const TermId> arguments() const { return {args, arity}; }
};

class TermStore {
 public:
  TermStore();
  TermStore(const TermStore&) = delete;
  TermStore& operator=(const TermStore&) = delete;

  const TermNode& node(TermId t) const { return nodes_[t]; }
  TermNode& mutable_node(TermId t) { return nodes_[t]; }
  size_t size() const { return nodes_.size(); }

  // The id of symbol(args...), created if new. Locks.
  TermId intern(gdl::SymbolId symbol, std::span<const TermId> args);
  // The id if the term exists, else kNoTerm. Locks.
  TermId find(gdl::SymbolId symbol, std::span<const TermId> args) const;

  // For callers that group several operations under one lock.
  std::mutex& mutex() const { return mutex_; }
  TermId intern_locked(gdl::SymbolId symbol, std::span<const TermId> args);
  TermId find_locked(gdl::SymbolId symbol, std::span<const TermId> args) const;

  void append_text(TermId t, const gdl::SymbolTable& symbols, std::string& out) const;
  std::string text(TermId t, const gdl::SymbolTable& symbols) const;

 private:
  static uint64_t hash_of(gdl::SymbolId symbol, std::span<const TermId> args);
  void rehash();

  mutable std::mutex mutex_;
  ChunkedArray<TermNode> nodes_;
  std::vector<std::unique_ptr<TermId[]>> arg_blocks_;
  size_t arg_block_used_ = 0;
  std::vector<TermId> slots_;  // open addressing over node ids; kNoTerm marks an empty slot
  size_t mask_ = 0;
};

}  // namespace ggp::reasoner
