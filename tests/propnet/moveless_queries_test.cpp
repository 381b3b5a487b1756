// legal, goal and terminal that depend on `does` (warned about, as GGP-Base reads them: asked of a
// state alone, every `does` false; gdl/moveless_queries.h): both machines play such a game as the
// prover plays its twin written without moves.
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "reasoner/differential.h"
#include "reasoner/perft.h"
#include "reasoner/prover.h"

namespace ggp::propnet {
namespace {

// `picked` is used by next (with the moves) and by legal and goal (without them); terminal has a
// `does` inside an `or`.
constexpr const char* kWithMoves = R"(
  (role a) (role b)
  (index 1) (index 2) (index 3)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (init (step 0))
  (<= (legal ?r (pick ?x)) (role ?r) (index ?x))
  (<= (legal ?r (echo ?x)) (does ?r (pick ?x)))
  (<= (legal ?r rest) (role ?r) (not picked))
  (<= picked (does ?r (pick 1)))
  (<= (next (chosen ?x)) (does ?r (pick ?x)))
  (<= (next flag) picked)
  (<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))
  (<= terminal (true (step 4)))
  (<= terminal (or (does a (pick 2)) (true (chosen 3))))
  (<= (goal ?r 100) (role ?r) (true flag))
  (<= (goal ?r 0) (role ?r) (not (true flag)))
  (<= (goal a 50) picked)
)";

constexpr const char* kTwin = R"(
  (role a) (role b)
  (index 1) (index 2) (index 3)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (init (step 0))
  (<= (legal ?r (pick ?x)) (role ?r) (index ?x))
  (<= (legal ?r rest) (role ?r))
  (<= picked (does ?r (pick 1)))
  (<= (next (chosen ?x)) (does ?r (pick ?x)))
  (<= (next flag) picked)
  (<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))
  (<= terminal (true (step 4)))
  (<= terminal (true (chosen 3)))
  (<= (goal ?r 100) (role ?r) (true flag))
  (<= (goal ?r 0) (role ?r) (not (true flag)))
)";

// The shape of a fuzzed sheet (tests/fuzz/regressions/propnet/legal-by-does): no `next`, so the
// state stays empty after the first move, and the propnet, without the rewrite, read the move
// just played into legal: (pic a 0) was legal there on the propnet, never on the prover.
constexpr const char* kStateless = R"(
  (role a) (role b)
  (init (step 0))
  (<= (legal ?r (pick 0)) (role ?r))
  (<= (legal ?r (pic ?r ?x)) (does ?r (pick ?x)))
  (<= terminal (true (step 6)))
  (<= (goal ?r 100) (role ?r))
)";

constexpr const char* kStatelessTwin = R"(
  (role a) (role b)
  (init (step 0))
  (<= (legal ?r (pick 0)) (role ?r))
  (<= terminal (true (step 6)))
  (<= (goal ?r 100) (role ?r))
)";

TEST_CASE("moveless queries: both machines play legal, goal and terminal without moves") {
  for (auto [rules, twin_rules] : {std::pair{kWithMoves, kTwin}, {kStateless, kStatelessTwin}}) {
    auto twin = reasoner::make_prover(gdl::load_game_text(twin_rules, "twin"));
    auto game = gdl::load_game_text(rules, "with moves");
    auto prover = reasoner::make_prover(game);
    auto net = make_propnet(game);
    for (reasoner::StateMachine* m : {prover.get(), net.get()}) {
      INFO(m->name());
      CHECK(reasoner::perft(*m, m->initial_state(), 3) ==
            reasoner::perft(*twin, twin->initial_state(), 3));
      for (uint64_t seed = 1; seed <= 8; ++seed) {
        auto result = reasoner::compare_random_playouts(*m, *twin, seed, {5, 0, 20});
        INFO("seed " << seed << ": " << result.difference);
        CHECK((result.difference.empty() ||
               result.difference.find("no end after") != std::string::npos));
        CHECK(result.steps > 0);
      }
    }
  }
}

}  // namespace
}  // namespace ggp::propnet
