#include "agent/state_sample.h"

#include <doctest/doctest.h>

#include "synthetic_games.h"

using namespace ggp;

TEST_CASE("a sampling playout cut by its deadline still gives its states") {
  // Every step sleeps 3 ms, so the first playout (41 steps, about 120 ms) is cut by a 20 ms
  // deadline (agent::StepCheck reads the clock at every slow step), never finished.
  test::SlowChain game;
  reasoner::Random rng(7);
  agent::SearchLimits limits;
  limits.deadline = agent::Clock::now() + std::chrono::milliseconds(20);
  const reasoner::State root = game.initial_state();
  const std::vector<reasoner::State> states =
      agent::sample_playout_states(game, root, rng, limits);
  // A sample of the cut playout, as many states as a whole one gives (agent/state_sample.h)...
  CHECK(states.size() == agent::StateSample{}.states_per_playout);
  // ...each of them a state on the way, not terminal.
  for (const reasoner::State& s : states) CHECK_FALSE(game.is_terminal(s));
}
