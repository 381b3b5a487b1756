#include "agent/move_tables.h"

#include <doctest/doctest.h>

#include <cmath>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

TEST_CASE("ppa: one adaptation step moves the weights as Algorithm 2 says") {
  // Moves a=0, b=1, c=2 (role 0) and x=3 (role 1, never adapted here).
  PolicyWeights w;
  w.set(0, 0.5);
  w.set(2, -0.3);
  Trace trace;
  trace.reset(2);
  std::vector<MoveId> abc = {0, 1, 2}, ac = {0, 2}, x = {3};
  trace.add(abc, 1), trace.add(x, 3);  // step 0: role 0 plays b
  trace.add(ac, 0), trace.add(x, 3);   // step 1: role 0 plays a
  w.adapt(trace, 0, 0, 1.0);

  // By hand, with the weights before the call (the paper's polp is a copy of the policy).
  double ea = std::exp(0.5), eb = std::exp(0.0), ec = std::exp(-0.3);
  double z0 = ea + eb + ec, z1 = ea + ec;
  CHECK(w.weight(0) == doctest::Approx(0.5 - ea / z0 + 1.0 - ea / z1));
  CHECK(w.weight(1) == doctest::Approx(0.0 + 1.0 - eb / z0));
  CHECK(w.weight(2) == doctest::Approx(-0.3 - ec / z0 - ec / z1));
  CHECK(w.weight(3) == 0.0);

  // alpha scales the step; a move with one legal choice learns nothing.
  PolicyWeights half;
  half.adapt(trace, 0, 0, 0.5);
  CHECK(half.weight(1) == doctest::Approx(0.5 * (1.0 - 1.0 / 3.0)));
  half.adapt(trace, 0, 1, 0.5);
  CHECK(half.weight(3) == 0.0);
}

TEST_CASE("ppa: adaptation keeps the sum of weights over a legal set (softmax sums to one)") {
  auto game = test::make_nim(11, 3);
  const MctsPreset* ppa = find_mcts_preset("ppa");
  REQUIRE(ppa != nullptr);
  MctsConfig config = ppa->config;
  config.solver = false;
  MctsSearcher searcher(config, *game, 1);
  searcher.search(SearchLimits{.max_playouts = 500});
  double sum = 0, moved = 0;
  for (MoveId m = 0; m < 16; ++m) {
    sum += searcher.ppa_weights().weight(m);
    moved += std::abs(searcher.ppa_weights().weight(m));
  }
  CHECK(std::abs(sum) < 1e-9);
  CHECK(moved > 0);
}

TEST_CASE("mast: averages per move, optimistic for unseen moves") {
  MoveAverages mast(1.0);
  CHECK(mast.mean(7) == 1.0);
  mast.add(7, 0.0);
  mast.add(7, 0.5);
  CHECK(mast.mean(7) == 0.25);
  // Gibbs draws follow exp(score / T): at a low temperature the best move dominates.
  std::vector<MoveId> legal = {1, 2};
  std::vector<double> scratch;
  reasoner::Random rng(3);
  int first = 0;
  for (int i = 0; i < 1000; ++i)
    first += gibbs_draw(
                 legal, [](MoveId m) { return m == 1 ? 1.0 : 0.0; }, 0.1, rng, scratch) == 0;
  CHECK(first > 990);
}
