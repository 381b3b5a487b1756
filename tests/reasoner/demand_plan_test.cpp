// The prover's choice between materialising a large dynamic relation in every state and
// evaluating it on demand (reasoner/prover.cpp, build_family): both give the same answers; the
// faster on a short timed playout is kept. The synthetic games leave the timed choice a wide
// margin: reading one row of 60 per cell, the demand plan is about 8 times as fast; reading every
// row, it has nothing to gain (about as fast, 0.97 to 1.3 times the time on this machine) and
// would have to time 25% faster to be kept. The margin once did not hold, when each plan was
// timed once on 30 states (6 ms); reasoner/prover.cpp now times them in turn, twice, 30 ms each.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "gdl/loader.h"
#include "reasoner/perft.h"
#include "reasoner/prover.h"
#include "support/corpus.h"

namespace ggp::reasoner {
namespace {

// One role, `cells` cells; `pair` joins every cell with 60 numbers (cells x 60 rows per state).
// `legal_rule` says how the moves read it; `played_rule` which cell a move removes.
std::string pair_game(int cells, const std::string& legal_rule, const std::string& played_rule) {
  std::string kif = "(role r)\n";
  for (int i = 1; i <= 60; ++i) kif += "(num " + std::to_string(i) + ")\n";
  for (int i = 1; i <= cells; ++i) kif += "(init (cell " + std::to_string(i) + "))\n";
  kif += "(<= (pair ?x ?y) (true (cell ?x)) (num ?y))\n" + legal_rule + "\n" + played_rule + "\n" +
         "(<= (next (cell ?x)) (true (cell ?x)) (not (played ?x)))\n"
         "(<= terminal (not (true (cell 1))))\n"
         "(<= (goal r 100) terminal)\n"
         "(<= (goal r 0) (not terminal))\n";
  return kif;
}

bool on_demand(const StateMachine& m, const std::string& relation) {
  std::vector<std::string> notes = prover_notes(m);
  return std::find(notes.begin(), notes.end(), "evaluated on demand: " + relation) != notes.end();
}

TEST_CASE("prover: a large dynamic relation read for few keys is evaluated on demand") {
  // The moves ask for one number per cell: 50 of the 3,000 rows a state would materialise.
  auto m = make_prover(gdl::load_game_text(
      pair_game(50, "(<= (legal r (go ?x)) (true (cell ?x)) (pair ?x 7))",
                "(<= (played ?x) (does r (go ?x)))")));
  CHECK(on_demand(*m, "pair/2"));
  State s = m->initial_state();
  CHECK(m->legal_moves(s, 0).size() == 50);
  // Each move removes one cell: 50 * 49 leaves at depth 2, and playing cell 1 ends the game.
  CHECK(perft(*m, s, 2) == std::vector<uint64_t>{50, 1 + 49 * 49});
}

TEST_CASE("prover: a large dynamic relation that the moves read whole stays materialised") {
  auto m = make_prover(gdl::load_game_text(
      pair_game(50, "(<= (legal r (go ?x ?y)) (pair ?x ?y))",
                "(<= (played ?x) (does r (go ?x ?y)))")));
  CHECK_FALSE(on_demand(*m, "pair/2"));
  CHECK(m->legal_moves(m->initial_state(), 0).size() == 50 * 60);
}

TEST_CASE("prover: a small dynamic relation is never considered for demand") {
  auto m = make_prover(gdl::load_game_text(
      pair_game(5, "(<= (legal r (go ?x)) (true (cell ?x)) (pair ?x 7))",
                "(<= (played ?x) (does r (go ?x)))")));
  CHECK_FALSE(on_demand(*m, "pair/2"));
  CHECK(perft(*m, m->initial_state(), 2) == std::vector<uint64_t>{5, 1 + 4 * 4});
}

TEST_CASE("corpus: prover: a demand relation reads complete relations, whatever calls it first") {
  // linesOfAction's `(<= (legal ?player ?move) (true (control ?player)) (legalMove ?player ?move))`
  // stands for every functor of the game as ?move. With legalMove on demand, the calls for
  // functors no legalMove rule has still compute and memoise all of the role's answers, so what
  // legalMove reads (moveLength, partialLineCount) must be complete before any of them: once, it
  // was not, and black had no move but noop. The trace has black's 36 opening moves.
  auto game = gdl::load_game_file(ggp::testing::corpus_path("games/base/linesOfAction.kif"));
  using Plan = ProverOptions::DemandPlan;
  for (Plan plan : {Plan::OnDemand, Plan::BottomUp}) {
    auto m = make_prover(game, ProverOptions{plan});
    CHECK(on_demand(*m, "legalMove/2") == (plan == Plan::OnDemand));
    State s = m->initial_state();
    CHECK(m->legal_moves(s, 0).size() == 36);
    CHECK(m->legal_moves(s, 1).size() == 1);
  }
}

}  // namespace
}  // namespace ggp::reasoner
