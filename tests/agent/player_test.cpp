// The searching player (agent/search_player.h): its search thread, the moves it publishes, and
// what it does between turns. Times here are generous bounds for a loaded machine; what is checked
// is logical (which move, final or not, which machine, how many searches), never a duration.
#include <doctest/doctest.h>

#include <algorithm>
#include <mutex>
#include <thread>

#include "agent/mcts.h"
#include "agent/random_player.h"
#include "agent/search_player.h"
#include "player_turns.h"
#include "support/gate.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using std::chrono::milliseconds;
using std::chrono::seconds;
using testing::Gate;

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

// A searcher that throws.
class BrokenSearcher : public Searcher {
 public:
  std::string name() const override { return "broken"; }
  void set_root(const State&) override {}
  void search(const SearchLimits&) override { throw std::runtime_error("broken on purpose"); }
  MoveId best_move(RoleIndex) override { return 12345; }
  SearchStats stats() const override { return {}; }
};

// UCT without the solver: it searches as long as it is let, even on a small game.
MctsConfig unsolved_uct() {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.solver = false;
  return config;
}

// Delegates to UCT and counts; from its `stuck_from`-th search call on it blocks on the gate
// before searching, deaf to the stop flag and the clock (a thread that is slow to stop).
class ScriptedSearcher : public Searcher {
 public:
  struct Counts {
    std::mutex mutex;
    int searches = 0, set_roots = 0, advances = 0;
    uint64_t playouts = 0;  // of the current root
  };
  ScriptedSearcher(StateMachine& m, uint64_t seed, Counts& counts, Gate* gate = nullptr,
                   int stuck_from = 0)
      : inner_(unsolved_uct(), m, seed), counts_(counts), gate_(gate), stuck_from_(stuck_from) {}
  std::string name() const override { return "scripted"; }
  void set_root(const State& s) override {
    inner_.set_root(s);
    std::lock_guard lock(counts_.mutex);
    ++counts_.set_roots;
  }
  void advance(std::span<const MoveId> joint, const State& next) override {
    inner_.advance(joint, next);
    std::lock_guard lock(counts_.mutex);
    ++counts_.advances;
  }
  void search(const SearchLimits& limits) override {
    int call;
    {
      std::lock_guard lock(counts_.mutex);
      call = ++counts_.searches;
    }
    if (gate_ != nullptr && call >= stuck_from_) gate_->pass();
    inner_.search(limits);
    std::lock_guard lock(counts_.mutex);
    counts_.playouts = inner_.stats().playouts;
  }
  MoveId best_move(RoleIndex role) override { return inner_.best_move(role); }
  SearchStats stats() const override { return inner_.stats(); }

 private:
  MctsSearcher inner_;
  Counts& counts_;
  Gate* gate_;
  int stuck_from_;
};

SearcherFactory scripted(ScriptedSearcher::Counts& counts, Gate* gate = nullptr,
                         int stuck_from = 0) {
  return [&counts, gate, stuck_from](StateMachine& m, uint64_t seed) -> std::unique_ptr<Searcher> {
    return std::make_unique<ScriptedSearcher>(m, seed, counts, gate, stuck_from);
  };
}

// Polls `condition` for up to 30 s (a loaded machine may be slow to schedule the search thread).
template <typename F>
bool eventually(F condition) {
  for (int i = 0; i < 3000; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return condition();
}

bool legal_for(StateMachine& game, const State& state, RoleIndex role, const std::string& text) {
  std::optional<MoveId> move = game.move_from_text(role, text);
  if (!move) return false;
  std::span<const MoveId> legal = game.legal_moves(state, role);
  return std::find(legal.begin(), legal.end(), *move) != legal.end();
}

}  // namespace

