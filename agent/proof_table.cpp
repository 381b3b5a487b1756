#include "agent/proof_table.h"

#include <cstdlib>

#include "reasoner/random.h"

namespace ggp::agent {

using reasoner::splitmix64;

uint64_t ProofTable::key(const reasoner::State& state, reasoner::RoleIndex attacker) {
  std::span<const uint64_t> words = state.words();
  size_t n = words.size();
  while (n > 0 && words[n - 1] == 0) --n;  // as State's equality: trailing zero words do not count
  uint64_t h = splitmix64(0x9e3779b97f4a7c15ull + attacker);
  for (size_t i = 0; i < n; ++i) h = splitmix64(h ^ words[i]);  // chained: a word's place counts
  return h == 0 ? 1 : h;
}

int16_t ProofTable::find(uint64_t key) const {
  const Bucket& b = bucket(key);
  if (b.deep.key == key) return b.deep.known;
  if (b.recent.key == key) return b.recent.known;
  return 0;
}

void ProofTable::store(uint64_t key, int16_t known) {
  Bucket& b = bucket(key);
  if (b.deep.key == key) {
    b.deep.known = known;
  } else if (b.recent.key == key || std::abs(known) < std::abs(b.deep.known)) {
    b.recent = {key, known};
  } else {  // at least as deep as the deep entry: it takes its place, the old one goes to recent
    b.recent = b.deep;
    b.deep = {key, known};
  }
}

}  // namespace ggp::agent
