// Leaf batching (agent/mcts_batch.cpp) on the propnet, whose playouts run 64 bit-parallel: the
// batch search keeps its playout budget, finds what plain UCT finds, and is deterministic.
#include <doctest/doctest.h>

#include "agent/mcts.h"
#include "propnet_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

// x (1 1), o (2 2), x (3 3), o (1 3): o threatens (3 1); x's block there is also a double threat,
// so (place 3 1) is x's only winning move.
State block_and_fork(StateMachine& m) {
  State state = m.initial_state(), next;
  for (auto [x, o] : std::vector<std::pair<std::string, std::string>>{
           {"(place 1 1)", "pass"}, {"pass", "(place 2 2)"}, {"(place 3 3)", "pass"},
           {"pass", "(place 1 3)"}}) {
    JointMove joint{*m.move_from_text(0, x), *m.move_from_text(1, o)};
    m.next_state(state, joint, next);
    state = next;
  }
  return state;
}

MctsConfig batched(size_t lanes) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.leaf_batch = lanes;
  return config;
}

}  // namespace

TEST_CASE("leaf batching: the playout budget is kept and the winning block is found") {
  auto machine = test::tic_tac_toe_propnet();
  REQUIRE(machine->parallel_playouts() == 64);
  MctsConfig config = batched(64);
  config.solver = false;  // so that the search runs to its budget
  MctsSearcher searcher(config, *machine, 1);
  searcher.set_root(block_and_fork(*machine));
  searcher.search(SearchLimits{.max_playouts = 3000});
  CHECK(searcher.stats().playouts == 3000);
  CHECK(searcher.stats().rollouts >= 64);  // batched playouts ran (the small tree soon ends in
                                           // terminal nodes, which back up exact values)
  CHECK(machine->move_text(searcher.best_move(0)) == "(place 3 1)");
}

TEST_CASE("leaf batching: MCTS-Solver proves the win, and the same seed gives the same search") {
  auto machine = test::tic_tac_toe_propnet();
  MctsSearcher a(batched(64), *machine, 7), b(batched(64), *machine, 7);
  for (MctsSearcher* s : {&a, &b}) {
    s->set_root(block_and_fork(*machine));
    s->search(SearchLimits{.max_playouts = 20000});
  }
  REQUIRE(a.proven_value(0).has_value());
  CHECK(*a.proven_value(0) == 1.0);
  CHECK(machine->move_text(a.best_move(0)) == "(place 3 1)");
  CHECK(a.stats().playouts == b.stats().playouts);
  CHECK(a.stats().nodes == b.stats().nodes);
}

TEST_CASE("leaf batching with batch_amaf: the batched playouts' moves count for AMAF") {
  auto machine = test::tic_tac_toe_propnet();
  auto root_amaf_updates = [&](bool batch_amaf) {
    MctsConfig config = find_mcts_preset("amaf")->config;
    config.leaf_batch = 64;
    config.batch_amaf = batch_amaf;
    config.solver = false;
    MctsSearcher searcher(config, *machine, 5);
    searcher.search(SearchLimits{.max_playouts = 640});
    REQUIRE(searcher.stats().rollouts > 500);  // most simulations played out from the tree
    uint64_t updates = 0;
    const Tree& tree = searcher.tree();
    for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
      updates += tree.stats(e).amaf_visits;
    return updates;
  };
  // x plays 3 to 5 moves a game: with the playouts' moves, a simulation updates that many of the
  // root's x edges; from the tree's moves alone (a shallow tree here), about two.
  const uint64_t tree_only = root_amaf_updates(false), with_playouts = root_amaf_updates(true);
  CHECK(with_playouts > 600 * 3);
  CHECK(with_playouts > tree_only * 3 / 2);
}

TEST_CASE("leaf_playouts: each leaf of a batch is played out several times, one simulation each") {
  auto machine = test::tic_tac_toe_propnet();
  MctsConfig config = batched(8);
  config.leaf_playouts = 8;  // 8 leaves x 8 playouts fill the 64 lanes
  config.solver = false;
  MctsSearcher searcher(config, *machine, 3);
  searcher.set_root(block_and_fork(*machine));
  searcher.search(SearchLimits{.max_playouts = 4000});
  CHECK(searcher.stats().playouts == 4000);
  const Tree& tree = searcher.tree();
  // Every playout counted one visit on its path, and no virtual loss was left behind.
  CHECK(tree.node(0).visits == 4000);
  uint64_t edge_visits = 0;
  for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
    edge_visits += tree.stats(e).visits;
  CHECK(edge_visits == 4000);
  // One new node per leaf, not per playout.
  CHECK(searcher.stats().nodes < 4000 / 4);
  CHECK(machine->move_text(searcher.best_move(0)) == "(place 3 1)");
}

TEST_CASE("leaf_playouts with batch_amaf: a leaf's playouts do not carry each other's moves") {
  auto machine = test::tic_tac_toe_propnet();
  MctsConfig config = find_mcts_preset("amaf")->config;
  config.leaf_batch = 4;
  config.leaf_playouts = 16;
  config.batch_amaf = true;
  config.solver = false;
  MctsSearcher searcher(config, *machine, 5);
  searcher.search(SearchLimits{.max_playouts = 640});
  // x moves at most 5 times a game, so a simulation updates at most 5 of the root's x edges.
  uint64_t updates = 0;
  const Tree& tree = searcher.tree();
  for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
    updates += tree.stats(e).amaf_visits;
  CHECK(updates > 640 * 2);
  CHECK(updates <= 640 * 5);
}
