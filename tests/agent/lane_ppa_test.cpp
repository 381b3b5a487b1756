// Epsilon-greedy PPA in the batched search (agent/mcts_ppa.cpp): the lanes play by one table of
// PPA weights, which a few replayed lanes of every batch teach.
#include <doctest/doctest.h>

#include "agent/mcts.h"
#include "propnet_games.h"
#include "recording_machine.h"

using namespace ggp;
using namespace ggp::agent;

namespace {

MctsConfig lane_ppa_config(uint32_t replays) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.playout = PlayoutMode::PpaGreedy;
  config.mast_epsilon = 0.25;
  config.ppa_replays = replays;
  return config;
}

// The weights PPA learns from `lanes` of a first batch from `root`: each lane's simulation is the
// root's joint move that leads to the lane's start (the tree's one step) and the lane's moves.
PolicyWeights expected_weights(test::RecordingMachine& machine, const reasoner::State& root,
                               std::initializer_list<size_t> lanes) {
  const size_t roles = machine.num_roles();
  PolicyWeights weights;
  for (size_t lane : lanes) {
    Trace trace;
    trace.reset(roles);
    std::vector<std::vector<reasoner::MoveId>> legal(roles);
    for (reasoner::RoleIndex r = 0; r < roles; ++r) {
      auto moves = machine.legal_moves(root, r);
      legal[r].assign(moves.begin(), moves.end());
    }
    // Tic-tac-toe's first step: x marks, o has one move.
    bool found = false;
    reasoner::State next;
    for (reasoner::MoveId x : legal[0]) {
      const std::vector<reasoner::MoveId> joint = {x, legal[1][0]};
      machine.next_state(root, joint, next);
      if (next != machine.started[lane]) continue;
      trace.add(legal[0], x);
      trace.add(legal[1], legal[1][0]);
      found = true;
    }
    REQUIRE(found);
    reasoner::State state = machine.started[lane];
    const std::vector<reasoner::MoveId>& played = machine.recorded[lane];
    for (size_t at = 0; at < played.size(); at += roles) {
      for (reasoner::RoleIndex r = 0; r < roles; ++r) {
        auto moves = machine.legal_moves(state, r);
        trace.add(std::vector<reasoner::MoveId>(moves.begin(), moves.end()), played[at + r]);
      }
      machine.next_state(state, std::span(played).subspan(at, roles), next);
      state = next;
    }
    std::vector<double> results(roles);
    for (size_t r = 0; r < roles; ++r) results[r] = machine.lane_results[lane * roles + r] / 100.0;
    weights.adapt_winners(trace, results, 1.0);
  }
  return weights;
}

}  // namespace

TEST_CASE("lane PPA: replayed lanes teach the weights the next batch plays by") {
  auto base = test::tic_tac_toe_propnet();
  test::RecordingMachine machine(*base);
  MctsSearcher searcher(lane_ppa_config(4), machine, 5);

  searcher.search(playout_budget(64));  // one batch: nothing learned before it
  REQUIRE(machine.recorded.size() == 64);
  CHECK(machine.bias_values.empty());
  // Four lanes of 64 replayed, one in 16: lanes 0, 16, 32 and 48.
  const PolicyWeights expected = expected_weights(machine, machine.initial_state(), {0, 16, 32, 48});

  searcher.search(playout_budget(64));  // the next batch plays by what they taught
  CHECK(machine.bias_epsilon == 0.25);
  REQUIRE(!machine.bias_values.empty());
  size_t weighted = 0;
  double sum = 0;
  for (reasoner::MoveId m = 0; m < machine.bias_values.size(); ++m) {
    CHECK(machine.bias_values[m] == doctest::Approx(expected.weight(m)).epsilon(1e-5));
    weighted += machine.bias_values[m] != 0;
    sum += machine.bias_values[m];
  }
  CHECK(weighted > 9);  // more than the root's moves: the lanes' own moves were learned
  CHECK(sum == doctest::Approx(0).epsilon(1e-4));  // PPA's update moves no weight in or out
}

TEST_CASE("lane PPA: without replays nothing is learned, and the lanes play uniformly") {
  auto base = test::tic_tac_toe_propnet();
  test::RecordingMachine machine(*base);
  MctsSearcher searcher(lane_ppa_config(0), machine, 5);
  searcher.search(playout_budget(128));
  CHECK(machine.bias_values.empty());
}
