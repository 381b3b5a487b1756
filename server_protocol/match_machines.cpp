#include "server_protocol/match_machines.h"

#include <stdexcept>

#include "propnet/machine_cache.h"

namespace ggp::server_protocol {
namespace {

class CachedMachine : public agent::MachineSource {
 public:
  CachedMachine(std::shared_ptr<const gdl::Game> game, propnet::MachineKind kind)
      : game_(std::move(game)), kind_(kind) {}

  agent::OfferedMachine first(Clock::time_point) override {
    if (!game_) throw std::logic_error("the machine was handed out already");
    propnet::BuiltMachine built = propnet::make_cached_machine(std::move(game_), kind_);
    return {std::move(built.machine), std::move(built.report)};
  }
  std::optional<agent::OfferedMachine> upgrade() override { return std::nullopt; }

 private:
  std::shared_ptr<const gdl::Game> game_;
  propnet::MachineKind kind_;
};

}  // namespace

MachineSourceFactory cached_machines(propnet::MachineKind kind) {
  return [kind](std::shared_ptr<const gdl::Game> game) -> std::shared_ptr<agent::MachineSource> {
    return std::make_shared<CachedMachine>(std::move(game), kind);
  };
}

}  // namespace ggp::server_protocol
