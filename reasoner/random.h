#pragma once
// A small, fast, seedable generator (xoshiro256**, Blackman & Vigna) for playouts and search:
// deterministic for a seed on every platform, unlike std:: distributions.
#include <cstdint>

namespace ggp::reasoner {

// SplitMix64's finalizer (Steele, Lea & Flood 2014): a bijection in which every input bit reaches
// every output bit; for seeding, hashing and fingerprints.
constexpr uint64_t splitmix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

class Random {
 public:
  explicit Random(uint64_t seed = 0x5eed) { reseed(seed); }
  void reseed(uint64_t seed) {
    for (uint64_t& s : s_) {  // splitmix64 to spread the seed
      seed += 0x9e3779b97f4a7c15ull;
      s = splitmix64(seed);
    }
  }
  uint64_t next() {
    uint64_t result = rotl(s_[1] * 5, 7) * 9;
    uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-32 for real n).
  uint32_t below(uint32_t n) {
    return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32);
  }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace ggp::reasoner
