#pragma once
// Players named by a spec string, so that `ggp serve` and `ggp match` share one syntax:
// `random`, or a searcher name with comma-separated settings (e.g. `uct:c=0.4,playouts=1000`).
#include <cstdint>
#include <memory>
#include <string>

#include "agent/player.h"
#include "agent/searcher.h"
#include "reasoner/state_machine.h"

namespace ggp::cli {

// Throws std::invalid_argument naming the unknown searcher or setting.
std::unique_ptr<agent::Player> make_player_from_spec(const std::string& spec, uint64_t seed);

// The searcher a spec names, over `machine`, seeded with `seed` unless the spec sets seed=; the
// player settings (playouts, metagame, ponder, slice) are accepted and ignored. Throws as above,
// and for `random`, which is no searcher.
std::unique_ptr<agent::Searcher> make_searcher_from_spec(const std::string& spec,
                                                         reasoner::StateMachine& machine,
                                                         uint64_t seed);

// One line per accepted spec, for --help texts.
std::string player_spec_help();

}  // namespace ggp::cli
