// Tree parallelism (MctsConfig::tree_threads): several workers share one tree. The tests check
// what must hold whatever the interleaving: the budget is met exactly, no virtual loss is left
// behind, the search still finds and proves what the serial search does.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using ggp::test::ExplicitGame;

namespace {

MctsConfig threaded(const std::string& preset, size_t threads) {
  MctsConfig config = find_mcts_preset(preset)->config;
  config.tree_threads = threads;
  return config;
}

// Every simulation through a node whose roles select there adds one visit to one edge per role,
// and one result to it: so visits and results must add up once the virtual losses are removed.
void check_counts(const Tree& tree) {
  for (uint32_t id = 0; id < tree.size(); ++id) {
    const Node& n = tree.node(id);
    if (n.terminal) continue;
    for (RoleIndex r = 0; r < tree.num_roles(); ++r) {
      uint64_t visits = 0;
      for (uint32_t e = tree.edges_begin(id, r); e < tree.edges_end(id, r); ++e) {
        const EdgeStats& s = tree.stats(e);
        visits += s.visits;
        CHECK(s.sum <= s.visits + 1e-9);  // results in [0,1]: a visit without its result shows
      }
      CHECK(visits <= n.visits);
    }
  }
}

}  // namespace

TEST_CASE("tree parallel: the budget is met exactly and the root's counts add up") {
  auto game = test::make_random_tree(6, 3, 7);
  MctsConfig config = threaded("uct", 3);
  config.solver = false;
  MctsSearcher searcher(config, *game, 1);
  searcher.search(playout_budget(20000));
  CHECK(searcher.stats().playouts == 20000);
  const Tree& tree = searcher.tree();
  CHECK(tree.node(0).visits == 20000);
  uint64_t root_edges = 0;
  for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
    root_edges += tree.stats(e).visits;
  CHECK(root_edges == 20000);
  check_counts(tree);
}

TEST_CASE("tree parallel: finds the minimax move and proves Nim like the serial search") {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto game = test::make_random_tree(4, 3, seed);
    MctsConfig config = threaded("uct", 2);
    config.solver = false;
    MctsSearcher searcher(config, *game, seed);
    searcher.search(playout_budget(20000));
    uint32_t root = ExplicitGame::position_of(game->initial_state());
    double value = test::maxn_value(*game, root)[0];
    MoveId move = searcher.best_move(0);
    CAPTURE(seed);
    CHECK(std::abs(*searcher.root_mean(0, move) - value) < 0.1);
  }
  for (const char* preset : {"uct", "decisive", "rave", "ppa", "mast"}) {
    auto won = test::make_nim(9, 3);
    MctsSearcher a(threaded(preset, 2), *won, 3);
    a.search(playout_budget(200000));
    CAPTURE(preset);
    REQUIRE(a.proven_value(0).has_value());
    CHECK(*a.proven_value(0) == 1.0);
    CHECK(a.best_move(0) == won->move(0, "take1"));
    check_counts(a.tree());
  }
}

TEST_CASE("tree parallel: a stop flag ends every worker; an abandoned playout counts nothing") {
  auto game = test::make_one_winning_move(40, 3);  // long forced lines: playouts take a while
  MctsConfig config = threaded("uct", 2);
  config.solver = false;
  MctsSearcher searcher(config, *game, 1);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.stop = &stop;
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  searcher.search(limits);  // returns only if every worker saw the flag
  stopper.join();
  CHECK(searcher.stats().playouts > 0);
  CHECK(searcher.tree().node(0).visits == searcher.stats().playouts);
  check_counts(searcher.tree());
}

TEST_CASE("tree parallel: tree reuse between turns keeps working") {
  auto game = test::make_nim(13, 3);
  MctsSearcher searcher(threaded("uct", 2), *game, 5);
  State state = game->initial_state();
  for (int turn = 0; turn < 4 && !game->is_terminal(state); ++turn) {
    searcher.search(playout_budget(3000));
    JointMove joint;
    for (RoleIndex r = 0; r < 2; ++r) joint.push_back(searcher.best_move(r));
    State next;
    game->next_state(state, joint, next);
    searcher.advance(joint, next);
    state = next;
    if (!game->is_terminal(state)) CHECK(searcher.tree().node(0).visits > 0);  // kept, not reset
    check_counts(searcher.tree());
  }
}
