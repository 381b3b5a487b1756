#pragma once
// Differential testing of one machine against another (the reference, usually the prover) on
// random playouts played in lockstep.
#include <cstdint>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct DifferentialLimits {
  size_t playouts = 20;      // playouts to play, at most
  double seconds = 0;        // wall-time budget; <= 0: none
  size_t max_steps = 1000;   // per playout: a longer one is a difference ("no end")
};

struct DifferentialResult {
  std::string difference;  // the first difference, with playout and step; empty if none
  size_t playouts = 0;     // playouts started
  size_t steps = 0;        // states compared
  size_t stuck = 0;        // playouts that met a non-terminal state where a role had no legal move
};

// Moves are picked at random by text among the reference's legal moves. At every state: the fact
// texts, terminal, every role's goal and every role's set of legal move texts must agree. A
// playout that meets a role without legal moves in a non-terminal state (a broken game, on which
// both machines agree) ends there and is counted in `stuck`.
DifferentialResult compare_random_playouts(StateMachine& subject, StateMachine& reference,
                                           uint64_t seed, const DifferentialLimits& limits);

}  // namespace ggp::reasoner
