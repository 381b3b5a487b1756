#pragma once
// The propnet tests' common check: a propnet built under given limits agrees with the prover.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "gdl/ast.h"
#include "propnet/propnet_machine.h"
#include "reasoner/differential.h"
#include "reasoner/prover.h"

namespace ggp::propnet::testing {

// Builds the propnet of `game` under `limits` and checks (doctest) that it agrees with the prover
// on random playouts from seeds 1 to `seeds`, each within `budget`, and that every seed compared
// at least one state. `label` names the setting in the failure messages.
inline void check_agrees_with_prover(const std::shared_ptr<const gdl::Game>& game,
                                     const PropnetLimits& limits, const std::string& label,
                                     uint64_t seeds = 10,
                                     reasoner::DifferentialLimits budget = {200, 0.2, 100}) {
  auto ref = reasoner::make_prover(game);
  auto net = make_propnet(game, limits);
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    auto result = reasoner::compare_random_playouts(*net, *ref, seed, budget);
    INFO(label << ", seed " << seed << ": " << result.difference);
    CHECK(result.difference.empty());
    CHECK(result.steps > 0);
  }
}

}  // namespace ggp::propnet::testing
