#pragma once
// Perft: counts the leaves of the joint-move tree to a depth, as chess engines do to check move
// generators. A terminal state, or one where some role has no legal move, is a leaf wherever it
// occurs, so counts[d-1] is the number of joint-move sequences of length d plus the sequences that
// end earlier in such a leaf.
#include <cstdint>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

// counts[d - 1] for d = 1..depth, from `start`.
std::vector<uint64_t> perft(StateMachine& machine, const State& start, size_t depth);

}  // namespace ggp::reasoner
