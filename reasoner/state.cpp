#include "reasoner/state.h"

#include <algorithm>

namespace ggp::reasoner {
namespace {

size_t significant_words(std::span<const uint64_t> words) {
  size_t n = words.size();
  while (n > 0 && words[n - 1] == 0) --n;
  return n;
}

}  // namespace

uint64_t State::hash() const {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  size_t n = significant_words(words_);
  for (size_t i = 0; i < n; ++i) {
    h ^= words_[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
  }
  return h ^ (h >> 33);
}

bool operator==(const State& a, const State& b) {
  size_t n = significant_words(a.words_);
  if (n != significant_words(b.words_)) return false;
  return std::equal(a.words_.begin(), a.words_.begin() + static_cast<ptrdiff_t>(n), b.words_.begin());
}

}  // namespace ggp::reasoner
