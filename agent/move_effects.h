#pragma once
// Whether a move's name says what it does: over states of uniformly random playouts from a state,
// for each state with one mover, the facts each legal move makes true that not every legal move of
// that state makes true (a turn marker, a move counter); a move has a fixed effect where some such
// fact is made true by it in every sampled state where it was legal (Breakthrough's
// (move 1 2 2 3) always puts a piece on 2 3; Go's (play 4 4) a stone on 4 4), and a varying one
// where not (Connect Four's (drop 4) fills whichever cell of column 4 is lowest).
//
// Why: AMAF (all moves as first; RAVE, Gelly & Silver 2011) scores a move by the playouts where it
// was played at any later time, which assumes that a move means the same wherever it is played.
// docs/search_evidence.md section 4 suspected alpha-AMAF's fixed weight of confounding Connect
// Four's drops at different heights; the share measured here says where that assumption fails.
#include <cstddef>

#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct MoveEffects {
  size_t states = 0;     // sampled states with one mover and two or more legal moves
  size_t decisions = 0;  // (state, legal move) pairs of moves seen legal in two states or more
  // Of those pairs, the share whose move has a fixed effect; 0 where there are none.
  double fixed_share = 0;
};

// Plays up to `playouts` uniformly random playouts from `start` (each at most `max_steps` joint
// moves), takes a few states of each, and tries every legal move of each state with one mover.
// Stops early where `limits` interrupt (the share is then over the states tried).
MoveEffects measure_move_effects(reasoner::StateMachine& machine, const reasoner::State& start,
                                 reasoner::Random& rng, size_t playouts, const SearchLimits& limits,
                                 size_t max_steps = 10'000);

}  // namespace ggp::agent
