#pragma once
// The prover state machine: GDL semantics computed directly from the rules (stratified Datalog with
// function terms, negation as failure, distinct, or). It is the reference that every faster
// machine is checked against.
#include <memory>
#include <string>
#include <vector>

#include "gdl/ast.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct ProverOptions {
  // Whether dynamic relations with many rows per state are evaluated on demand (top-down, only the
  // rows the queries ask for) instead of materialised in every state. Measured: the faster on a
  // short random playout, timed at construction. The answers are the same either way.
  enum class DemandPlan { Measured, BottomUp, OnDemand };
  DemandPlan demand_plan = DemandPlan::Measured;
};

// Builds a prover for a validated game. Throws std::runtime_error for what it cannot handle.
std::unique_ptr<StateMachine> make_prover(std::shared_ptr<const gdl::Game> game,
                                          ProverOptions options = {});

// What the prover noted while compiling the rules (goal values that are not integers 0..100,
// relations too large to materialise, evaluated on demand); empty if `machine` is no prover.
std::vector<std::string> prover_notes(const StateMachine& machine);

}  // namespace ggp::reasoner
