// The corpus games that GGP-Base reads and plays but a strict GDL reader refuses (names used with
// several arities, keywords in other shapes or as function symbols, a stray ')', unsafe rules
// that GGP-Base's top-down prover reads): each loads, builds on the prover and, where it grounds
// within the budget, on the propnet; the two machines agree on random playouts, and both agree with
// the game's reference trace where the corpus has one.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "gdl/loader.h"
#include "propnet/corpus.h"
#include "propnet/propnet_machine.h"
#include "reasoner/differential.h"
#include "reasoner/prover.h"
#include "reasoner/trace.h"

namespace ggp::propnet {
namespace {

// Replays `game`'s trace on `machine` when the corpus has one.
void replay_trace(reasoner::StateMachine& machine, const testing::CorpusGame& game) {
  if (!game.has_trace()) return;
  reasoner::TraceCheck check = reasoner::check_trace(machine, game.trace_path(), 2.0);
  INFO(game.key << " on " << machine.name() << ": " << check.difference);
  CHECK(check.ok);
  CHECK(check.steps > 0);
}

TEST_CASE("corpus: the games GGP-Base reads load, build on both machines and agree") {
  struct Case {
    testing::CorpusGame game;
    bool grounds = true;  // the propnet builds within the budget
  };
  const std::vector<Case> cases = {
      {{"dresden", "Checkers_grounded"}},         // canJump with 1 and 5 arguments
      {{"dresden", "Connect4_grounded"}},         // the proposition open and (open ?c)
      {{"dresden", "DotsAndBoxesExperimental"}},  // `role` as a function symbol
      {{"dresden", "DoubleAuctionDJ"}},           // an unsafe legal move
      {{"dresden", "Nine_Mens_Morris_0.11_2p"}},  // closingMill with several arities
      {{"dresden", "Qyshinsu"}},                  // (base a b)
      {{"dresden", "gameofsquares"}},             // (next a b c) beside (next f)
      {{"dresden", "sudoku_simple"}},             // cell with 2 and 3 arguments
      // Arithmetic on a fact with a variable, recursion over terms: evaluated top-down.
      {{"dresden", "themathematician_easy"}, false},
      {{"dresden", "themathematician_medium"}, false},
      {{"stanford", "mnk"}},  // a stray ')' before the last facts
  };
  for (const Case& c : cases) {
    INFO(c.game.source << "/" << c.game.key);
    std::shared_ptr<const gdl::Game> rules;
    REQUIRE_NOTHROW(rules = gdl::load_game_file(c.game.kif_path()));
    auto prover = reasoner::make_prover(rules);
    replay_trace(*prover, c.game);
    if (!c.grounds) {  // the machine factory falls back to the prover
      CHECK_THROWS(make_propnet(rules));
      continue;
    }
    PropnetLimits limits;
    limits.seconds = 5.0;
    std::unique_ptr<reasoner::StateMachine> net;
    REQUIRE_NOTHROW(net = make_propnet(rules, limits));
    replay_trace(*net, c.game);
    auto result = reasoner::compare_random_playouts(*net, *prover, 1, {5, 2.0, 300});
    INFO(result.difference);
    CHECK(result.difference.empty());
  }
}

}  // namespace
}  // namespace ggp::propnet
