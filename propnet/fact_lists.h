#pragma once
// Fact indices by a 64-bit key, for the grounder's joins (propnet/grounder.cpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "propnet/huge_pages.h"

namespace ggp::propnet {

inline constexpr uint32_t kNoFact = UINT32_MAX;

// Lists of fact indices (each in increasing order) by a 64-bit key. Open addressing with the first
// index of each list in its slot and the rest, if any, in a vector: a lookup usually misses the
// cache once, where std::unordered_map chased a bucket and a node after a division (about 40% of
// the join's own samples in dresden/farmers), and a key with one fact (as for a literal whose
// arguments are all bound, which joins through an index too) costs no allocation.
class FactLists {
 public:
  struct List {
    uint32_t first = kNoFact;                     // kNoFact: no fact has the key
    const std::vector<uint32_t>* rest = nullptr;  // the facts after `first`, or none
  };
  List find(uint64_t key) const {
    if (slots_.empty()) return {};
    const size_t mask = slots_.size() - 1;
    for (size_t i = spread(key) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.first == kNoFact) return {};
      if (s.key == key) return {s.first, s.rest == 0 ? nullptr : &rests_[s.rest - 1]};
    }
  }
  // `fact` is greater than every fact added before.
  void add(uint64_t key, uint32_t fact) {
    if ((used_ + 1) * 2 > slots_.size()) grow();
    Slot& s = slot(key);
    if (s.first == kNoFact) {
      s = {key, fact, 0};
      ++used_;
      return;
    }
    if (s.rest == 0) {
      rests_.emplace_back();
      s.rest = static_cast<uint32_t>(rests_.size());
    }
    rests_[s.rest - 1].push_back(fact);
  }

 private:
  struct Slot {
    uint64_t key = 0;
    uint32_t first = kNoFact;  // kNoFact: a free slot
    uint32_t rest = 0;         // 1 + the index of the rest in rests_, 0 for none
  };
  static size_t spread(uint64_t key) { return static_cast<size_t>(key ^ (key >> 31)); }
  // The slot of `key`, or the free slot where it goes.
  Slot& slot(uint64_t key) {
    const size_t mask = slots_.size() - 1;
    size_t i = spread(key) & mask;
    while (slots_[i].first != kNoFact && slots_[i].key != key) i = (i + 1) & mask;
    return slots_[i];
  }
  void grow() {
    std::vector<Slot, HugePageAllocator<Slot>> old(std::max<size_t>(16, slots_.size() * 2));
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.first != kNoFact) slot(s.key) = s;
  }
  std::vector<Slot, HugePageAllocator<Slot>> slots_;  // size a power of two, at most half used
  size_t used_ = 0;
  std::vector<std::vector<uint32_t>> rests_;
};

}  // namespace ggp::propnet
