#include "agent/mcts.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <span>

#include "agent/root_parallel.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using ggp::test::ExplicitGame;

namespace {

MctsConfig preset_config(const std::string& name) {
  const MctsPreset* p = find_mcts_preset(name);
  REQUIRE(p != nullptr);
  return p->config;
}

// Root moves of the mover whose child has the max^n value of the root.
std::vector<MoveId> optimal_root_moves(ExplicitGame& game, RoleIndex mover) {
  uint32_t root = ExplicitGame::position_of(game.initial_state());
  double value = test::maxn_value(game, root)[mover];
  std::vector<MoveId> best;
  for (const auto& [joint, child] : game.position(root).next)
    if (std::abs(test::maxn_value(game, child)[mover] - value) < 1e-9) best.push_back(joint[mover]);
  return best;
}

// Ten seeded two-role playouts from the initial state under `policy`; `check` sees each one's
// trace and results.
template <typename Check>
void for_ten_playouts(StateMachine& game, const RolloutPolicy& policy, Check check) {
  Rollout rollout(game);
  Trace trace;
  std::vector<double> results(2);
  for (uint64_t seed = 0; seed < 10; ++seed) {
    reasoner::Random rng(seed);
    trace.reset(2);
    rollout.run(game.initial_state(), policy, rng, trace, results);
    check(trace, results);
  }
}

bool contains(const std::vector<MoveId>& v, MoveId m) {
  return std::find(v.begin(), v.end(), m) != v.end();
}

}  // namespace

TEST_CASE("uct: the most visited move is minimax-optimal and its mean approaches the value") {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto game = test::make_random_tree(4, 3, seed);
    uint32_t root = ExplicitGame::position_of(game->initial_state());
    double value = test::maxn_value(*game, root)[0];
    MctsConfig config = preset_config("uct");
    config.solver = false;  // plain UCT: convergence by sampling alone
    MctsSearcher searcher(config, *game, seed);
    searcher.search(playout_budget(20000));
    MoveId move = searcher.best_move(0);
    CAPTURE(seed);
    CHECK(contains(optimal_root_moves(*game, 0), move));
    CHECK(std::abs(*searcher.root_mean(0, move) - value) < 0.1);
  }
}

TEST_CASE("solver: proves the minimax value of small trees and stops searching") {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto game = test::make_random_tree(4, 3, seed);
    double value = test::maxn_value(*game, ExplicitGame::position_of(game->initial_state()))[0];
    MctsSearcher searcher(preset_config("uct"), *game, seed);
    searcher.search(playout_budget(100000));
    REQUIRE(searcher.proven_value(0).has_value());
    CHECK(*searcher.proven_value(0) == doctest::Approx(value));
    CHECK(searcher.stats().playouts < 100000);
    CHECK(contains(optimal_root_moves(*game, 0), searcher.best_move(0)));
  }
}

TEST_CASE("solver: Nim wins and losses are proven; the winning move is played") {
  auto won = test::make_nim(9, 3);  // 9 = 4*2 + 1: take one and win
  MctsSearcher a(preset_config("uct"), *won, 3);
  a.search(playout_budget(200000));
  REQUIRE(a.proven_value(0).has_value());
  CHECK(*a.proven_value(0) == 1.0);
  CHECK(a.best_move(0) == won->move(0, "take1"));

  auto lost = test::make_nim(8, 3);  // a multiple of 4: the first player loses
  MctsSearcher b(preset_config("uct"), *lost, 3);
  b.search(playout_budget(200000));
  REQUIRE(b.proven_value(0).has_value());
  CHECK(*b.proven_value(0) == 0.0);
  CHECK(*b.proven_value(1) == 1.0);
}

