// The learned evaluation (agent/heuristic.h) and its candidate piece sets (agent/piece_features.h);
// the MCTS engine's decisions at its first search that use playout probes (greedy=auto).
#include "agent/heuristic.h"

#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "recording_machine.h"
#include "support/corpus.h"

using namespace ggp;
using namespace ggp::agent;
using reasoner::RoleIndex;
using reasoner::State;

namespace {

// Red and blue alternate for 12 turns; the mover grabs a token or waits. More tokens wins (50 each
// when level). Facts: (token ROLE K) for "at least K tokens", K = 1..6, and (has ROLE N).
std::string token_race() {
  std::string kif = R"(
    (role red) (role blue)
    (init (control red)) (init (round 0)) (init (has red 0)) (init (has blue 0))
    (<= (legal ?p grab) (true (control ?p)) (true (has ?p ?n)) (succ ?n ?m) (token_index ?m))
    (<= (legal ?p wait) (true (control ?p)))
    (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
    (<= (next (token ?p ?m)) (does ?p grab) (true (has ?p ?n)) (succ ?n ?m))
    (<= (next (token ?p ?k)) (true (token ?p ?k)))
    (<= (next (has ?p ?m)) (does ?p grab) (true (has ?p ?n)) (succ ?n ?m))
    (<= (next (has ?p ?n)) (true (has ?p ?n)) (not (does ?p grab)))
    (<= (next (control red)) (true (control blue)))
    (<= (next (control blue)) (true (control red)))
    (<= (next (round ?m)) (true (round ?n)) (succ ?n ?m))
    (<= terminal (true (round 12)))
    (<= (goal ?p 100) (true (has ?p ?a)) (other ?p ?q) (true (has ?q ?b)) (greater ?a ?b))
    (<= (goal ?p 50) (true (has ?p ?a)) (other ?p ?q) (true (has ?q ?a)))
    (<= (goal ?p 0) (true (has ?p ?a)) (other ?p ?q) (true (has ?q ?b)) (greater ?b ?a))
    (other red blue) (other blue red)
  )";
  for (int i = 0; i < 12; ++i)
    kif += "(succ " + std::to_string(i) + " " + std::to_string(i + 1) + ")\n";
  for (int k = 1; k <= 6; ++k) kif += "(token_index " + std::to_string(k) + ")\n";
  for (int a = 0; a <= 6; ++a)
    for (int b = 0; b < a; ++b)
      kif += "(greater " + std::to_string(a) + " " + std::to_string(b) + ")\n";
  return kif;
}

std::unique_ptr<reasoner::StateMachine> propnet_of(std::shared_ptr<const gdl::Game> game) {
  return propnet::make_machine(game, propnet::MachineKind::Propnet).machine;
}

SearchLimits seconds(double s) {
  SearchLimits limits;
  limits.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(s));
  return limits;
}

// The state after `moves` (one per turn, the mover's; the other role plays noop).
State after(reasoner::StateMachine& m, const std::vector<std::string>& moves) {
  State s = m.initial_state(), next;
  for (size_t t = 0; t < moves.size(); ++t) {
    reasoner::JointMove joint(2);
    for (RoleIndex r = 0; r < 2; ++r)
      joint[r] = *m.move_from_text(r, r == t % 2 ? moves[t] : std::string("noop"));
    m.next_state(s, joint, next);
    std::swap(s, next);
  }
  return s;
}

}  // namespace

TEST_CASE("term_elements splits a ground term at its top level") {
  CHECK(term_elements("(cell 1 2 red)") == std::vector<std::string>{"cell", "1", "2", "red"});
  CHECK(term_elements("( at (pos 1 2) white )") ==
        std::vector<std::string>{"at", "(pos 1 2)", "white"});
  CHECK(term_elements("control") == std::vector<std::string>{"control"});
}

TEST_CASE("a piece's kind is the argument with the fewest values that is no side of the board") {
  auto args = [](std::vector<size_t> counts) {
    std::vector<std::set<std::string>> values(counts.size());
    for (size_t i = 0; i < counts.size(); ++i)
      for (size_t v = 0; v < counts[i]; ++v) values[i].insert(std::to_string(v));
    return values;
  };
  CHECK(PieceFeatures::kind_argument(args({9, 9, 2})) == 2);   // Go: (cell x y colour)
  CHECK(PieceFeatures::kind_argument(args({8, 8, 13})) == 2);  // chess: 12 pieces and the blank
  CHECK(PieceFeatures::kind_argument(args({13, 8, 8})) == 0);
  CHECK(PieceFeatures::kind_argument(args({8, 8, 8})) == 3);   // nothing tells them apart
  CHECK(PieceFeatures::kind_argument(args({8, 8})) == 2);      // a board alone
  CHECK(PieceFeatures::kind_argument(args({8, 8, 17})) == 3);  // more values than kinds
  CHECK(PieceFeatures::kind_argument(args({3, 3, 3})) == 0);   // too few values to be a board's side
  CHECK(PieceFeatures::kind_argument(args({20, 1, 5})) == 2);  // one value is no kind
}

