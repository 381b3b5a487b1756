#pragma once
// The memoised answers of demand calls (see DemandVariant in reasoner/program.h): one entry per
// call, keyed by the variant and the values of its bound arguments, holding the rows found. A
// dynamic memo is cleared with every state, so clearing keeps every buffer: entries are reused in
// place and both hash tables are open-addressed arrays, so that a warm memo does not allocate.
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "reasoner/term_store.h"

namespace ggp::reasoner {

struct DemandEntry {
  int32_t variant = -1;         // -1: forgotten (never found again)
  uint64_t hash = 0;            // of the variant and the key
  std::vector<TermId> key;      // the bound arguments, in order
  std::vector<TermId> answers;  // rows of the relation, `arity` values each
  uint32_t count = 0;           // rows in `answers` (they may have arity 0)
  uint32_t depth = kNoId;       // position in the stack of calls being computed, or kNoId
  bool observed = false;        // a recursive call read it while it was being computed
  std::vector<uint32_t> seen;   // open addressing over the rows: row + 1, 0 if empty

  // Adds the row that ends `answers` (its last `arity` values) unless it is already there, in
  // which case it is removed again; returns whether it was added.
  bool keep_last_answer(size_t arity);
};

class DemandMemo {
 public:
  size_t size() const { return live_; }
  DemandEntry& operator[](uint32_t e) { return entries_[e]; }

  // The entry of the call, or kNoId.
  uint32_t find(int32_t variant, std::span<const TermId> key, uint64_t hash) const;
  // A new, empty entry for the call (which must not be in the memo).
  uint32_t add(int32_t variant, std::span<const TermId> key, uint64_t hash);
  // The entry is never found again (its answers are not final); it stays allocated until clear().
  void forget(uint32_t e) { entries_[e].variant = -1; }
  void clear();

 private:
  void place(uint32_t e);

  std::deque<DemandEntry> entries_;  // [0, live_) in use; the rest keep their buffers
  uint32_t live_ = 0;
  std::vector<uint32_t> index_;  // open addressing over the entries: entry + 1, 0 if empty
};

}  // namespace ggp::reasoner