TEST_CASE("solver: every move lost, the slowest loss is played; a win at once is played") {
  ExplicitGame game(2);
  auto leaf = [&](GoalValue a, GoalValue b) { return game.add_terminal({a, b}); };
  // Role 0 loses whatever it does: at once, after one turn of role 1, or after three turns (role 1
  // has one move, then role 0 two that both lose in one). The quick loss comes first, where the
  // choice among equal proven values used to stop.
  auto lose_in_one = [&] { return game.add_turn(1, {{"z", leaf(0, 100)}, {"w", leaf(0, 100)}}); };
  uint32_t three_turns =
      game.add_turn(1, {{"x", game.add_turn(0, {{"p", lose_in_one()}, {"q", lose_in_one()}})}});
  game.set_initial(
      game.add_turn(0, {{"now", leaf(0, 100)}, {"soon", lose_in_one()}, {"late", three_turns}}));
  MctsSearcher lost(preset_config("uct"), game, 2);
  lost.search(playout_budget(5000));
  REQUIRE(lost.proven_value(0).has_value());
  CHECK(*lost.proven_value(0) == 0.0);
  CHECK(lost.best_move(0) == game.move(0, "late"));

  // A proven win settles its node, so the search stops before a slower win is proven too: this
  // checks that the quick win is played, not the ordering of two proven wins (which the search
  // does not reach; the proof thread can hand over one root win at most).
  ExplicitGame wins(2);
  auto win = [&] { return wins.add_terminal({100, 0}); };
  uint32_t later = wins.add_turn(0, {{"p", win()}, {"q", win()}});
  uint32_t slow = wins.add_turn(1, {{"x", later}, {"y", win()}});
  wins.set_initial(wins.add_turn(0, {{"slow", slow}, {"quick", win()}}));
  MctsSearcher won(preset_config("uct"), wins, 2);
  won.search(playout_budget(5000));
  REQUIRE(won.proven_value(0).has_value());
  CHECK(won.best_move(0) == wins.move(0, "quick"));
}

TEST_CASE("decoupled uct: simultaneous moves, each role on its own statistics") {
  auto dominant = test::make_dominant_moves();
  MctsSearcher a(preset_config("uct"), *dominant, 5);
  a.search(playout_budget(3000));
  CHECK(a.best_move(0) == dominant->move(0, "best"));
  CHECK(a.best_move(1) == dominant->move(1, "best"));

  // Matching pennies has no pure equilibrium: both coins must stay in play for both roles.
  auto pennies = test::make_matching_pennies();
  MctsConfig config = preset_config("uct");
  MctsSearcher b(config, *pennies, 5);
  b.search(playout_budget(4000));
  const Tree& tree = b.tree();
  for (RoleIndex r = 0; r < 2; ++r)
    for (uint32_t e = tree.edges_begin(0, r); e < tree.edges_end(0, r); ++e)
      CHECK(tree.stats(e).visits > 4000 / 4);
}

TEST_CASE("n-player: each role maximises its own goal (max^n)") {
  ExplicitGame game(3);
  auto leaf = [&](GoalValue a, GoalValue b, GoalValue c) { return game.add_terminal({a, b, c}); };
  // Role 0 picks a subtree; role 1 then picks for itself; role 0 must anticipate role 1.
  uint32_t left = game.add_turn(1, {{"x", leaf(100, 10, 0)}, {"y", leaf(0, 90, 100)}});
  uint32_t middle = game.add_turn(1, {{"x", leaf(60, 50, 0)}, {"y", leaf(20, 40, 100)}});
  uint32_t right = game.add_turn(2, {{"x", leaf(90, 0, 10)}, {"y", leaf(10, 0, 80)}});
  game.set_initial(game.add_turn(0, {{"left", left}, {"middle", middle}, {"right", right}}));
  for (bool solver : {false, true}) {
    MctsConfig config = preset_config("uct");
    config.solver = solver;
    MctsSearcher searcher(config, game, 11);
    searcher.search(playout_budget(5000));
    CAPTURE(solver);
    CHECK(searcher.best_move(0) == game.move(0, "middle"));
  }
}

