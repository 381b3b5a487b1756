#pragma once
// A position of a match record, for the benchmarks that start from one (`--record MATCH.json
// --turn N`): records of GGP-Base's form, as `ggp tournament` writes them.
#include <cstddef>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::cli {

// The state after the first `turns` joint moves of the record at `path` (its "moves": one list
// of move texts in role order a turn), each checked legal. Throws std::runtime_error naming the
// turn where the record cannot be read or followed.
reasoner::State record_state(reasoner::StateMachine& m, const std::string& path, size_t turns);

}  // namespace ggp::cli
