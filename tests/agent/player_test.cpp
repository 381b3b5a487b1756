#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

#include "agent/mcts.h"
#include "agent/search_player.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

std::shared_ptr<MachineSource> machine_of(const StateMachine& game) {
  return fixed_machine(game.clone());
}

// UCT without the solver, so that it searches until the clock stops it.
SearcherFactory uct(bool solver = false) {
  return [solver](StateMachine& m, uint64_t seed) -> std::unique_ptr<Searcher> {
    MctsConfig config = find_mcts_preset("uct")->config;
    config.solver = solver;
    return std::make_unique<MctsSearcher>(config, m, seed);
  };
}

// A searcher that throws, to exercise the fallback.
class BrokenSearcher : public Searcher {
 public:
  std::string name() const override { return "broken"; }
  void set_root(const State&) override {}
  void search(const SearchLimits&) override { throw std::runtime_error("broken on purpose"); }
  MoveId best_move(RoleIndex) override { return 12345; }
  SearchStats stats() const override { return {}; }
};

// A searcher whose search ignores every limit for a while (a slow machine, a very long playout).
class SlowSearcher : public Searcher {
 public:
  std::string name() const override { return "slow"; }
  void set_root(const State&) override {}
  void search(const SearchLimits&) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  MoveId best_move(RoleIndex) override { return 0; }
  SearchStats stats() const override { return {}; }
};

// Plays a whole match of Nim between two players; checks every answer is legal and in time.
void play_match(Player& first, Player& second, StateMachine& game,
                std::chrono::milliseconds clock) {
  Player* players[2] = {&first, &second};
  first.start(machine_of(game), "r0", Clock::now() + clock);
  second.start(machine_of(game), "r1", Clock::now() + clock);
  State state = game.initial_state(), next;
  std::vector<std::string> last;
  while (!game.is_terminal(state)) {
    JointMove joint(2);
    std::vector<std::string> texts(2);
    for (RoleIndex r = 0; r < 2; ++r) {
      Clock::time_point deadline = Clock::now() + clock;
      texts[r] = players[r]->play(last, deadline);
      // Slack for a loaded machine; a player that waited for its search would be far later.
      CHECK(Clock::now() <= deadline + std::chrono::milliseconds(100));
      auto move = game.move_from_text(r, texts[r]);
      REQUIRE(move.has_value());
      std::span<const MoveId> legal = game.legal_moves(state, r);
      REQUIRE(std::find(legal.begin(), legal.end(), *move) != legal.end());
      joint[r] = *move;
    }
    game.next_state(state, joint, next);
    state = next;
    last = texts;
  }
  first.stop(last);
  second.stop(last);
}

}  // namespace

TEST_CASE("player: answers legal moves before its deadlines, searching with the clock") {
  auto game = test::make_nim(9, 3);
  SearchPlayerConfig config;
  config.reply_margin = std::chrono::milliseconds(40);  // generous: the test machine is shared
  SearchPlayer a(config, uct(), 1), b(config, uct(), 2);
  play_match(a, b, *game, std::chrono::milliseconds(100));
  CHECK(a.last_stats().playouts > 0);
}

TEST_CASE("player: with a playout budget, the first player wins Nim(13) against itself") {
  auto game = test::make_nim(13, 3);  // 13 = 4*3 + 1: the first player wins with perfect play
  SearchPlayerConfig config;
  config.playouts_per_move = 3000;
  SearchPlayer a(config, uct(true), 1);
  a.start(machine_of(*game), "r0", Clock::now() + std::chrono::seconds(5));
  std::string move = a.play({}, Clock::now() + std::chrono::seconds(5));
  CHECK(move == "take1");
  CHECK(a.last_stats().playouts > 0);
  CHECK(a.last_stats().note.empty());
  CHECK(a.last_stats().machine == "explicit");
}

