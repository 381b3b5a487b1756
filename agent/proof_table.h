#pragma once
// The table of the forced-win search (agent/forced_win.h): for a state and an attacker, what is
// proven, as a 64-bit key (a fingerprint of both) and a depth, in a fixed array of two-entry
// buckets (one entry kept for the deeper result, one replaced always), as chess programs keep
// their transposition tables: memory is bounded, and a search begun again finds most of what it
// knew. A different state with the same key would be taken for the one stored: with a 64-bit
// fingerprint the chance is about 2^-64 a lookup, far below anything a match can meet.
#include <cstdint>
#include <memory>

#include "reasoner/state.h"

namespace ggp::agent {

class ProofTable {
 public:
  // The key of `state` for `attacker` (never 0, which marks an empty entry).
  static uint64_t key(const reasoner::State& state, reasoner::RoleIndex attacker);

  // > 0: the attacker wins within that many turns; < 0: it does not within minus that many;
  // 0: nothing known.
  int16_t find(uint64_t key) const;
  void store(uint64_t key, int16_t known);

  static constexpr size_t kBuckets = size_t{1} << 20;  // 32 MB

 private:
  struct Entry {
    uint64_t key = 0;
    int16_t known = 0;
  };
  struct Bucket {
    Entry deep, recent;
  };
  Bucket& bucket(uint64_t key) { return buckets_[key & (kBuckets - 1)]; }
  const Bucket& bucket(uint64_t key) const { return buckets_[key & (kBuckets - 1)]; }
  std::unique_ptr<Bucket[]> buckets_ = std::make_unique<Bucket[]>(kBuckets);
};

}  // namespace ggp::agent
