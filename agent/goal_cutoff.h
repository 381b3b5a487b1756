#pragma once
// Early playout cutoff with a goal-based evaluation (Finnsson & Björnsson 2010, "Learning
// Simulation Control in General Game-Playing Agents", AAAI: simulations of long games stop early
// and are scored by the goal relation where it is informative before the end; Sancho does the
// same). Whether a game's goals say anything before the end is decided per game, from uniformly
// random playouts: for each role, the Pearson correlation, over every non-terminal state the
// playouts pass, between the role's scaled goal there and its result at the end of the same
// playout; the game's score is the mean over roles. (Per role, so that a goal that merely tells the
// roles apart, e.g. "the wolf wins while it can move", does not count as a signal.)
// Games whose goals are constant before the end (most win/loss games) score 0 and keep full
// playouts; games scored by material or points (checkers, dots and boxes) score high.
#include <cstddef>
#include <vector>

#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct GoalSignal {
  size_t playouts = 0;     // probe playouts that reached a terminal state
  size_t samples = 0;      // (non-terminal state, role) pairs
  double correlation = 0;  // mean over roles of the correlation (0 for a role with a constant side)
  double mean_length = 0;  // joint moves per probe playout
};

class GoalSignalProbe {
 public:
  explicit GoalSignalProbe(reasoner::StateMachine& machine) : machine_(machine) {}

  // One uniformly random playout from `start`. Records nothing and returns false when `limits`
  // interrupt it, when it is longer than `max_steps`, or when a role has no legal move.
  bool add_playout(const reasoner::State& start, reasoner::Random& rng,
                   const SearchLimits* limits = nullptr, size_t max_steps = 10'000);
  GoalSignal signal() const;

 private:
  reasoner::StateMachine& machine_;
  reasoner::State a_, b_;
  reasoner::JointMove joint_;
  std::vector<double> step_goals_;  // per step of the current playout, per role
  std::vector<double> final_;
  size_t playouts_ = 0, steps_ = 0;
  // Per role, sums for the correlation: n, x (mid-game goal), y (result).
  struct Sums {
    double n = 0, x = 0, y = 0, xx = 0, yy = 0, xy = 0;
    double correlation() const;
  };
  std::vector<Sums> sums_;
};

}  // namespace ggp::agent
