#pragma once
// Short self-play games between searchers, for metagaming (agent/metagame.h): every role is played
// by its own MCTS engine with a fixed playout budget per decision, from a given state to the end.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "agent/mcts_config.h"
#include "agent/searcher.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct TrialSettings {
  uint64_t playouts_per_move = 100;  // each decision's budget (a forced move costs none)
  size_t max_moves = 200;            // a game still running after this many turns is scored there
  Clock::time_point deadline = Clock::time_point::max();  // the whole game's deadline
  const std::atomic<bool>* stop = nullptr;
};

// Plays one game from `start` with role r's moves chosen by an MCTS engine configured by
// `configs[r]` (seeded seed + r), all over `machine`, one after the other. Returns each role's
// scaled goal where the game ended, or nullopt if the deadline or the stop flag cut it short.
// Deterministic for a seed when the deadline does not cut it.
std::optional<std::vector<double>> play_trial(reasoner::StateMachine& machine,
                                              const reasoner::State& start,
                                              std::span<const MctsConfig> configs, uint64_t seed,
                                              const TrialSettings& settings);

}  // namespace ggp::agent
