#pragma once
// Value types of every state machine: dense ids, the State bitset and joint moves.
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace ggp::reasoner {

using RoleIndex = uint32_t;  // position of the role in the rule sheet's (role ...) facts
using MoveId = uint32_t;     // a (role, move term) pair, dense per machine (and its clones)
using FactId = uint32_t;     // a ground base fact `(true F)`, dense per machine (and its clones)

// A joint move: one MoveId per role, in role order.
using JointMove = std::vector<MoveId>;

// A goal value 0..100, or one of the two markers below for a role without exactly one value.
using GoalValue = int;
inline constexpr GoalValue kWinGoal = 100;       // the top goal: a win (greedy playouts, decisive moves)
inline constexpr GoalValue kNoGoal = -1;         // no goal value holds for the role
inline constexpr GoalValue kAmbiguousGoal = -2;  // several goal values hold for the role

// The set of true base facts, as a bitset over FactIds. Bits past the stored words are false, so
// states of different widths compare correctly (a prover's fact table may grow).
class State {
 public:
  bool test(FactId f) const {
    size_t w = f / 64;
    return w < words_.size() && ((words_[w] >> (f % 64)) & 1);
  }
  void set(FactId f) {
    size_t w = f / 64;
    if (w >= words_.size()) words_.resize(w + 1, 0);
    words_[w] |= uint64_t{1} << (f % 64);
  }
  void reset(FactId f) {
    size_t w = f / 64;
    if (w < words_.size()) words_[w] &= ~(uint64_t{1} << (f % 64));
  }
  // Empties the set, keeping the capacity (no allocation on reuse).
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  // Makes room for facts below `n` without allocating later.
  void reserve_facts(size_t n) {
    if (words_.size() < (n + 63) / 64) words_.resize((n + 63) / 64, 0);
  }
  size_t count() const {
    size_t n = 0;
    for (uint64_t w : words_) n += static_cast<size_t>(std::popcount(w));
    return n;
  }
  template <typename F>
  void for_each_fact(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
        f(static_cast<FactId>(w * 64 + static_cast<size_t>(std::countr_zero(bits))));
  }
  std::span<const uint64_t> words() const { return words_; }
  std::span<uint64_t> mutable_words() { return words_; }

  // A hash that ignores trailing zero words, consistent with operator==.
  uint64_t hash() const;
  friend bool operator==(const State& a, const State& b);

 private:
  std::vector<uint64_t> words_;
};

struct StateHash {
  size_t operator()(const State& s) const { return static_cast<size_t>(s.hash()); }
};

}  // namespace ggp::reasoner
