// Transpositions (MctsConfig::transpositions): equal states reached by different move orders share
// one node, cycles through repeated states do not trap a simulation, and the solver stays exact.
#include <doctest/doctest.h>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using ggp::test::ExplicitGame;

namespace {

MctsConfig with_transpositions(bool on) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.transpositions = on;
  return config;
}

// Role 0 at A: "win" (100-0) or "go" to B; role 1 at B: "win" (0-100) or "back" to A. The only
// terminal moves are wins for the mover: the game value is a win for role 0, taken at once.
std::unique_ptr<ExplicitGame> make_cycle() {
  auto g = std::make_unique<ExplicitGame>(2);
  uint32_t zero_wins = g->add_terminal({100, 0}), one_wins = g->add_terminal({0, 100});
  uint32_t b = g->add_turn(1, {{"win", one_wins}, {"back", one_wins}});
  uint32_t a = g->add_turn(0, {{"win", zero_wins}, {"go", b}});
  for (auto& [joint, child] : g->position(b).next)
    if (joint[1] == g->move(1, "back")) child = a;  // close the cycle A -> B -> A
  g->set_initial(a);
  return g;
}

}  // namespace

TEST_CASE("transpositions: Nim's equal positions share nodes; the proof is unchanged") {
  auto game = test::make_nim(13, 3);
  MctsSearcher tree(with_transpositions(false), *game, 2), dag(with_transpositions(true), *game, 2);
  tree.search(playout_budget(300000));
  dag.search(playout_budget(300000));
  REQUIRE(dag.proven_value(0).has_value());
  REQUIRE(tree.proven_value(0).has_value());
  CHECK(*dag.proven_value(0) == *tree.proven_value(0));
  CHECK(*dag.proven_value(0) == 1.0);
  CHECK(dag.best_move(0) == game->move(0, "take1"));
  // Nim(13, 3) has 2 * 14 positions: the DAG never holds more nodes than that.
  CHECK(dag.tree().size() <= game->num_positions());
  CHECK(dag.tree().size() < tree.tree().size());
}

TEST_CASE("transpositions: with the child's means over all parents (dag_means) Nim is solved") {
  auto game = test::make_nim(13, 3);
  MctsConfig config = with_transpositions(true);
  config.dag_means = true;
  MctsSearcher dag(config, *game, 2);
  dag.search(playout_budget(300000));
  REQUIRE(dag.proven_value(0).has_value());
  CHECK(*dag.proven_value(0) == 1.0);
  CHECK(dag.best_move(0) == game->move(0, "take1"));
  // Without the solver the means alone must still point at the winning move.
  config.solver = false;
  MctsSearcher means(config, *game, 3);
  means.search(playout_budget(20000));
  CHECK(means.best_move(0) == game->move(0, "take1"));
}

TEST_CASE("transpositions: a cycle of states does not trap the search") {
  auto game = make_cycle();
  MctsConfig config = with_transpositions(true);
  config.max_playout_depth = 50;
  config.solver = false;
  MctsSearcher searcher(config, *game, 1);
  searcher.search(playout_budget(2000));
  CHECK(searcher.stats().playouts == 2000);
  CHECK(searcher.tree().size() <= game->num_positions());
  CHECK(searcher.best_move(0) == game->move(0, "win"));
}

TEST_CASE("transpositions: tree reuse keeps the DAG below the played move") {
  auto game = test::make_nim(10, 3);
  MctsSearcher searcher(with_transpositions(true), *game, 4);
  searcher.search(playout_budget(5000));
  JointMove joint{searcher.best_move(0), searcher.best_move(1)};
  State next;
  game->next_state(game->initial_state(), joint, next);
  searcher.advance(joint, next);
  CHECK(searcher.tree().node(0).state == next);
  CHECK(searcher.tree().node(0).visits > 0);
  searcher.search(playout_budget(5000));  // the rebuilt index finds the kept nodes again
  CHECK(searcher.tree().size() <= game->num_positions());
}
