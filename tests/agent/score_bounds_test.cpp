// Score bounds (MctsConfig::score_bounds, agent/mcts_bounds.cpp): the values they prove are the
// minimax values, the moves they choose are minimax-optimal, and a draw that MCTS-Solver alone
// proves only with every move proven is settled at once.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using ggp::test::ExplicitGame;

namespace {

struct Proof {
  bool proven = false;
  double value = -1;
  uint64_t playouts = 0;
  reasoner::MoveId move = 0;
};

Proof prove_root(ExplicitGame& game, bool bounds, uint64_t seed) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.score_bounds = bounds;
  MctsSearcher searcher(config, game, seed);
  searcher.search(playout_budget(400000));
  Proof p;
  p.proven = searcher.proven_value(0).has_value();
  if (p.proven) p.value = *searcher.proven_value(0);
  p.playouts = searcher.stats().playouts;
  p.move = searcher.best_move(0);
  return p;
}

}  // namespace

TEST_CASE("score bounds: the values proven are the minimax values, the moves played optimal") {
  // Not always sooner: a node solved by its bounds competes at its parent with its exact value
  // and no exploration (as every proven child does), which can starve a sibling that the
  // parent's proof still needs (seed 2: 199,801 simulations with bounds, 14,613 without).
  uint64_t with_bounds = 0, without = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto game = test::make_random_tree(6, 3, seed);  // leaves 0, 50 or 100 for role 0
    const uint32_t root = ExplicitGame::position_of(game->initial_state());
    const double value = test::maxn_value(*game, root)[0];
    const Proof b = prove_root(*game, true, seed), s = prove_root(*game, false, seed);
    CAPTURE(seed);
    REQUIRE(b.proven);
    REQUIRE(s.proven);
    CHECK(b.value == doctest::Approx(value));
    CHECK(s.value == doctest::Approx(value));
    // The move played leads to a child of the root's value.
    const auto& next = game->position(root).next;
    const auto played = std::find_if(next.begin(), next.end(),
                                     [&](const auto& jc) { return jc.first[0] == b.move; });
    REQUIRE(played != next.end());
    CHECK(test::maxn_value(*game, played->second)[0] == doctest::Approx(value));
    with_bounds += b.playouts;
    without += s.playouts;
  }
  MESSAGE("simulations to prove the root: ", with_bounds, " with bounds, ", without, " without");
}

TEST_CASE("score bounds: a proven draw is settled before its other moves are proven") {
  // Role 0 chooses: "draw" ends at 50-50; "deep" leads to role 1's choice between "even" (a draw
  // at once) and "long", eight turns of three moves each where role 1 wins by its third move at
  // the last turn (so role 0 loses "long" only once all its moves there are proven). With bounds,
  // role 1's "even" caps "deep" at 50 for role 0, so the root is a proven draw as soon as both
  // 50s are found; MCTS-Solver alone must prove "long" too.
  ExplicitGame game(2);
  std::function<uint32_t(int)> line = [&](int depth) -> uint32_t {
    if (depth == 0) return game.add_terminal({100, 0});
    const auto mover = static_cast<reasoner::RoleIndex>(depth % 2);
    return game.add_turn(mover, {{"a", line(depth - 1)}, {"b", line(depth - 1)},
                                 {"c", depth == 1 ? game.add_terminal({0, 100}) : line(depth - 1)}});
  };
  const uint32_t deep = game.add_turn(1, {{"even", game.add_terminal({50, 50})}, {"long", line(8)}});
  game.set_initial(game.add_turn(0, {{"draw", game.add_terminal({50, 50})}, {"deep", deep}}));
  const Proof b = prove_root(game, true, 1), s = prove_root(game, false, 1);
  MESSAGE("simulations to prove the draw: ", b.playouts, " with bounds, ", s.playouts, " without (",
          std::string(s.proven ? "proven" : "not proven"), ")");
  REQUIRE(b.proven);
  CHECK(b.value == doctest::Approx(0.5));
  CHECK(b.move == game.move(0, "draw"));
  CHECK(b.playouts < 1000);
  if (s.proven) CHECK(s.value == doctest::Approx(0.5));
  CHECK((!s.proven || b.playouts * 10 < s.playouts));
}
