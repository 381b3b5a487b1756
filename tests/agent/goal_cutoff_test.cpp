#include "agent/goal_cutoff.h"

#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

// Two roles alternate for `turns` turns; the mover either "gain"s a point or "pass"es. The leader
// on points gets 100, the other 0 (50 each when level). With `informative` the goals say so in
// every state, as material does in checkers; otherwise they are 0 until the end, as in most
// win/loss games. Facts: the turn t, 64 + role 0's points, 128 + role 1's points. Moves: role r's
// gain 2r, pass 2r + 1, noop 4 + r. Counts next_state calls. With `lanes` > 1 it claims to play
// that many playouts side by side (the default random_playouts_from, one by one), so that a
// search with leaf batching batches on it.
class ScoreRace : public StateMachine {
 public:
  ScoreRace(int turns, bool informative, size_t lanes = 1)
      : turns_(turns), informative_(informative), lanes_(lanes) {}
  size_t parallel_playouts() const override { return lanes_; }
  std::string name() const override { return "race"; }
  std::unique_ptr<StateMachine> clone() const override {
    return std::make_unique<ScoreRace>(*this);
  }
  size_t num_roles() const override { return 2; }
  std::string role_name(RoleIndex r) const override { return r == 0 ? "a" : "b"; }
  State initial_state() override { return make(0, 0, 0); }
  bool is_terminal(const State& s) override { return field(s, 0) >= turns_; }
  GoalValue goal(const State& s, RoleIndex role) override {
    if (!informative_ && !is_terminal(s)) return 0;
    int mine = field(s, role == 0 ? 64 : 128), theirs = field(s, role == 0 ? 128 : 64);
    return mine > theirs ? 100 : mine == theirs ? 50 : 0;
  }
  std::span<const MoveId> legal_moves(const State& s, RoleIndex role) override {
    if (is_terminal(s)) return {};
    legal_ = static_cast<RoleIndex>(field(s, 0) % 2) == role
                 ? std::vector<MoveId>{2 * role, 2 * role + 1}
                 : std::vector<MoveId>{4 + role};
    return legal_;
  }
  void next_state(const State& s, std::span<const MoveId> joint, State& out) override {
    ++next_calls;
    int a = field(s, 64) + (joint[0] == 0), b = field(s, 128) + (joint[1] == 2);
    out = make(field(s, 0) + 1, a, b);
  }
  std::string move_text(MoveId m) const override { return std::to_string(m); }
  std::string fact_text(FactId f) const override { return std::to_string(f); }
  std::optional<MoveId> move_from_text(RoleIndex, std::string_view) override { return {}; }
  std::optional<FactId> fact_from_text(std::string_view) override { return {}; }

  uint64_t next_calls = 0;

 private:
  static State make(int t, int a, int b) {
    State s;
    s.set(static_cast<FactId>(t)), s.set(static_cast<FactId>(64 + a));
    s.set(static_cast<FactId>(128 + b));
    return s;
  }
  // The value of the field whose facts start at `base` (0: turn, 64, 128: points).
  static int field(const State& s, int base) {
    int value = 0;
    s.for_each_fact([&](FactId f) {
      if (static_cast<int>(f) >= base && static_cast<int>(f) < base + 64) value = f - base;
    });
    return value;
  }
  int turns_;
  bool informative_;
  size_t lanes_;
  std::vector<MoveId> legal_;
};

GoalSignal probe(StateMachine& game, int playouts) {
  GoalSignalProbe p(game);
  Random rng(7);
  for (int i = 0; i < playouts; ++i) REQUIRE(p.add_playout(game.initial_state(), rng));
  return p.signal();
}

}  // namespace

TEST_CASE("goal cutoff probe: informative mid-game goals correlate with results, constant ones not") {
  ScoreRace informative(40, true), blind(40, false);
  GoalSignal on = probe(informative, 64), off = probe(blind, 64);
  CHECK(on.playouts == 64);
  CHECK(on.mean_length == doctest::Approx(40));
  CHECK(on.samples == 64 * 40 * 2);
  CHECK(on.correlation > 0.3);
  CHECK(on.correlation <= 1.0);
  CHECK(off.correlation == 0.0);
}

