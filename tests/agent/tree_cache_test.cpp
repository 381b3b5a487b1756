// The MCTS engine's caches: each node's mover, set when the node is finished, and MCTS-Solver's
// proven floor, filled by selection and cleared by backup when a child is proven (after every
// step of a search each must equal what a rescan of the tree finds, also when a child was proven
// after its parent's floor was filled); and AMAF's edges of a descent, which a leaf's traced
// playouts (batch_amaf) must not share.
#include <doctest/doctest.h>

#include <algorithm>

#include "agent/mcts.h"
#include "propnet_games.h"
#include "recording_machine.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

int rescanned_mover(const Tree& tree, uint32_t id) {
  int mover = -1;
  for (RoleIndex r = 0; r < tree.num_roles(); ++r) {
    if (tree.moves(id, r).size() < 2) continue;
    if (mover >= 0) return -1;
    mover = static_cast<int>(r);
  }
  return mover;
}

double rescanned_floor(const Tree& tree, uint32_t id, RoleIndex mover) {
  double floor = -1;
  for (uint64_t j = 0; j < tree.moves(id, mover).size(); ++j) {
    uint32_t c = tree.child(id, j);
    if (c != kNoNode && tree.node(c).solved) floor = std::max(floor, tree.value(c)[mover]);
  }
  return floor;
}

struct CacheCheck {
  size_t floors_checked = 0;
  size_t floors_raised = 0;  // floors that a child's proof raised after they were cached
  size_t mismatches = 0;
};

// Searches `batch` playouts at a time for `steps` calls (or until the root is proven), checking
// every node's caches after each call; a floor cached before a call and rescanned higher after it
// is a proof that reached a filled cache.
CacheCheck search_and_check(const MctsConfig& config, StateMachine& machine, int steps,
                            uint64_t batch) {
  MctsSearcher searcher(config, machine, 3);
  const Tree& tree = searcher.tree();
  CacheCheck check;
  std::vector<double> before;
  for (int step = 0; step < steps && !tree.node(0).solved; ++step) {
    before.assign(tree.size(), -2);  // -2: no floor cached
    for (uint32_t id = 0; id < tree.size(); ++id)
      if (tree.node(id).floor_known) before[id] = tree.node(id).floor;
    searcher.search(playout_budget(batch));
    for (uint32_t id = 0; id < tree.size(); ++id) {
      const Node& n = tree.node(id);
      if (n.mover != rescanned_mover(tree, id)) ++check.mismatches;
      if (n.mover < 0) continue;
      double floor = rescanned_floor(tree, id, static_cast<RoleIndex>(n.mover));
      if (id < before.size() && before[id] > -2 && floor > before[id]) ++check.floors_raised;
      if (!n.floor_known) continue;
      ++check.floors_checked;
      if (n.floor != floor) ++check.mismatches;
    }
  }
  return check;
}

}  // namespace

TEST_CASE("tree caches: a leaf's traced playouts each credit their own moves to AMAF") {
  // One batch from the empty board: 16 leaves one x move deep, 4 playouts each. A simulation
  // credits the root's x edges with the leaf's move and the x moves of its own playout (all other
  // cells), so the root's AMAF visits sum to 64 plus the x moves over the 64 playouts; a cache of
  // AMAF edges shared by a leaf's playouts would credit the first playout's moves four times.
  auto base = test::tic_tac_toe_propnet();
  test::RecordingMachine machine(*base);
  MctsConfig config = find_mcts_preset("amaf")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.batch_amaf = true;
  config.solver = false;
  MctsSearcher searcher(config, machine, 11);
  searcher.search(playout_budget(64));
  REQUIRE(searcher.stats().rollouts == 64);
  REQUIRE(machine.recorded.size() == 64);
  auto x_moves = [&](size_t lane) {
    uint64_t n = 0;
    for (size_t i = 0; i < machine.recorded[lane].size(); i += 2)  // role-major: x's at even
      n += machine.move_text(machine.recorded[lane][i]) != "pass";
    return n;
  };
  uint64_t expected = 64, shared = 64;  // a leaf's lanes are consecutive
  for (size_t lane = 0; lane < 64; ++lane) {
    expected += x_moves(lane);
    shared += x_moves(lane - lane % 4);
  }
  REQUIRE(shared != expected);  // this seed tells the two apart
  uint64_t credited = 0;
  const Tree& tree = searcher.tree();
  for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
    credited += tree.stats(e).amaf_visits;
  CHECK(credited == expected);
}

TEST_CASE("tree caches: mover and proven floor match a rescan through a serial search") {
  auto machine = test::tic_tac_toe_propnet();
  CacheCheck check = search_and_check(find_mcts_preset("uct")->config, *machine, 4000, 1);
  CHECK(check.mismatches == 0);
  CHECK(check.floors_checked > 1000);
  CHECK(check.floors_raised > 0);  // the stale case happened and was caught by the invalidation
}

TEST_CASE("tree caches: mover and proven floor match a rescan through a batched AMAF search") {
  auto machine = test::tic_tac_toe_propnet();
  MctsConfig config = find_mcts_preset("amaf")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  CacheCheck check = search_and_check(config, *machine, 200, 64);
  CHECK(check.mismatches == 0);
  CHECK(check.floors_checked > 1000);
  CHECK(check.floors_raised > 0);
}
