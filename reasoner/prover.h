#pragma once
// The prover state machine: GDL semantics computed directly from the rules (stratified Datalog with
// function terms, negation as failure, distinct, or). It is the reference that every faster
// machine is checked against.
#include <memory>

#include "gdl/ast.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

// Builds a prover for a validated game. Throws std::runtime_error for what it cannot handle.
std::unique_ptr<StateMachine> make_prover(std::shared_ptr<const gdl::Game> game);

}  // namespace ggp::reasoner