TEST_CASE("decisive moves: a win in one is proven by the first simulation") {
  auto game = test::make_one_winning_move(30, 17);
  MctsSearcher searcher(preset_config("decisive"), *game, 1);
  searcher.search(playout_budget(1));
  CHECK(searcher.stats().root_solved);
  CHECK(searcher.best_move(0) == game->move(0, "move17"));

  // In playouts: the first move of every playout is the win.
  RolloutPolicy policy;
  policy.decisive = true;
  for_ten_playouts(*game, policy, [&](const Trace& trace, const std::vector<double>& results) {
    CHECK(trace.chosen(0, 0) == game->move(0, "move17"));
    CHECK(results[0] == 1.0);
  });
}

TEST_CASE("decisive moves: beyond kFullDecisiveScan moves only those seen ending a game are tried") {
  // At the bound every move is tried: the first simulation proves the win.
  const int many = static_cast<int>(MctsSearcher::kFullDecisiveScan);
  auto bounded = test::make_one_winning_move(many, many - 3);
  MctsSearcher at_bound(preset_config("decisive"), *bounded, 1);
  at_bound.search(playout_budget(1));
  CHECK(at_bound.stats().root_solved);

  // One move more: the root's expansion tries none (no move has ended a game yet), and the win is
  // proven when the search reaches it, by the solver.
  auto wide = test::make_one_winning_move(many + 1, many - 3);
  MctsSearcher beyond(preset_config("decisive"), *wide, 1);
  beyond.search(playout_budget(1));
  CHECK_FALSE(beyond.stats().root_solved);
  beyond.search(playout_budget(4 * many));
  CHECK(beyond.stats().root_solved);
  std::string winning = "move";
  winning += std::to_string(many - 3);
  CHECK(beyond.best_move(0) == wide->move(0, winning));
}

TEST_CASE("anti-decisive moves: playouts avoid the moves that let the opponent win at once") {
  auto game = test::make_one_safe_move(8, 5);
  RolloutPolicy policy;
  policy.anti_decisive = true;
  for_ten_playouts(*game, policy, [&](const Trace& trace, const std::vector<double>&) {
    CHECK(trace.chosen(0, 0) == game->move(0, "move5"));
  });
}

TEST_CASE("node cap: at the cap the tree stops growing and playouts go on") {
  auto game = test::make_nim(12, 3);
  MctsConfig config = preset_config("uct");
  config.max_nodes = 40;
  config.solver = false;
  MctsSearcher searcher(config, *game, 2);
  searcher.search(playout_budget(3000));
  CHECK(searcher.stats().nodes == 40);
  CHECK(searcher.stats().playouts == 3000);
  CHECK(searcher.tree().node(0).visits == 3000);
}

TEST_CASE("determinism: the same seed gives the same search") {
  for (const char* name : {"uct", "rave", "mast", "ppa", "decisive"}) {
    auto game = test::make_random_tree(5, 3, 9);
    MctsConfig config = preset_config(name);
    config.solver = false;
    MctsSearcher a(config, *game, 42), b(config, *game, 42);
    a.search(playout_budget(1500));
    b.search(playout_budget(1500));
    CAPTURE(name);
    CHECK(a.best_move(0) == b.best_move(0));
    CHECK(a.stats().nodes == b.stats().nodes);
    for (MoveId m : game->legal_moves(game->initial_state(), 0))
      CHECK(a.root_mean(0, m) == b.root_mean(0, m));
  }
}

TEST_CASE("amaf: every visit of a move also counts as an AMAF visit") {
  for (const char* name : {"rave", "amaf"}) {
    auto game = test::make_nim(10, 3);
    MctsConfig config = preset_config(name);
    config.solver = false;
    MctsSearcher searcher(config, *game, 4);
    searcher.search(playout_budget(2000));
    const Tree& tree = searcher.tree();
    uint32_t amaf_only = 0;
    for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e) {
      CHECK(tree.stats(e).amaf_visits >= tree.stats(e).visits);
      amaf_only += tree.stats(e).amaf_visits - tree.stats(e).visits;
    }
    CHECK(amaf_only > 0);  // moves played later in a simulation count too
  }
}

