#include "reasoner/relation_table.h"

#include <algorithm>

namespace ggp::reasoner {

RelationTable::RelationTable(uint32_t arity, const std::vector<IndexColumns>& indexes)
    : arity_(arity) {
  for (const IndexColumns& c : indexes) columns_.push_back(Column{c, {}, {}});
  size_t buckets = size_t{1} << (64 - shift_);
  set_head_.assign(buckets, kNoRow);
  for (Column& c : columns_) c.head.assign(buckets, kNoRow);
}

uint64_t RelationTable::row_hash(const TermId* row) const {
  uint64_t h = 0x243f6a8885a308d3ull;
  for (uint32_t i = 0; i < arity_; ++i) h = (h ^ row[i]) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 31);
}

namespace {

bool same_row(const TermId* a, const TermId* b, uint32_t arity) {
  for (uint32_t i = 0; i < arity; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

}  // namespace

uint32_t RelationTable::find_row(const TermId* row) const {
  uint64_t h = row_hash(row);
  for (uint32_t r = set_head_[h >> shift_]; r != kNoRow; r = set_next_[r])
    if (hashes_[r] == h && same_row(row, this->row(r), arity_)) return r;
  return kNoRow;
}

void RelationTable::link(uint32_t r) {
  size_t b = hashes_[r] >> shift_;
  set_next_[r] = set_head_[b];
  set_head_[b] = r;
  for (Column& c : columns_) {
    size_t cb = key_of(c, r) >> shift_;
    c.next[r] = c.head[cb];
    c.head[cb] = r;
  }
}

void RelationTable::grow_buckets() {
  shift_ -= 1;
  size_t buckets = size_t{1} << (64 - shift_);
  set_head_.assign(buckets, kNoRow);
  for (Column& c : columns_) c.head.assign(buckets, kNoRow);
  for (uint32_t r = 0; r < count_; ++r) link(r);
}

bool RelationTable::insert(const TermId* row) {
  uint64_t h = row_hash(row);
  for (uint32_t r = set_head_[h >> shift_]; r != kNoRow; r = set_next_[r])
    if (hashes_[r] == h && same_row(row, this->row(r), arity_)) return false;
  uint32_t r = count_++;
  size_t end = static_cast<size_t>(count_) * arity_;
  if (data_.size() < end) data_.resize(std::max(end, data_.size() * 2));
  std::copy(row, row + arity_, data_.begin() + static_cast<ptrdiff_t>(end - arity_));
  if (hashes_.size() < count_) {
    size_t n = std::max<size_t>(count_, hashes_.size() * 2);
    hashes_.resize(n);
    set_next_.resize(n);
    for (Column& c : columns_) c.next.resize(n);
  }
  hashes_[r] = h;
  if (count_ > set_head_.size()) {
    grow_buckets();  // relinks every row, this one included
  } else {
    link(r);
  }
  return true;
}

void RelationTable::clear() {
  if (count_ == 0) return;
  count_ = 0;
  std::fill(set_head_.begin(), set_head_.end(), kNoRow);
  for (Column& c : columns_) std::fill(c.head.begin(), c.head.end(), kNoRow);
}

}  // namespace ggp::reasoner

namespace ggp::reasoner {

void RelationTable::ensure_indexes(const std::vector<IndexColumns>& indexes) {
  if (indexes.size() <= columns_.size()) return;
  for (size_t i = columns_.size(); i < indexes.size(); ++i) {
    Column c{indexes[i], {}, {}};
    c.head.assign(set_head_.size(), kNoRow);
    c.next.resize(set_next_.size());
    for (uint32_t r = 0; r < count_; ++r) {
      size_t b = key_of(c, r) >> shift_;
      c.next[r] = c.head[b];
      c.head[b] = r;
    }
    columns_.push_back(std::move(c));
  }
}

}  // namespace ggp::reasoner
