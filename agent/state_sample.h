#pragma once
// States of uniformly random playouts, a few taken at random from each: the sample that the
// START-time probes of the rules (agent/capture_moves.h, agent/move_effects.h) try moves in.
#include <cstddef>
#include <limits>
#include <vector>

#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct StateSample {
  size_t max_playouts = 400;      // random playouts from the root played at most
  size_t max_states = 2000;       // states kept at most
  size_t states_per_playout = 6;  // states kept from each playout, drawn with replacement
  size_t max_steps = std::numeric_limits<size_t>::max();  // joint moves of a playout at most
};

// Non-terminal states of random playouts from `root` (the root among them), until `limits`
// interrupt or the sample's caps are reached; the playout they cut gives its states too.
std::vector<reasoner::State> sample_playout_states(reasoner::StateMachine& machine,
                                                   const reasoner::State& root,
                                                   reasoner::Random& rng,
                                                   const SearchLimits& limits,
                                                   const StateSample& sample = {});

}  // namespace ggp::agent
