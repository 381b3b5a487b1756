#pragma once
// The machine the shipped-games tests check: a propnet with a generous build budget, so that a
// slow (sanitized) build cannot turn a timing into a failure.
#include <memory>

#include "propnet/machine_factory.h"
#include "propnet/propnet_machine.h"

namespace ggp::testing {

// The machine of `kind` for `game`; a propnet may take 600 s to build.
inline std::unique_ptr<reasoner::StateMachine> build_patient_machine(
    std::shared_ptr<const gdl::Game> game, propnet::MachineKind kind) {
  if (kind != propnet::MachineKind::Propnet) return propnet::make_machine(game, kind).machine;
  propnet::PropnetLimits limits;
  limits.seconds = 600;
  return propnet::make_propnet(std::move(game), limits);
}

}  // namespace ggp::testing
