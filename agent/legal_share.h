#pragma once
// How much of a role's move vocabulary is legal where it chooses: over uniformly random playouts
// from a state, at each decision (a role with two or more legal moves), the number of its legal
// moves divided by the number of distinct moves seen for that role over all the playouts; the
// mean over decisions.
//
// Why: MAST (Finnsson & Björnsson 2008) values a move by its average result wherever it was
// played, and ε-greedy MAST plays the legal move of highest value. Where a role's legal moves are
// most of its moves everywhere (placement games: hex, pentago, connect four), following one global
// ranking plays nearly the same order in every playout; where the legal set changes from state to
// state (reversi, checkers), the same ranking picks among moves the position offers. Screens 7 and
// 8 of docs/strength.md: ε-greedy MAST in the lanes won reversi 15-0-1 and checkers 10-6-0 against
// the default and lost hex 1-0-7 (pentago 6-3-7). MctsConfig::mast_max_share applies the share.
#include <cstddef>
#include <vector>

#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct LegalShare {
  size_t playouts = 0;   // probe playouts played to the end (or to max_steps)
  size_t decisions = 0;  // (state, role) pairs with two or more legal moves
  double share = 0;      // mean over decisions of legal moves / the role's vocabulary; 0 if none
};

// Plays up to `playouts` uniformly random playouts from `start` (each at most `max_steps` joint
// moves; a playout cut by `limits` is not counted) and measures the share above.
LegalShare measure_legal_share(reasoner::StateMachine& machine, const reasoner::State& start,
                               reasoner::Random& rng, size_t playouts, const SearchLimits& limits,
                               size_t max_steps = 10'000);

}  // namespace ggp::agent