TEST_CASE("goal cutoff: on where goals predict results, playouts then stop early and pick well") {
  MctsConfig config;
  config.goal_cutoff = true;
  config.cutoff_depth = 4;
  for (bool informative : {true, false}) {
    CAPTURE(informative);
    ScoreRace game(40, informative);
    MctsSearcher searcher(config, game, 3);
    searcher.search(playout_budget(1));
    uint64_t before = game.next_calls;
    searcher.search(playout_budget(300));
    uint64_t per_playout = (game.next_calls - before) / 300;
    std::string note = searcher.note();
    CHECK(searcher.goal_signal().playouts == config.cutoff_probes);
    if (informative) {
      CHECK(searcher.playout_depth() == 4);
      CHECK(per_playout <= 4 + 10);  // the cut, plus the tree's steps and expansions
      CHECK(note.find("goal cutoff after 4") != std::string::npos);
      CHECK(game.move_text(searcher.best_move(0)) == "0");  // gain, judged from cut playouts
    } else {
      CHECK(searcher.playout_depth() == config.max_playout_depth);
      CHECK(per_playout >= 20);  // the rest of a 40-turn game from shallow leaves
      CHECK(note.find("no goal cutoff") != std::string::npos);
    }
    CHECK(searcher.note().empty());  // a remark is returned once
  }
}

TEST_CASE("random_playouts_from: a playout cut at max_depth is scored where it stops") {
  // From the start, role 0 moves first: after one move it leads (100, 0) or the score is level
  // (50, 50); an unfinished playout scored 0 would give (0, 0).
  ScoreRace game(40, true);
  State start = game.initial_state();
  std::vector<const State*> starts(64, &start);
  std::vector<double> results(64 * 2, -1);
  std::vector<uint8_t> completed(64, 1);
  std::vector<std::vector<MoveId>> moves(64, std::vector<MoveId>(7, 9));
  Random rng(5);
  PlayoutTally tally = game.random_playouts_from(starts, rng, results, completed, 1, moves);
  CHECK(tally.completed == 0);
  CHECK(tally.steps == 64);
  size_t leads = 0;
  for (size_t i = 0; i < 64; ++i) {
    CHECK_FALSE(completed[i]);
    const bool lead = results[2 * i] == 100 && results[2 * i + 1] == 0;
    CHECK((lead || (results[2 * i] == 50 && results[2 * i + 1] == 50)));
    leads += lead;
    // One joint move, role-major: a's gain (0) or pass (1), then b's noop.
    REQUIRE(moves[i].size() == 2);
    CHECK(moves[i][0] == (lead ? 0u : 1u));
    CHECK(moves[i][1] == 5u);
  }
  CHECK(leads > 16);  // a fair coin per playout: 32 expected
  CHECK(leads < 48);
}

TEST_CASE("goal cutoff with leaf batching: batched playouts stop at the cut and are scored there") {
  MctsConfig config;
  config.goal_cutoff = true;
  config.cutoff_depth = 4;
  config.leaf_batch = 16;
  for (bool informative : {true, false}) {
    CAPTURE(informative);
    ScoreRace game(40, informative, 16);
    MctsSearcher searcher(config, game, 3);
    searcher.search(playout_budget(1));
    uint64_t before = game.next_calls;
    searcher.search(playout_budget(320));
    uint64_t per_playout = (game.next_calls - before) / 320;
    CHECK(searcher.goal_signal().playouts == config.cutoff_probes);
    CHECK(searcher.stats().rollouts >= 300);  // the search batched its playouts
    if (informative) {
      CHECK(searcher.playout_depth() == 4);
      CHECK(per_playout <= 4 + 10);
      CHECK(game.move_text(searcher.best_move(0)) == "0");  // gain, judged from cut playouts
    } else {
      CHECK(searcher.playout_depth() == config.max_playout_depth);
      CHECK(per_playout >= 20);
    }
  }
}