TEST_CASE("player: a match of Nim, every answer a searched legal move") {
  auto game = test::make_nim(9, 3);
  SearchPlayer a({}, uct(), 1), b({}, uct(), 2);
  Player* players[2] = {&a, &b};
  a.start(machine_of(*game), "r0", Clock::now() + milliseconds(50));
  b.start(machine_of(*game), "r1", Clock::now() + milliseconds(50));
  CHECK(a.wait_ready(Clock::now() + seconds(30)).find("machine explicit") == 0);
  CHECK(b.wait_ready(Clock::now() + seconds(30)).find("machine explicit") == 0);
  State state = game->initial_state(), next;
  std::vector<std::string> last;
  uint64_t searched = 0;
  while (!game->is_terminal(state)) {
    JointMove joint(2);
    std::vector<std::string> texts(2);
    for (RoleIndex r = 0; r < 2; ++r) players[r]->begin_turn(last, Clock::now() + milliseconds(60));
    for (RoleIndex r = 0; r < 2; ++r) {
      // Generous: the answer is due at the stop, and published after every slice anyway.
      Answer answer = players[r]->answer(Clock::now() + seconds(30));
      REQUIRE(legal_for(*game, state, r, answer.move));
      CHECK(answer.final);
      CHECK(answer.stats.machine == "explicit");
      searched += answer.stats.playouts;
      texts[r] = answer.move;
      joint[r] = *game->move_from_text(r, texts[r]);
    }
    game->next_state(state, joint, next);
    state = next;
    last = texts;
  }
  CHECK(searched > 0);
  a.end();
  b.end();
  CHECK(eventually([&] { return a.finished() && b.finished(); }));
}

TEST_CASE("player: with a playout budget, the first player wins Nim(13) against itself") {
  auto game = test::make_nim(13, 3);  // 13 = 4*3 + 1: the first player wins with perfect play
  SearchPlayerConfig config;
  config.playouts_per_move = 3000;
  SearchPlayer a(config, uct(true), 1);
  a.start(machine_of(*game), "r0", Clock::now() + seconds(5));
  Answer answer = test::play_turn(a, {}, Clock::now() + seconds(30));
  CHECK(answer.move == "take1");
  CHECK(answer.final);
  CHECK(answer.stats.playouts > 0);
  CHECK(answer.stats.note.empty());
  CHECK(answer.stats.machine == "explicit");
}

TEST_CASE("player: a failing searcher publishes no move and says why") {
  auto game = test::make_nim(7, 3);
  SearcherFactory broken = [](StateMachine&, uint64_t) -> std::unique_ptr<Searcher> {
    return std::make_unique<BrokenSearcher>();
  };
  SearchPlayerConfig config;
  config.think_at_start = false;
  SearchPlayer player(config, broken, 1);
  player.start(machine_of(*game), "r0", Clock::now() + seconds(1));
  Answer answer = test::play_turn(player, {}, Clock::now() + seconds(30));
  CHECK(answer.move.empty());  // the protocol layer's fallback steps in
  CHECK(answer.final);         // at once, not at the deadline
  CHECK(answer.stats.note.find("search failed: broken on purpose") != std::string::npos);
  // A forced move needs no search; the turn after it is tried with a fresh searcher (which fails
  // again).
  answer = test::play_turn(player, {"take1", "noop"}, Clock::now() + seconds(30));
  CHECK(answer.move == "noop");
  answer = test::play_turn(player, {"noop", "take1"}, Clock::now() + seconds(30));
  CHECK(answer.move.empty());
  CHECK(answer.stats.note.find("search failed") != std::string::npos);
}

TEST_CASE("player: a search slow to stop still leaves its searched move") {
  auto game = test::make_nim(9, 3);
  ScriptedSearcher::Counts counts;
  Gate gate;
  SearchPlayerConfig config;
  config.think_at_start = false;
  config.ponder = false;
  // The turn's first search call returns; the second blocks, deaf to the stop flag and the clock.
  SearchPlayer player(config, scripted(counts, &gate, 2), 1);
  player.start(machine_of(*game), "r0", Clock::now());
  player.wait_ready(Clock::now() + seconds(30));
  player.begin_turn({}, Clock::now() + seconds(60));
  REQUIRE(gate.wait_for_blocked());
  // The reply is due long before the stuck search ends: the move of the first call goes out.
  Answer answer = player.answer(Clock::now() + milliseconds(100));
  CHECK(legal_for(*game, game->initial_state(), 0, answer.move));
  CHECK_FALSE(answer.final);
  CHECK(answer.stats.playouts > 0);
  gate.release();
  player.end();
}

namespace {

// Like a batched search, it begins no work it cannot finish: a call with less than 50 ms to go
// gives back at once; a longer one "searches" until its deadline. Its move: the first legal one.
class CoarseSearcher : public Searcher {
 public:
  explicit CoarseSearcher(StateMachine& m) : machine_(m) {}
  std::string name() const override { return "coarse"; }
  void set_root(const State& s) override { root_ = s; }
  void search(const SearchLimits& limits) override {
    if (limits.deadline - Clock::now() < milliseconds(50)) return;
    while (!interrupted(limits)) std::this_thread::sleep_for(milliseconds(1));
    ++playouts_;
  }
  MoveId best_move(RoleIndex role) override { return machine_.legal_moves(root_, role)[0]; }
  SearchStats stats() const override { return {playouts_, playouts_, 1, false}; }