TEST_CASE("heuristic: piece counts learned where they predict the results, and only there") {
  auto race = propnet_of(gdl::load_game_text(token_race(), "race"));
  HeuristicSettings settings;
  settings.max_playouts = 1500;
  HeuristicReport report;
  reasoner::Random rng(3);
  auto h = Heuristic::learn(*race, race->initial_state(), rng, seconds(20), settings, report);
  REQUIRE(h);
  INFO(report.summary);
  CHECK(h->enabled());
  CHECK(report.correlation > 0.4);
  CHECK(report.correlation > report.base_correlation + 0.3);
  CHECK(h->describe().find("(token red _)") != std::string::npos);
  // Red ahead by a token is worth more to red than red behind by one, and less to blue.
  const State ahead = after(*race, {"grab", "wait"}), behind = after(*race, {"wait", "grab"});
  std::vector<double> a(2), b(2);
  h->evaluate(ahead, 0, a);
  h->evaluate(behind, 0, b);
  CHECK(a[0] > b[0] + 0.1);
  CHECK(a[1] < b[1] - 0.1);

  // In tic-tac-toe the marks on the board are no material: no evaluation.
  auto ttt = propnet_of(gdl::load_game_file(ggp::testing::shipped_game_path("ticTacToe")));
  HeuristicReport none;
  auto off = Heuristic::learn(*ttt, ttt->initial_state(), rng, seconds(20), settings, none);
  INFO(none.summary);
  CHECK((!off || !off->enabled()));
  CHECK_FALSE(none.enabled);
}

TEST_CASE("heuristic: a one-at-a-time machine is asked for one playout a call, the lanes for 64") {
  // A call is not interrupted: 16 of chess's playouts a call on the prover ran seconds past the
  // start clock, and the first moves of a 1 s match went out as random fallbacks.
  auto game = gdl::load_game_text(token_race(), "race");
  auto prover = propnet::make_machine(game, propnet::MachineKind::Prover).machine;
  auto lanes = propnet_of(game);
  HeuristicSettings settings;
  settings.max_playouts = 100;
  for (reasoner::StateMachine* machine : {prover.get(), lanes.get()}) {
    ggp::test::RecordingMachine recording(*machine);
    HeuristicReport report;
    reasoner::Random rng(5);
    Heuristic::learn(recording, recording.initial_state(), rng, seconds(20), settings, report);
    INFO(machine->name());
    CHECK(report.playouts >= 100);
    CHECK(recording.largest_batch == machine->parallel_playouts());
  }
  CHECK(prover->parallel_playouts() == 1);
  CHECK(lanes->parallel_playouts() == 64);
}

TEST_CASE("greedy=auto: greedy playouts where random moves hand out wins at once, MAST elsewhere unless placement") {
  MctsConfig config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.greedy_auto = true;
  config.playout = PlayoutMode::MastGreedy;  // playout=mast_eg_auto: MAST where greedy is off
  config.mast_unless_greedy = true;
  // The note of a first search on a shipped game.
  auto first_note = [&config](const char* game) {
    auto machine = propnet_of(gdl::load_game_file(ggp::testing::shipped_game_path(game)));
    MctsSearcher searcher(config, *machine, 5);
    searcher.search(playout_budget(256));
    return searcher.note();
  };
  // The decision weighs a count (the share of random moves that hand out a win at once) against
  // a time (what a greedy playout costs in random ones), so for connect_four the test sets a gain
  // far below the default's 0.005: its share, 16%, then turns greedy playouts on at any cost
  // under 1,600 random playouts (13 in a Release build; 35 under the sanitizers on a loaded
  // machine, where the default gain once read it off).
  const double default_gain = config.greedy_gain;
  config.greedy_gain = 0.0001;
  const std::string on = first_note("connect_four");
  config.greedy_gain = default_gain;
  INFO(on);
  CHECK(on.find("greedy playouts on") != std::string::npos);
  CHECK(on.find("MAST playouts off") != std::string::npos);

  // Reversi: no move hands the other a win at once until the board is full, and the position
  // decides which few moves are legal (agent/legal_share.h).
  const std::string off = first_note("reversi");
  INFO(off);
  CHECK(off.find("greedy playouts off") != std::string::npos);
  CHECK(off.find("MAST playouts on") != std::string::npos);

  // Hex: no greedy playouts either (3% of random moves hand out a win, against a greedy playout's
  // cost of about 65 random ones: off at the default gain while the cost is over 6.4), but every
  // empty cell is legal everywhere: its legal share is over mast_share (0.25 by default), so no
  // MAST, unless mast_share lets every share through.
  const std::string placement = first_note("hex_9x9");
  INFO(placement);
  CHECK(placement.find("greedy playouts off") != std::string::npos);
  CHECK(placement.find("MAST playouts off") != std::string::npos);
  config.mast_max_share = 1.0;
  CHECK(first_note("hex_9x9").find("MAST playouts on") != std::string::npos);
}

