#pragma once
// The propnet state machine: GDL compiled into a propositional network (grounder.h, network.h,
// program.h), run by differential forward propagation of counters (after ggplib's propagate.h,
// with flat arrays instead of pointers): setting a base or input proposition pushes the change
// through only the gates whose value it changes. Cycles without transitions are re-solved as a
// whole (least fixpoint) when an input of theirs changes.
//
// The machine keeps the last state it evaluated; a query on another state flips only the
// differing base propositions. Legal moves and the next state are maintained incrementally
// (watched gates), so a playout does not allocate. A query settles only the gates legal, goal and
// terminal read; next_state settles the rest with the state's and the moves' changes in one wave.
#include <memory>
#include <string>

#include "gdl/ast.h"
#include "propnet/grounder.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet {

struct PropnetLimits {
  double seconds = 10.0;                // wall time for the whole build
  GroundingLimits grounding;            // sizes of grounding (its time is `seconds`)
  size_t max_components = 3'000'000;    // gates before optimisation
  const std::atomic<bool>* cancel = nullptr;  // once set, the build throws "build cancelled"
};

struct PropnetStats {
  size_t facts = 0, moves = 0, gates = 0, edges = 0, cycles = 0;
  size_t gates_before_optimisation = 0;
  size_t bytes = 0;  // of the shared program (approximate)
  double build_ms = 0;
};

struct Program;

// Grounds, builds, optimises and flattens the game's network (what make_propnet runs on). Throws
// as make_propnet.
std::shared_ptr<const Program> build_program(std::shared_ptr<const gdl::Game> game,
                                             const PropnetLimits& limits = {},
                                             PropnetStats* stats = nullptr);

// Builds a propnet for a validated game. Throws std::runtime_error("propnet: ...") when the game
// is too large for `limits` or uses what the propnet cannot represent.
std::unique_ptr<reasoner::StateMachine> make_propnet(std::shared_ptr<const gdl::Game> game,
                                                     const PropnetLimits& limits = {},
                                                     PropnetStats* stats = nullptr);

}  // namespace ggp::propnet