TEST_CASE("tree reuse: advancing keeps the played child's statistics") {
  auto game = test::make_random_tree(5, 3, 3);
  MctsConfig config = preset_config("uct");
  config.solver = false;  // a proven new root would not be searched further
  MctsSearcher searcher(config, *game, 8);
  searcher.search(playout_budget(2000));
  MoveId move = searcher.best_move(0);
  const Tree& tree = searcher.tree();
  uint32_t begin = tree.edges_begin(0, 0);
  uint32_t kept_visits = 0;
  for (uint32_t e = begin; e < tree.edges_end(0, 0); ++e)
    if (tree.edge_move(e) == move) kept_visits = tree.node(tree.child(0, e - begin)).visits;
  reasoner::JointMove joint = {move, game->move(1, "noop")};
  State next;
  game->next_state(game->initial_state(), joint, next);
  searcher.advance(joint, next);
  CHECK(kept_visits > 0);
  CHECK(searcher.tree().node(0).visits == kept_visits);
  CHECK(searcher.tree().node(0).state == next);
  CHECK(searcher.stats().playouts == 0);
  searcher.search(playout_budget(100));
  CHECK(searcher.tree().node(0).visits == kept_visits + 100);
}

TEST_CASE("sp-mcts: a single-player puzzle's optimum is found and its line replayed") {
  auto game = test::make_bit_puzzle(8, 0b10110101, false);
  MctsSearcher searcher(preset_config("spmcts"), *game, 6);
  searcher.search(playout_budget(20000));
  CHECK(searcher.best_line_result() == 1.0);
  State state = game->initial_state(), next;
  for (int step = 0; step < 8; ++step) {
    MoveId move = searcher.best_move(0);
    reasoner::JointMove joint = {move};
    game->next_state(state, joint, next);
    searcher.advance(joint, next);
    state = next;
  }
  CHECK(game->is_terminal(state));
  CHECK(game->goal(state, 0) == 100);
}

TEST_CASE("root parallelism: voting searchers find the minimax move, deterministically") {
  auto game = test::make_random_tree(5, 3, 2);
  MctsConfig config = preset_config("uct");
  config.solver = false;
  SearcherFactory factory = [config](StateMachine& m, uint64_t seed) {
    return std::unique_ptr<Searcher>(std::make_unique<MctsSearcher>(config, m, seed));
  };
  RootParallelSearcher a(factory, 3, *game, 1), b(factory, 3, *game, 1);
  a.search(playout_budget(30000));
  b.search(playout_budget(30000));
  CHECK(a.stats().playouts == 30000);
  CHECK(a.best_move(0) == b.best_move(0));
  CHECK(a.root_votes(0) == b.root_votes(0));
  CHECK(contains(optimal_root_moves(*game, 0), a.best_move(0)));

  // A proven win in one searcher outweighs any visit count.
  auto won = test::make_one_winning_move(30, 4);
  MctsConfig decisive = preset_config("decisive");
  RootParallelSearcher c(
      [decisive](StateMachine& m, uint64_t seed) {
        return std::unique_ptr<Searcher>(std::make_unique<MctsSearcher>(decisive, m, seed));
      },
      2, *won, 1);
  c.search(playout_budget(2));
  CHECK(c.best_move(0) == won->move(0, "move4"));
}

TEST_CASE("progressive pruning: a statistically inferior move stops being tried") {
  ExplicitGame game(1);
  game.set_initial(game.add_turn(0, {{"good", game.add_terminal({100})},
                                     {"mid", game.add_terminal({50})},
                                     {"bad", game.add_terminal({0})}}));
  auto visits_of = [&](double prune_rd) {
    MctsConfig config = preset_config("uct");
    config.solver = false;
    config.exploration = 20;  // visits spread widely without pruning
    config.prune_rd = prune_rd;
    config.prune_min_visits = 50;
    MctsSearcher searcher(config, game, 1);
    searcher.search(playout_budget(3000));
    const Tree& tree = searcher.tree();
    std::vector<uint32_t> visits;
    for (uint32_t e = tree.edges_begin(0, 0); e < tree.edges_end(0, 0); ++e)
      visits.push_back(tree.stats(e).visits);
    return visits;  // good, mid, bad
  };
  std::vector<uint32_t> plain = visits_of(0), pruned = visits_of(1);
  INFO("plain: ", plain[0], " ", plain[1], " ", plain[2]);
  INFO("pruned: ", pruned[0], " ", pruned[1], " ", pruned[2]);
  CHECK(plain[2] > 300);
  // Pruning starts once every move has 50 visits; after that only "good" is tried.
  CHECK(std::min(pruned[1], pruned[2]) == 50);
  CHECK(std::max(pruned[1], pruned[2]) < 2 * 50 + 10);
  CHECK(pruned[0] > 2800);
}

