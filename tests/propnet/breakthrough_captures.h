#pragma once
// Breakthrough 5x5's captures written out, for the lane tests (bit_bias_test.cpp,
// bit_greedy_test.cpp): (move x1 y1 x2 y2) by a role removes the other role's (cell x2 y2 OTHER)
// where it holds. By move id, as reasoner::Captures reads them.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "propnet/program.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet::testing {

struct CaptureTable {
  std::vector<uint32_t> begin;
  std::vector<reasoner::FactId> victims;
  // The table as playouts read it, each capture played first with probability `share`; valid
  // while the table lives.
  reasoner::Captures played_first(double share) const {
    reasoner::Captures out;
    out.begin = begin, out.facts = victims, out.share = share;
    return out;
  }
};

// Ids by text (nullopt where the rules have no such move or fact).
using MoveIdOf = std::function<std::optional<reasoner::MoveId>(reasoner::RoleIndex, const std::string&)>;
using FactIdOf = std::function<std::optional<reasoner::FactId>(const std::string&)>;
CaptureTable breakthrough_captures(const MoveIdOf& move_id, const FactIdOf& fact_id);

// The ids of a machine (move_from_text, fact_from_text), or of a propnet Program (the lanes').
CaptureTable breakthrough_captures(reasoner::StateMachine& machine);
CaptureTable breakthrough_captures(const Program& p);

}  // namespace ggp::propnet::testing
