// The propnet against the prover (the reference) on random playouts: at every state the same
// terminal flag, goals, sets of legal moves per role and, after a random joint move, the same
// next state.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "gdl/loader.h"
#include "propnet/corpus.h"
#include "propnet/small_games.h"
#include "propnet/propnet_machine.h"
#include "reasoner/prover.h"
#include "reasoner/differential.h"

namespace ggp::propnet {
namespace {

using reasoner::State;
using reasoner::StateMachine;

TEST_CASE("the propnet agrees with the prover on recursion through dynamic facts") {
  auto rules = gdl::load_game_text(testing::kReachability, "reachability");
  PropnetStats stats;
  auto net = make_propnet(rules, {}, &stats);
  CHECK(stats.cycles > 0);
  auto ref = reasoner::make_prover(rules);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto result = reasoner::compare_random_playouts(*net, *ref, seed, {1'000'000, 0.05, 1000});
    INFO("seed " << seed << ": " << result.difference);
    CHECK(result.difference.empty());
  }
}

TEST_CASE("corpus: the propnet agrees with the prover on random playouts of a corpus sample") {
  // GGP_PROPNET_FULL=1 compares every in-scope game; otherwise every 12th.
  const bool full = std::getenv("GGP_PROPNET_FULL") != nullptr;
  size_t compared = 0, tried = 0;
  for (const auto& g : testing::sample(testing::corpus_games(), full ? 1 : 12, 5)) {
    ++tried;
    std::unique_ptr<StateMachine> net, ref;
    try {
      auto rules = gdl::load_game_file(g.kif_path());
      PropnetLimits limits;
      limits.seconds = 3.0;
      net = make_propnet(rules, limits);
      ref = reasoner::make_prover(rules);
    } catch (const std::exception& e) {
      if (full) std::cerr << "skipped " << g.source << "/" << g.key << ": " << e.what() << "\n";
      continue;
    }
    auto result =
        reasoner::compare_random_playouts(*net, *ref, 7, {1'000'000, full ? 0.5 : 0.25, 100'000});
    INFO(g.source << "/" << g.key << " (" << result.steps << " steps): " << result.difference);
    CHECK(result.difference.empty());
    ++compared;
  }
  MESSAGE("compared the propnet with the prover on " << compared << " of " << tried << " games");
  REQUIRE(tried > 20);  // a twelfth of the corpus
  CHECK(compared * 2 >= tried);  // the rest exceed the budget, or the prover rejects them
}

}  // namespace
}  // namespace ggp::propnet