 private:
  StateMachine& machine_;
  State root_;
  uint64_t playouts_ = 0;
};

}  // namespace

TEST_CASE("player: a searcher that needs long calls gets them within the turn") {
  auto game = test::make_nim(9, 3);
  SearchPlayerConfig config;
  config.think_at_start = false;
  config.ponder = false;
  SearchPlayer player(config,
                      [](StateMachine& m, uint64_t) -> std::unique_ptr<Searcher> {
                        return std::make_unique<CoarseSearcher>(m);
                      },
                      1);
  player.start(machine_of(*game), "r0", Clock::now());
  player.wait_ready(Clock::now() + seconds(30));
  Answer answer = test::play_turn(player, {}, Clock::now() + seconds(2));
  CHECK(answer.final);
  CHECK(answer.move == "take1");
  CHECK(answer.stats.playouts > 0);  // the first calls are too short; later ones are not
}

TEST_CASE("player: pondering searches between the reply and the next PLAY, the tree kept") {
  auto game = test::make_nim(15, 3);
  for (bool ponder : {true, false}) {
    CAPTURE(ponder);
    ScriptedSearcher::Counts counts;
    SearchPlayerConfig config;
    config.think_at_start = false;
    config.ponder = ponder;
    SearchPlayer player(config, scripted(counts), 1);
    player.start(machine_of(*game), "r0", Clock::now());
    player.wait_ready(Clock::now() + seconds(30));
    Answer first = test::play_turn(player, {}, Clock::now() + milliseconds(30));
    REQUIRE(first.final);
    const uint64_t at_reply = [&] {
      std::lock_guard lock(counts.mutex);
      return counts.playouts;
    }();
    if (ponder) {  // the search goes on after the reply, on the same root
      CHECK(eventually([&] {
        std::lock_guard lock(counts.mutex);
        return counts.playouts > at_reply + 100;
      }));
    } else {  // give it time to do what it should not
      std::this_thread::sleep_for(milliseconds(100));
      std::lock_guard lock(counts.mutex);
      CHECK(counts.playouts == at_reply);
    }
    Answer second = test::play_turn(player, {first.move, "noop"}, Clock::now() + milliseconds(30));
    CHECK(second.final);
    std::lock_guard lock(counts.mutex);
    CHECK(counts.set_roots == 1);  // the tree was re-rooted (advance), not rebuilt
    CHECK(counts.advances == 1);
    if (ponder)
      CHECK(second.stats.ponder_playouts > 100);
    else
      CHECK(second.stats.ponder_playouts == 0);
  }
}

TEST_CASE("player: a forced move goes out at once and the turn is still searched") {
  auto game = test::make_nim(9, 3);  // role r1's first turn: only noop
  for (uint64_t budget : {uint64_t{0}, uint64_t{500}}) {
    CAPTURE(budget);
    ScriptedSearcher::Counts counts;
    SearchPlayerConfig config;
    config.think_at_start = false;
    config.ponder = false;  // what searches here is the turn itself
    config.playouts_per_move = budget;
    SearchPlayer player(config, scripted(counts), 1);
    player.start(machine_of(*game), "r1", Clock::now());
    player.wait_ready(Clock::now() + seconds(30));
    player.begin_turn({}, Clock::now() + seconds(2));
    Answer answer = player.answer(Clock::now() + seconds(30));
    CHECK(answer.move == "noop");
    CHECK(answer.final);  // long before the 2 s the turn allows
    if (budget == 0) {    // under a clock the turn is spent searching ahead
      CHECK(eventually([&] {
        std::lock_guard lock(counts.mutex);
        return counts.playouts > 0;
      }));
    } else {  // the budget is per decision: nothing to decide, nothing spent
      std::this_thread::sleep_for(milliseconds(100));
      std::lock_guard lock(counts.mutex);
      CHECK(counts.searches == 0);
    }
  }
}

namespace {

// Nim under another name, to tell the machines apart.
class NamedNim : public test::ExplicitGame {
 public:
  NamedNim(const ExplicitGame& game, std::string name) : ExplicitGame(game), name_(name) {}
  std::string name() const override { return name_; }
  std::unique_ptr<StateMachine> clone() const override { return std::make_unique<NamedNim>(*this); }

