// Metagaming (agent/metagame.h): self-play trials pick the stronger configuration,
// deterministically under playout budgets, within the time they are given.
#include "agent/metagame.h"

#include <doctest/doctest.h>

#include "agent/search_player.h"
#include "agent/self_play.h"
#include "player_turns.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

// A configuration that plays close to uniformly at random: huge exploration, no solver.
MetagameCandidate blind() {
  MetagameCandidate c{"blind", find_mcts_preset("uct")->config};
  c.config.exploration = 1000;
  c.config.solver = false;
  return c;
}

MetagameCandidate preset(const std::string& name) {
  return {name, find_mcts_preset(name)->config};
}

MetagameConfig two_candidates() {
  MetagameConfig config;
  config.candidates = {blind(), preset("decisive")};  // the weak one first: ties go to it
  config.trial_playouts = 300;
  config.rounds = 3;
  return config;
}

}  // namespace

TEST_CASE("self-play trial: the game is played to its end; a stronger player wins Nim") {
  auto game = test::make_nim(13, 3);  // a first-player win that random play throws away
  std::vector<MctsConfig> seats = {find_mcts_preset("decisive")->config, blind().config};
  TrialSettings settings;
  settings.playouts_per_move = 2000;
  auto result = play_trial(*game, game->initial_state(), seats, 1, settings);
  REQUIRE(result.has_value());
  CHECK((*result)[0] == 1.0);
  CHECK((*result)[1] == 0.0);
}

TEST_CASE("metagame: trials choose the stronger configuration, deterministically") {
  auto game = test::make_nim(13, 3);
  MetagameSearcher a(two_candidates(), *game, 7), b(two_candidates(), *game, 7);
  a.search(playout_budget(2000));
  b.search(playout_budget(2000));
  REQUIRE(a.chosen() >= 0);
  CHECK(a.chosen() == 1);
  CHECK(a.scores() == b.scores());
  CHECK(a.games() == std::vector<size_t>{6, 6});  // 3 rounds x 2 seats each
  CHECK(a.scores()[1] > a.scores()[0]);
  CHECK(a.name() == "meta:decisive");
  CHECK(a.note().find("chose decisive") != std::string::npos);
  CHECK(a.note().empty());                          // reported once
  CHECK(a.best_move(0) == game->move(0, "take1"));  // then the chosen search plays
  CHECK(a.stats().playouts > 0);
}

TEST_CASE("metagame: a single-player puzzle scores each candidate alone") {
  test::BitPuzzle puzzle(8, 0b10110010, false);
  MetagameConfig config;
  config.candidates = {blind(), preset("spmcts")};
  config.trial_playouts = 200;
  config.rounds = 2;
  config.switch_z = 0;  // the best mean wins outright
  MetagameSearcher searcher(config, puzzle, 3);
  searcher.search(playout_budget(500));
  CHECK(searcher.games() == std::vector<size_t>{2, 2});  // one game alone per round
  CHECK(searcher.chosen() >= 0);
  CHECK(searcher.scores()[searcher.chosen()] >= searcher.scores()[1 - searcher.chosen()]);
}

TEST_CASE("metagame: the trials keep to their share of the deadline") {
  auto game = test::make_nim(40, 3);
  MetagameConfig config = two_candidates();
  config.trial_playouts = 1'000'000;  // far more than the clock allows
  config.rounds = 100;
  MetagameSearcher searcher(config, *game, 1);
  SearchLimits limits;
  Clock::time_point start = Clock::now();
  limits.deadline = start + std::chrono::milliseconds(200);
  searcher.search(limits);
  // Trials stop at half the time, the chosen search at the deadline (a playout may overrun).
  // Generous: the machines are noisy; ignoring the deadline would run for minutes.
  CHECK(Clock::now() < limits.deadline + std::chrono::seconds(2));
  CHECK(searcher.chosen() == 0);  // no trial finished: the first candidate
  std::span<const MoveId> legal = game->legal_moves(game->initial_state(), 0);
  CHECK(std::find(legal.begin(), legal.end(), searcher.best_move(0)) != legal.end());
}

TEST_CASE("metagame: the player reports the choice in its start note") {
  auto game = test::make_nim(13, 3);
  SearchPlayerConfig config;
  config.playouts_per_move = 500;
  SearcherFactory meta = [](StateMachine& m, uint64_t seed) -> std::unique_ptr<Searcher> {
    return std::make_unique<MetagameSearcher>(two_candidates(), m, seed);
  };
  SearchPlayer player(config, meta, 1);
  player.start(fixed_machine(game->clone()), "r0", Clock::now() + std::chrono::seconds(10));
  CHECK(player.wait_ready(Clock::now() + std::chrono::seconds(60)).find("metagame: chose") !=
        std::string::npos);
  CHECK(test::play_turn(player, {}, Clock::now() + std::chrono::seconds(5)).move == "take1");
}

TEST_CASE("metagame: trial games on several threads score as on one") {
  auto game = test::make_nim(13, 3);
  MetagameConfig serial = two_candidates(), parallel = two_candidates();
  parallel.trial_threads = 3;
  MetagameSearcher a(serial, *game, 9), b(parallel, *game, 9);
  a.search(playout_budget(100));
  b.search(playout_budget(100));
  CHECK(a.scores() == b.scores());
  CHECK(a.games() == b.games());
  CHECK(a.chosen() == b.chosen());
}

TEST_CASE("metagame: the baseline is kept unless the best is clearly ahead") {
  auto game = test::make_nim(13, 3);
  MetagameConfig config;
  config.candidates = {preset("uct"), preset("uct"), preset("uct")};  // equal but for the seeds
  config.trial_playouts = 100;
  config.rounds = 4;
  config.switch_z = 3;
  MetagameSearcher searcher(config, *game, 5);
  searcher.search(playout_budget(100));
  CHECK(searcher.chosen() == 0);
  // A clear gap switches even at z = 3 (over 8 rounds: the blind player wins a game now and then).
  config.candidates = {blind(), preset("decisive")};
  config.rounds = 8;
  MetagameSearcher clear(config, *game, 5);
  clear.search(playout_budget(100));
  CHECK(clear.chosen() == 1);
}

TEST_CASE("metagame: under a clock, rounds go on until the time share is spent") {
  auto game = test::make_nim(9, 3);
  MetagameConfig config = two_candidates();
  config.rounds = 0;
  config.trial_playouts = 20;
  MetagameSearcher searcher(config, *game, 2);
  SearchLimits limits;
  limits.deadline = Clock::now() + std::chrono::milliseconds(300);
  searcher.search(limits);
  // Generous: the machines are noisy; ignoring the deadline would run for minutes.
  CHECK(Clock::now() < limits.deadline + std::chrono::seconds(2));
  CHECK(searcher.games()[0] > 2 * kDefaultRounds);  // more than the rounds without a clock
  CHECK(searcher.games()[0] == searcher.games()[1]);  // whole rounds only
}
