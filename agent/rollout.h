#pragma once
// Playouts (simulations) for every searcher: from a state to the end of the game, each role's move
// chosen by a playout policy, with decisive and anti-decisive moves (Teytaud & Teytaud 2010)
// checked first when a single role is to move. Every step is appended to a Trace. Results are goals
// scaled to [0,1] (no goal counts as 0). Allocation-free once its buffers are warm.
#include <span>
#include <vector>

#include "agent/mcts_config.h"
#include "agent/move_tables.h"
#include "agent/searcher.h"
#include "agent/trace.h"
#include "reasoner/playout.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

// What chooses moves in a playout; the tables are owned by the searcher.
struct RolloutPolicy {
  PlayoutMode mode = PlayoutMode::Random;
  double mast_temperature = 0.1;
  double mast_epsilon = 0.4;               // PlayoutMode::MastGreedy and PpaGreedy
  const MoveAverages* mast = nullptr;      // required by PlayoutMode::Mast and MastGreedy
  const PolicyWeights* weights = nullptr;  // required by PlayoutMode::Ppa (Gibbs at temperature 1)
                                           // and PpaGreedy
  reasoner::Captures captures;  // played first (reasoner::capture_move)
  bool decisive = false;                   // play the mover's immediate win if it has one
  bool anti_decisive = false;  // else avoid moves after which the next mover wins at once
  size_t max_depth = 10'000;
  // When set, a rollout is abandoned once these limits are interrupted (stop flag or deadline,
  // the flag every step, the clock every 16), so that one long playout on a slow machine cannot overrun a clock.
  const SearchLimits* limits = nullptr;
};

struct RolloutResult {
  size_t steps = 0;
  bool completed = false;  // ended in a terminal state (not cut by max_depth or a broken state)
  bool abandoned = false;  // cut by RolloutPolicy::limits: its result means nothing
};

// Each role's goal in `state` scaled to [0,1]; kNoGoal and kAmbiguousGoal count as 0.
void scaled_goals(reasoner::StateMachine& machine, const reasoner::State& state,
                  std::span<double> out);

// The only role with more than one legal move at `step` of `trace`, or -1 (none or several).
int unique_mover(const Trace& trace, size_t step);

class Rollout {
 public:
  explicit Rollout(reasoner::StateMachine& machine) : machine_(machine) {}

  // Plays from `start` to the end, appending the steps to `trace`; writes results into `results`
  // (one per role).
  RolloutResult run(const reasoner::State& start, const RolloutPolicy& policy,
                    reasoner::Random& rng, Trace& trace, std::span<double> results);

  // The index in `legal` of a move that wins at once for `mover` (the other roles playing
  // `others`, their only moves), or -1 (reasoner::decisive_move, `interrupted` with it).
  int find_decisive(const reasoner::State& state, std::span<const reasoner::MoveId> others,
                    reasoner::RoleIndex mover, std::span<const reasoner::MoveId> legal,
                    const reasoner::ScanInterrupt& interrupted = {}) {
    return reasoner::decisive_move(machine_, state, others, mover, legal, greedy_, interrupted);
  }

 private:
  void choose_joint(const reasoner::State& state, size_t step, const RolloutPolicy& policy,
                    reasoner::Random& rng, Trace& trace);
  reasoner::MoveId choose(std::span<const reasoner::MoveId> legal, const reasoner::State& state,
                          const RolloutPolicy& policy, reasoner::Random& rng);

  reasoner::StateMachine& machine_;
  reasoner::State a_, b_;
  reasoner::JointMove joint_;
  std::vector<reasoner::MoveId> candidates_;
  reasoner::GreedyBuffers greedy_;
  std::vector<double> gibbs_scratch_;
};

}  // namespace ggp::agent
