// Epsilon-greedy MAST in the batched search (agent/mcts_batch.cpp): the lanes play by one MAST
// table, which the moves of every lane's playout teach.
#include <doctest/doctest.h>

#include "agent/mcts.h"
#include "propnet_games.h"
#include "recording_machine.h"

using namespace ggp;
using namespace ggp::agent;

TEST_CASE("lane MAST: the lanes' own moves teach the table the next batch plays by") {
  auto base = test::tic_tac_toe_propnet();
  test::RecordingMachine machine(*base);
  MctsConfig config = find_mcts_preset("uct")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.playout = PlayoutMode::MastGreedy;
  config.mast_epsilon = 0.25;
  config.mast_unseen = -1;  // no mean of results in [0,1]: tells a learned value from none
  MctsSearcher searcher(config, machine, 5);

  searcher.search(playout_budget(64));  // one batch: nothing learned before it
  REQUIRE(machine.recorded.size() == 64);
  CHECK(machine.bias_values.empty());
  const std::vector<std::vector<reasoner::MoveId>> first = machine.recorded;

  searcher.search(playout_budget(64));  // the next batch plays by what the first taught
  CHECK(machine.bias_epsilon == 0.25);
  size_t moves = 0;
  for (const auto& lane : first)
    for (reasoner::MoveId m : lane) {
      REQUIRE(m < machine.bias_values.size());
      CHECK(machine.bias_values[m] >= 0);  // a mean of results, not the unseen value
      CHECK(machine.bias_values[m] <= 1);
      ++moves;
    }
  CHECK(moves > 64 * 4);  // the lanes played more than the tree's one move a leaf
}
