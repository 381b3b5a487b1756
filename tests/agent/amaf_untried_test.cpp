#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;
using ggp::test::ExplicitGame;
using ggp::test::move_name;

namespace {

// One player, three rounds of the same ten moves. m7 first wins (100); m7 later scores 50; else 0.
// AMAF sees m7's worth from every simulation that plays it in any round.
std::unique_ptr<ExplicitGame> make_three_rounds() {
  auto g = std::make_unique<ExplicitGame>(1);
  auto round = [&](auto& self, int depth, bool first7, bool later7) -> uint32_t {
    if (depth == 3) return g->add_terminal({first7 ? 100 : later7 ? 50 : 0});
    std::vector<std::pair<std::string, uint32_t>> children;
    for (int i = 0; i < 10; ++i)
      children.emplace_back(move_name(i), self(self, depth + 1, first7 || (depth == 0 && i == 7),
                                               later7 || (depth > 0 && i == 7)));
    return g->add_turn(0, children);
  };
  g->set_initial(round(round, 0, false, false));
  return g;
}

// Mean simulations until MCTS-Solver proves the root (the win needs m7 tried twice at the root).
double simulations_to_proof(bool amaf_untried) {
  auto game = make_three_rounds();
  MctsConfig config;
  config.amaf = AmafMode::Alpha;
  config.amaf_untried = amaf_untried;
  double total = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    MctsSearcher searcher(config, *game, seed);
    searcher.search(playout_budget(500));
    REQUIRE(searcher.stats().root_solved);
    total += static_cast<double>(searcher.stats().playouts);
  }
  return total / 40;
}

}  // namespace

TEST_CASE("amaf_untried: untried moves ranked by AMAF find the winning first move sooner") {
  double ranked = simulations_to_proof(true), all_first = simulations_to_proof(false);
  CAPTURE(ranked);
  CAPTURE(all_first);
  CHECK(all_first >= 11);  // every root move once before m7's second try
  CHECK(ranked < 0.75 * all_first);
}
