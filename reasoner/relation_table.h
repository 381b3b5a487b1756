#pragma once
// A relation's extension during bottom-up evaluation: a set of rows of TermIds (appended, never
// moved, so a row index stays valid), with hashed chains per index, an index being a set of
// columns probed together. Clearing keeps the capacity, so per-state evaluation does not allocate
// once warm.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/term_store.h"

namespace ggp::reasoner {

inline constexpr uint32_t kNoRow = UINT32_MAX;

// The columns of one index, in increasing order.
using IndexColumns = std::vector<uint32_t>;

// The probe key of an index: a hash of the values of its columns, in order.
inline uint64_t index_key(const TermId* values, size_t n) {
  uint64_t h = 0x6a09e667f3bcc909ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ values[i]) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 32);
}

class RelationTable {
 public:
  RelationTable(uint32_t arity, const std::vector<IndexColumns>& indexes);

  uint32_t arity() const { return arity_; }
  uint32_t size() const { return count_; }
  const TermId* row(uint32_t i) const { return data_.data() + static_cast<size_t>(i) * arity_; }

  // Adds the row unless present; returns whether it was added.
  bool insert(const TermId* row);
  // The index of the row, or kNoRow.
  uint32_t find_row(const TermId* row) const;
  bool contains(const TermId* row) const { return find_row(row) != kNoRow; }
  void clear();
  // Builds the indexes of `indexes` the table lacks (slots are positions in `indexes`, which
  // only ever grows).
  void ensure_indexes(const std::vector<IndexColumns>& indexes);

  // Rows whose index `slot` columns may hold the values with index_key `key` (a superset:
  // callers match them): for (r = first(slot, key); r != kNoRow; r = next(slot, r)).
  uint32_t first(uint32_t slot, uint64_t key) const { return columns_[slot].head[key >> shift_]; }
  uint32_t next(uint32_t slot, uint32_t row) const { return columns_[slot].next[row]; }

 private:
  struct Column {
    IndexColumns columns;
    std::vector<uint32_t> head;  // per bucket, the last row inserted there
    std::vector<uint32_t> next;  // per row, the previous row of its bucket
  };
  uint64_t key_of(const Column& c, uint32_t r) const {
    TermId values[16];
    size_t n = std::min<size_t>(c.columns.size(), 16);
    for (size_t i = 0; i < n; ++i) values[i] = row(r)[c.columns[i]];
    return index_key(values, n);
  }
  uint64_t row_hash(const TermId* row) const;
  void link(uint32_t r);
  void grow_buckets();

  uint32_t arity_;
  uint32_t count_ = 0;
  std::vector<TermId> data_;
  std::vector<uint64_t> hashes_;   // per row
  std::vector<uint32_t> set_head_;  // per bucket, chains over rows by full-row hash
  std::vector<uint32_t> set_next_;
  std::vector<Column> columns_;
  int shift_ = 60;  // 64 - log2(bucket count)
};

}  // namespace ggp::reasoner
