#pragma once
// A relation's extension during bottom-up evaluation: a set of rows of TermIds (appended, never
// moved, so a row index stays valid), with hashed chains per indexed column. Clearing keeps the
// capacity, so per-state evaluation does not allocate once warm.
#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/term_store.h"

namespace ggp::reasoner {

inline constexpr uint32_t kNoRow = UINT32_MAX;

class RelationTable {
 public:
  RelationTable(uint32_t arity, std::vector<uint32_t> indexed_columns);

  uint32_t arity() const { return arity_; }
  uint32_t size() const { return count_; }
  const TermId* row(uint32_t i) const { return data_.data() + static_cast<size_t>(i) * arity_; }

  // Adds the row unless present; returns whether it was added.
  bool insert(const TermId* row);
  // The index of the row, or kNoRow.
  uint32_t find_row(const TermId* row) const;
  bool contains(const TermId* row) const { return find_row(row) != kNoRow; }
  void clear();
  // Indexes the columns of `columns` not yet indexed, appending them to the table's slots (the
  // slots of a column are its positions in `columns`, which only ever grows).
  void ensure_columns(const std::vector<uint32_t>& columns);

  // Rows whose column `indexed_columns[slot]` may equal `key` (a superset: callers match them):
  // for (r = first(slot, key); r != kNoRow; r = next(slot, r)).
  uint32_t first(uint32_t slot, TermId key) const {
    const Column& c = columns_[slot];
    return c.head[bucket(key)];
  }
  uint32_t next(uint32_t slot, uint32_t row) const { return columns_[slot].next[row]; }

 private:
  struct Column {
    uint32_t column;
    std::vector<uint32_t> head;  // per bucket, the last row inserted there
    std::vector<uint32_t> next;  // per row, the previous row of its bucket
  };
  size_t bucket(TermId key) const { return (key * 0x9e3779b97f4a7c15ull) >> shift_; }
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
