#pragma once
// Forced-win proofs at a root, deepened two turns at a time (agent/forced_win.h): for plies 1, 3,
// 5 .. up to a depth, first the root moves after which the other role forces a win within
// `plies` turns (proven lost), then whether the root's mover forces a win within `plies` + 2 (a
// proven win, and its move). The proof thread (agent/proof_thread.h) runs it beside the tree
// search; `ggp bench-prove` runs it alone to measure it.
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "agent/forced_win.h"

namespace ggp::agent {

// A root where one role chooses: `mover` among `moves`, the other role's one move `other_move`.
struct ProofRoot {
  reasoner::State state;
  reasoner::RoleIndex mover = 0;
  std::vector<reasoner::MoveId> moves;
  reasoner::MoveId other_move = 0;
};

struct RootProofEvents {
  // A root move (its index in ProofRoot::moves), the role whose forced win it is proven to be,
  // and the turns after the move within which that win comes (a bound: not within two fewer).
  std::function<void(size_t move, reasoner::RoleIndex winner, int turns)> proven;
  // Every root move proven to `plies` turns; false stops the deepening.
  std::function<bool(int plies)> depth_done;
};

inline constexpr uint64_t kUnlimitedStates = std::numeric_limits<uint64_t>::max() / 2;

// Deepens from 1 up to `max_plies` turns (odd depths), until the mover's forced win is found, the
// limits stop it, `max_states` more states have been searched, or depth_done says so. `search`
// keeps its table between calls: a search begun again on the same or a later root goes on from
// what it knows.
void prove_root(ForcedWinSearch& search, reasoner::StateMachine& machine, const ProofRoot& root,
                int max_plies, const SearchLimits& limits, const RootProofEvents& events,
                uint64_t max_states = kUnlimitedStates);

}  // namespace ggp::agent