TEST_CASE("memory cap: the tree stops growing at max_tree_mb") {
  auto game = test::make_nim(14, 3);
  MctsConfig config = preset_config("uct");
  config.solver = false;
  config.max_tree_mb = 0.01;  // about 10 KB
  MctsSearcher searcher(config, *game, 2);
  searcher.search(playout_budget(3000));
  CHECK(searcher.stats().playouts == 3000);
  CHECK(searcher.tree().bytes() <= 10 * 1024 + 2048);  // one node past the cap at most
  CHECK(searcher.stats().nodes < 200);
}

TEST_CASE("sp-mcts restarts: fresh trees, the best line kept") {
  test::BitPuzzle puzzle(16, 0xb5a3, false);
  MctsConfig config = preset_config("spmcts");
  config.sp_restart_playouts = 500;
  MctsSearcher searcher(config, puzzle, 3);
  searcher.search(playout_budget(2600));
  CHECK(searcher.stats().playouts == 2600);
  CHECK(searcher.tree().node(0).visits == 100);  // the last restart came after 2500 simulations
  CHECK(searcher.best_line_result() > 0);
  CHECK(searcher.best_line().size() == 16);
}

TEST_CASE("wide simultaneous moves: children kept sparsely, searched and reused like dense ones") {
  // 40 x 40 joint moves: sparse children. Role 0's payoff favours its move 7, role 1's its move 3.
  ExplicitGame game(2);
  ExplicitGame::Position root;
  root.legal.resize(2);
  for (RoleIndex r = 0; r < 2; ++r)
    for (int i = 0; i < 40; ++i) root.legal[r].push_back(game.move(r, test::move_name(i)));
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j) {
      uint32_t end = game.add_terminal({i == 7 ? 90 : 40, j == 3 ? 90 : 40});
      uint32_t mid = game.add_turn(0, {{"go", end}});
      root.next[{root.legal[0][i], root.legal[1][j]}] = mid;
    }
  game.set_initial(game.add_position(root));
  MctsConfig config = preset_config("uct");
  config.solver = false;
  MctsSearcher searcher(config, game, 1);
  searcher.search(playout_budget(20000));
  CHECK(!searcher.tree().node(0).dense);
  CHECK(searcher.best_move(0) == game.move(0, "m7"));
  CHECK(searcher.best_move(1) == game.move(1, "m3"));
  JointMove joint = {game.move(0, "m7"), game.move(1, "m3")};
  State next;
  game.next_state(game.initial_state(), joint, next);
  uint32_t visits = searcher.tree().node(searcher.tree().child(0, 7 * 40 + 3)).visits;
  searcher.advance(joint, next);
  CHECK(visits > 0);
  CHECK(searcher.tree().node(0).visits == visits);
}

TEST_CASE("a playout longer than a slice of the turn runs on to the turn's end and counts") {
  for (const bool turn_known : {false, true}) {
    test::SlowChain game;
    MctsSearcher searcher(preset_config("uct"), game, 1);
    searcher.set_root(game.initial_state());
    SearchLimits slice;
    slice.deadline = Clock::now() + std::chrono::milliseconds(20);
    if (turn_known) slice.playout_deadline = Clock::now() + std::chrono::seconds(20);
    searcher.search(slice);
    INFO("the turn's end known: " << turn_known);
    // Cut at the slice's end, the playout is abandoned; with the turn's end it is played out.
    CHECK((searcher.stats().playouts > 0) == turn_known);
  }
}
