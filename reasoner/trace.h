#pragma once
// Replays a reference trace of ../shared/traces (format in its README) on a state machine and
// compares, at every step, the set of true facts, terminal, goals and each role's set of legal
// moves, then applies the recorded joint move.
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

struct TraceCheck {
  bool ok = true;           // no difference found
  size_t steps = 0;         // steps compared
  size_t playouts = 0;      // playouts started
  bool cut_short = false;   // the time budget ran out before the end of the file
  std::string difference;   // the first difference, with playout, step and both sides
};

// Checks `machine` against the trace at `trace_path`, for at most `budget_seconds` (<= 0: no limit).
// Throws std::runtime_error if the file cannot be read or its roles differ from the machine's.
TraceCheck check_trace(StateMachine& machine, const std::string& trace_path, double budget_seconds);

}  // namespace ggp::reasoner