TEST_CASE("player: a failing searcher still yields a legal move, with a note") {
  auto game = test::make_nim(7, 3);
  SearcherFactory broken = [](StateMachine&, uint64_t) -> std::unique_ptr<Searcher> {
    return std::make_unique<BrokenSearcher>();
  };
  SearchPlayerConfig config;
  config.think_at_start = false;
  SearchPlayer a(config, broken, 1), b(config, broken, 2);
  play_match(a, b, *game, std::chrono::milliseconds(30));
  SearchPlayer c(config, broken, 3);
  c.start(machine_of(*game), "r0", Clock::now() + std::chrono::seconds(1));
  std::string move = c.play({}, Clock::now() + std::chrono::seconds(1));
  CHECK((move == "take1" || move == "take2" || move == "take3"));
  CHECK(c.last_stats().note.find("fallback") != std::string::npos);
}

TEST_CASE("player: a search that overruns its deadline does not delay the answers") {
  auto game = test::make_nim(7, 3);
  SearcherFactory slow = [](StateMachine&, uint64_t) -> std::unique_ptr<Searcher> {
    return std::make_unique<SlowSearcher>();
  };
  SearchPlayerConfig config;
  config.think_at_start = false;
  config.reply_margin = std::chrono::milliseconds(20);
  SearchPlayer player(config, slow, 1);
  player.start(machine_of(*game), "r0", Clock::now() + std::chrono::seconds(1));
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(60);
  CHECK(!player.play({}, deadline).empty());
  CHECK(player.last_stats().note.find("overran") != std::string::npos);
  // Role 1 answers, then our next turn comes while the first search still sleeps.
  deadline = Clock::now() + std::chrono::milliseconds(60);
  std::string move = player.play({"take1", "noop"}, deadline);
  // Slack for a loaded machine, still short of the 250 ms the sleeping search would cost.
  CHECK(Clock::now() <= deadline + std::chrono::milliseconds(120));
  CHECK(player.last_stats().note.find("still running") != std::string::npos);
  CHECK(game->move_from_text(0, move).has_value());
}

namespace {

// Counts the searches it runs, delegating to UCT.
class CountingSearcher : public Searcher {
 public:
  CountingSearcher(StateMachine& m, uint64_t seed, int& searches)
      : inner_(find_mcts_preset("uct")->config, m, seed), searches_(searches) {}
  std::string name() const override { return "counting"; }
  void set_root(const State& s) override { inner_.set_root(s); }
  void advance(std::span<const MoveId> joint, const State& next) override {
    inner_.advance(joint, next);
  }
  void search(const SearchLimits& limits) override {
    ++searches_;
    inner_.search(limits);
  }
  MoveId best_move(RoleIndex role) override { return inner_.best_move(role); }
  SearchStats stats() const override { return inner_.stats(); }

 private:
  MctsSearcher inner_;
  int& searches_;
};

}  // namespace

TEST_CASE("player: under a playout budget a forced move is answered without search") {
  auto game = test::make_nim(9, 3);  // role r1's first turn: only noop
  for (uint64_t budget : {uint64_t{500}, uint64_t{0}}) {
    int searches = 0;
    SearcherFactory counting = [&searches](StateMachine& m,
                                           uint64_t seed) -> std::unique_ptr<Searcher> {
      return std::make_unique<CountingSearcher>(m, seed, searches);
    };
    SearchPlayerConfig config;
    config.think_at_start = false;
    config.playouts_per_move = budget;
    SearchPlayer player(config, counting, 1);
    player.start(machine_of(*game), "r1", Clock::now() + std::chrono::seconds(1));
    CHECK(player.play({}, Clock::now() + std::chrono::milliseconds(80)) == "noop");
    CAPTURE(budget);
    if (budget > 0) {  // the budget is per decision: nothing to decide, nothing spent
      CHECK(searches == 0);
      CHECK(player.last_stats().playouts == 0);
    } else {  // under a clock the turn is spent searching ahead
      CHECK(searches == 1);
      CHECK(player.last_stats().playouts > 0);
    }
    // Role r1's next turn, after r0 took one stone: three moves to choose from, so it searches.
    int before = searches;
    std::string move = player.play({"take1", "noop"}, Clock::now() + std::chrono::milliseconds(80));
    CHECK(searches == before + 1);
    CHECK(game->move_from_text(1, move).has_value());
  }
}
