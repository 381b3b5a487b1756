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
    for (uint32_t r = 0; r < p_.num_roles; ++r)
      if (r != mover) set_input(joint[r], lanes);
    for (size_t i = 0; i < n; ++i) set_input(candidates[first + i], uint64_t{1} << i);
    scatter_inputs();
    apply_transition(~uint64_t{0}, false);
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
