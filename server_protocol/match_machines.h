#pragma once
// Which machines a player gets for a match: decided here, above the agent, and handed down as a
// MachineSource (agent/machine_source.h). cli/ chooses the factory; the default builds the game's
// machine through the process's cache (propnet/machine_cache.h), where PREVIEW may have built it.
#include <functional>
#include <memory>

#include "agent/machine_source.h"
#include "gdl/ast.h"
#include "propnet/machine_factory.h"

namespace ggp::server_protocol {

using MachineSourceFactory =
    std::function<std::shared_ptr<agent::MachineSource>(std::shared_ptr<const gdl::Game>)>;

// A source whose machine is propnet::make_cached_machine(game, kind), built when the player asks.
MachineSourceFactory cached_machines(propnet::MachineKind kind = propnet::MachineKind::Default);

}  // namespace ggp::server_protocol