TEST_CASE("greedy=auto under a playout budget alone: the same search in every run") {
  // Checkers: greedy playouts off, MAST on, and an evaluation learned from playouts that depend
  // on the ending moves the lanes learned during the greedy probe. Timed (a second of batches),
  // the probe's length made `ggp bench-search --playouts` with implicit=0.4 give three signatures
  // in three runs; counted, one.
  MctsConfig config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.greedy_auto = true;
  config.playout = PlayoutMode::MastGreedy;
  config.mast_unless_greedy = true;
  config.implicit_alpha = 0.4;
  auto votes = [&config] {
    auto machine = propnet_of(gdl::load_game_file(ggp::testing::shipped_game_path("checkers")));
    MctsSearcher searcher(config, *machine, 3);
    searcher.search(playout_budget(4000));
    return searcher.root_votes(0);
  };
  const auto first = votes();
  REQUIRE(!first.empty());
  for (int run = 0; run < 2; ++run) CHECK(votes() == first);
}

TEST_CASE("heuristic: line sets let where pieces stand count, and predict a race better") {
  // In knightthrough a knight two rows from its goal row threatens to win: the counts of pieces
  // by row predict results that the counts by colour alone predict less well.
  auto kt = propnet_of(gdl::load_game_file(ggp::testing::shipped_game_path("knightthrough_8x8")));
  HeuristicSettings settings;
  settings.max_playouts = 1500;
  HeuristicReport counts_only, with_lines;
  reasoner::Random rng_a(5), rng_b(5);
  auto a = Heuristic::learn(*kt, kt->initial_state(), rng_a, seconds(30), settings, counts_only);
  settings.lines = true;
  auto b = Heuristic::learn(*kt, kt->initial_state(), rng_b, seconds(30), settings, with_lines);
  REQUIRE(a);
  REQUIRE(b);
  INFO(counts_only.summary);
  INFO(with_lines.summary);
  CHECK(a->describe().find("(cell _ 2 black)") == std::string::npos);
  CHECK(b->describe().find("(cell _ 2 black)") != std::string::npos);
  CHECK(b->describe().find("(cell _ _ black)") != std::string::npos);  // the counts stay first
  CHECK(with_lines.correlation > counts_only.correlation + 0.03);
}

TEST_CASE("implicit minimax: each node holds its mover's best child's value over the evaluation") {
  // Lanctot et al. 2014's backup, checked on every node of a searched tree: a node the search has
  // left unsolved holds, for its mover, the best minimax value among its children (their exact
  // values where solved), and that child's values for the other role.
  auto race = propnet_of(gdl::load_game_text(token_race(), "race"));
  MctsConfig config;
  config.implicit_alpha = 0.4;
  MctsSearcher searcher(config, *race, 11);
  searcher.set_root(race->initial_state());
  searcher.search(playout_budget(20000));
  const std::string note = searcher.note();
  INFO(note);
  REQUIRE(note.find("heuristic on") != std::string::npos);
  const Tree& tree = searcher.tree();
  auto minimax = [&tree](uint32_t id) {
    return tree.node(id).solved ? tree.value(id) : tree.estimate(id);
  };
  size_t checked = 0, evaluated = 0;
  for (uint32_t id = 0; id < tree.size(); ++id) {
    const Node& n = tree.node(id);
    evaluated += !n.solved && tree.estimate(id)[0] + tree.estimate(id)[1] > 0;
    if (n.solved || n.mover < 0) continue;
    const auto mover = static_cast<RoleIndex>(n.mover);
    uint32_t best = kNoNode;
    for (uint32_t j = 0; j < tree.moves(id, mover).size(); ++j)
      if (uint32_t c = tree.child(id, j);
          c != kNoNode && (best == kNoNode || minimax(c)[mover] > minimax(best)[mover]))
        best = c;
    if (best == kNoNode) continue;
    ++checked;
    CHECK(tree.estimate(id)[mover] == doctest::Approx(minimax(best)[mover]));
    CHECK(tree.estimate(id)[1 - mover] == doctest::Approx(minimax(best)[1 - mover]));
  }
  CHECK(checked > 50);
  CHECK(evaluated > checked);  // the leaves hold their evaluation
  CHECK(note.find("implicit minimax backups on") != std::string::npos);

  // Below implicit_min_correlation the evaluation is not trusted: no estimates at all.
  config.implicit_min_correlation = 0.99;
  MctsSearcher gated(config, *race, 11);
  gated.set_root(race->initial_state());
  gated.search(playout_budget(2000));
  CHECK(gated.note().find("implicit minimax backups off") != std::string::npos);
  for (uint32_t id = 0; id < gated.tree().size(); ++id)
    CHECK(gated.tree().estimate(id)[0] + gated.tree().estimate(id)[1] == 0);
}