 private:
  std::string name_;
};

// The first machine at once (or once the test releases it); the better one when the test says
// its build is done.
class SlowBuild : public MachineSource {
 public:
  SlowBuild(const test::ExplicitGame& game, bool fails) : game_(game), fails_(fails) {}
  OfferedMachine first(Clock::time_point) override {
    while (held_) std::this_thread::sleep_for(milliseconds(1));
    return {std::make_unique<NamedNim>(game_, "first"), "first machine"};
  }
  std::optional<OfferedMachine> upgrade() override {
    if (!built_ || handed_) return std::nullopt;
    handed_ = true;
    if (fails_) return OfferedMachine{nullptr, "better machine: over its budget"};
    return OfferedMachine{std::make_unique<NamedNim>(game_, "better"), "better machine"};
  }
  std::atomic<bool> built_{false};
  std::atomic<bool> held_{false};

 private:
  const test::ExplicitGame& game_;
  bool fails_;
  bool handed_ = false;  // the player's thread alone calls upgrade()
};

}  // namespace

TEST_CASE("player: a machine built in the background takes over between turns") {
  auto game = test::make_nim(15, 3);
  for (bool fails : {false, true}) {
    CAPTURE(fails);
    auto source = std::make_shared<SlowBuild>(*game, fails);
    SearchPlayerConfig config;
    config.think_at_start = false;
    SearchPlayer player(config, uct(), 1);
    player.start(source, "r0", Clock::now());
    CHECK(player.wait_ready(Clock::now() + seconds(30)) == "machine first machine");
    Answer answer = test::play_turn(player, {}, Clock::now() + milliseconds(30));
    CHECK(answer.stats.machine == "first");
    source->built_ = true;
    // r0 took a stone, r1 passed: the machine that takes over replays the match so far.
    answer = test::play_turn(player, {answer.move, "noop"}, Clock::now() + milliseconds(30));
    CHECK(answer.move == "noop");  // r1's turn now: the new machine knows where the match is
    CHECK(answer.stats.machine == (fails ? "first" : "better"));
    CHECK(answer.stats.note.find(fails ? "kept the first: better machine: over its budget"
                                       : "switched to the better machine at turn") !=
          std::string::npos);
  }
}

TEST_CASE("player: a machine ready only after START's reply is named with the first answer") {
  auto game = test::make_nim(15, 3);
  auto source = std::make_shared<SlowBuild>(*game, false);
  source->held_ = true;
  SearchPlayerConfig config;
  config.think_at_start = false;
  SearchPlayer player(config, uct(), 1);
  player.start(source, "r0", Clock::now());
  CHECK(player.wait_ready(Clock::now() + milliseconds(20)) == "still preparing: no machine yet");
  source->held_ = false;
  Answer answer = test::play_turn(player, {}, Clock::now() + milliseconds(30));
  CHECK(answer.stats.note.starts_with("machine first machine"));
  answer = test::play_turn(player, {answer.move, "noop"}, Clock::now() + milliseconds(30));
  CHECK(answer.stats.note.find("machine first machine") == std::string::npos);  // said once
}

TEST_CASE("player: the note of a final answer that came after the reply goes with the next") {
  auto game = test::make_nim(15, 3);
  auto source = std::make_shared<SlowBuild>(*game, false);
  SearchPlayerConfig config;
  config.think_at_start = false;
  SearchPlayer player(config, uct(), 1);
  player.start(source, "r0", Clock::now());
  REQUIRE(player.wait_ready(Clock::now() + seconds(30)) == "machine first machine");
  source->built_ = true;  // the switch happens at the turn's start, its note with the final answer
  player.begin_turn({}, Clock::now() + milliseconds(300));
  Answer early = player.answer(Clock::now());  // the reply goes out before the search ends
  CHECK_FALSE(early.final);
  CHECK(early.stats.note.find("switched") == std::string::npos);
  std::this_thread::sleep_for(milliseconds(400));
  const std::string move = early.move.empty() ? "take1" : early.move;
  Answer next = test::play_turn(player, {move, "noop"}, Clock::now() + milliseconds(30));
  CHECK(next.stats.note.find("last turn: switched to the better machine") != std::string::npos);
}

TEST_CASE("random player: a legal move at once, no search") {
  auto game = test::make_nim(7, 3);
  std::unique_ptr<Player> player = make_random_player(5);
  player->start(machine_of(*game), "r0", Clock::now() + seconds(5));
  Answer answer = test::play_turn(*player, {}, Clock::now() + seconds(30));
  CHECK(legal_for(*game, game->initial_state(), 0, answer.move));
  CHECK(answer.final);
  CHECK(answer.stats.playouts == 0);
}
