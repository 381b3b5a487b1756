// Wins at once tested side by side (BitParallelPlayouts::first_win): one candidate move a lane.
#include <algorithm>
#include <bit>

#include "propnet/bit_parallel.h"

namespace ggp::propnet {

int BitParallelPlayouts::first_win(const reasoner::State& state,
                                   std::span<const reasoner::MoveId> joint, uint32_t mover,
                                   std::span<const reasoner::MoveId> candidates) {
  if (win_literal_[mover] < 0) return -1;
  const auto win = static_cast<uint32_t>(win_literal_[mover]);
  int found = -1;
  for (size_t first = 0; first < candidates.size() && found < 0; first += kLanes) {
    const size_t n = std::min<size_t>(kLanes, candidates.size() - first);
    const uint64_t lanes = n == kLanes ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    clear_inputs();
    load(state, ~uint64_t{0});
    evaluate(bits_->query);  // the transition gates read query gates
    auto set = [&](uint32_t move, uint64_t on) {
      const uint32_t slot = p_.input_node(move);
      if (w_[slot] == 0) set_inputs_.push_back(slot);
      w_[slot] |= on;
    };
    for (uint32_t r = 0; r < p_.num_roles; ++r)
      if (r != mover) set(joint[r], lanes);
    for (size_t i = 0; i < n; ++i) set(candidates[first + i], uint64_t{1} << i);
    scatter_inputs();
    evaluate(bits_->transition);
    // Two passes: a next literal may read a base proposition directly.
    for (uint32_t f = 0; f < p_.num_facts; ++f) next_[f] = word(bits_->next[f]);
    for (uint32_t f = 0; f < p_.num_facts; ++f) w_[p_.base_node(f)] = next_[f];
    evaluate(bits_->query);
    const uint64_t ended = word(bits_->terminal) & lanes;
    if (ended == 0) continue;
    evaluate(bits_->goal);
    const uint64_t wins = single_goal_lanes(mover, ended) & word(win);
    if (wins) found = static_cast<int>(first) + std::countr_zero(wins);
  }
  clear_inputs();
  return found;
}

}  // namespace ggp::propnet
