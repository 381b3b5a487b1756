#include <doctest/doctest.h>

#include <string>

#include "agent/move_tables.h"
#include "agent/rollout.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using ggp::test::ExplicitGame;
using ggp::test::move_name;

TEST_CASE("mast epsilon-greedy: the best-averaged move with probability 1 - eps + eps / k") {
  // Role 0 picks one of four moves, then the game ends; MAST rates m2 best.
  ExplicitGame game(2);
  std::vector<std::pair<std::string, uint32_t>> children;
  for (int i = 0; i < 4; ++i) children.emplace_back(move_name(i), game.add_terminal({50, 50}));
  game.set_initial(game.add_turn(0, children));
  MoveAverages mast;
  for (int i = 0; i < 4; ++i) mast.add(game.move(0, move_name(i)), i == 2 ? 0.9 : 0.2);
  mast.add(game.move(0, "m3"), 0.1);  // m3's mean 0.15: no tie with the others either

  RolloutPolicy policy;
  policy.mode = PlayoutMode::MastGreedy;
  policy.mast = &mast;
  Rollout rollout(game);
  Trace trace;
  std::vector<double> results(2);
  for (double eps : {0.0, 0.2, 1.0}) {
    CAPTURE(eps);
    policy.mast_epsilon = eps;
    Random rng(11);
    int best = 0, runs = 4000;
    for (int i = 0; i < runs; ++i) {
      trace.reset(2);
      rollout.run(game.initial_state(), policy, rng, trace, results);
      best += trace.chosen(0, 0) == game.move(0, "m2");
    }
    CHECK(best / static_cast<double>(runs) == doctest::Approx(1 - eps + eps / 4).epsilon(0.04));
  }
}

TEST_CASE("mast epsilon-greedy: equal averages are broken at random, not by legal order") {
  ExplicitGame game(1);
  game.set_initial(
      game.add_turn(0, {{"a", game.add_terminal({0})}, {"b", game.add_terminal({0})}}));
  MoveAverages mast;  // both unseen: equal optimistic values
  RolloutPolicy policy;
  policy.mode = PlayoutMode::MastGreedy;
  policy.mast = &mast;
  policy.mast_epsilon = 0;
  Rollout rollout(game);
  Trace trace;
  std::vector<double> results(1);
  Random rng(5);
  int first = 0;
  for (int i = 0; i < 1000; ++i) {
    trace.reset(1);
    rollout.run(game.initial_state(), policy, rng, trace, results);
    first += trace.chosen(0, 0) == game.move(0, "a");
  }
  CHECK(first > 400);
  CHECK(first < 600);
}
