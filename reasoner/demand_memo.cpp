#include "reasoner/demand_memo.h"

#include <algorithm>

namespace ggp::reasoner {
namespace {

uint64_t row_hash(const TermId* row, size_t arity) {
  uint64_t h = 0x8422'2325'cbf2'9ce4ull;
  for (size_t i = 0; i < arity; ++i) h = (h ^ row[i]) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

}  // namespace

bool DemandEntry::keep_last_answer(size_t arity) {
  const TermId* rows = answers.data();
  const TermId* last = rows + static_cast<size_t>(count) * arity;
  if ((count + 1) * 2 > seen.size()) {  // grow, and place the rows again
    seen.assign(std::max<size_t>(16, seen.size() * 2), 0);
    for (uint32_t r = 0; r < count; ++r) {
      size_t s = row_hash(rows + r * arity, arity) & (seen.size() - 1);
      while (seen[s] != 0) s = (s + 1) & (seen.size() - 1);
      seen[s] = r + 1;
    }
  }
  size_t s = row_hash(last, arity) & (seen.size() - 1);
  for (; seen[s] != 0; s = (s + 1) & (seen.size() - 1))
    if (std::equal(last, last + arity, rows + static_cast<size_t>(seen[s] - 1) * arity)) {
      answers.resize(answers.size() - arity);
      return false;
    }
  seen[s] = ++count;
  return true;
}

uint32_t DemandMemo::find(int32_t variant, std::span<const TermId> key, uint64_t hash) const {
  if (index_.empty()) return kNoId;
  for (size_t s = hash & (index_.size() - 1); index_[s] != 0; s = (s + 1) & (index_.size() - 1)) {
    const DemandEntry& e = entries_[index_[s] - 1];
    if (e.hash == hash && e.variant == variant && std::equal(key.begin(), key.end(), e.key.begin(), e.key.end()))
      return index_[s] - 1;
  }
  return kNoId;
}

uint32_t DemandMemo::add(int32_t variant, std::span<const TermId> key, uint64_t hash) {
  uint32_t e = live_++;
  if (e == entries_.size()) entries_.emplace_back();
  DemandEntry& entry = entries_[e];
  entry.variant = variant;
  entry.hash = hash;
  entry.key.assign(key.begin(), key.end());
  entry.answers.clear();
  entry.count = 0;
  entry.depth = kNoId;
  entry.observed = false;
  entry.seen.assign(16, 0);
  if (live_ * 2 > index_.size()) {  // grow, and place the entries again
    index_.assign(std::max<size_t>(64, index_.size() * 2), 0);
    for (uint32_t i = 0; i < live_; ++i) place(i);
  } else {
    place(e);
  }
  return e;
}

void DemandMemo::place(uint32_t e) {
  size_t s = entries_[e].hash & (index_.size() - 1);
  while (index_[s] != 0) s = (s + 1) & (index_.size() - 1);
  index_[s] = e + 1;
}

void DemandMemo::clear() {
  if (live_ == 0) return;
  live_ = 0;
  std::fill(index_.begin(), index_.end(), 0);
}

}  // namespace ggp::reasoner
