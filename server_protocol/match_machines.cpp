#include "server_protocol/match_machines.h"

#include <stdexcept>

#include "propnet/machine_cache.h"

namespace ggp::server_protocol {
namespace {

// MachineKind::Default: the propnet if it is ready by the time first() may wait, built in the
// background with the longer budget (propnet::kBackgroundBuildSeconds); else the prover at once,
// and the propnet offered by upgrade() when its build ends. Prover and Propnet: built when asked.
class CachedMachine : public agent::MachineSource {
 public:
  CachedMachine(std::shared_ptr<const gdl::Game> game, propnet::MachineKind kind)
      : game_(std::move(game)), kind_(kind) {}

  agent::OfferedMachine first(Clock::time_point until) override {
    if (handed_out_) throw std::logic_error("the machine was handed out already");
    handed_out_ = true;
    propnet::MachineCache& cache = propnet::shared_machine_cache();
    if (kind_ != propnet::MachineKind::Default) return offer(cache.get(game_, kind_));
    // A quarter of the wait for the propnet alone; then the prover is made ready beside its build
    // (the prover's own set-up can take seconds), and the propnet still has until `until`.
    const Clock::time_point now = Clock::now();
    const Clock::time_point alone = until > now ? now + (until - now) / 4 : now;
    if (std::optional<propnet::BuiltMachine> built =
            cache.get_until(game_, propnet::MachineKind::Default, alone))
      return offer(std::move(*built));
    agent::OfferedMachine prover = offer(cache.get(game_, propnet::MachineKind::Prover));
    if (std::optional<propnet::BuiltMachine> built =
            cache.get_until(game_, propnet::MachineKind::Default, until))
      return offer(std::move(*built));
    waiting_ = true;
    prover.report += " while the propnet builds";
    return prover;
  }

  std::optional<agent::OfferedMachine> upgrade() override {
    if (!waiting_) return std::nullopt;
    std::optional<propnet::BuiltMachine> built =
        propnet::shared_machine_cache().get_until(game_, propnet::MachineKind::Default, Clock::now());
    if (!built) return std::nullopt;
    waiting_ = false;
    // The build first() passed over, found ready now: built for this match, not one cached before.
    if (built->report.ends_with(propnet::kCachedSuffix))
      built->report.resize(built->report.size() - propnet::kCachedSuffix.size());
    if (built->machine->name() != "propnet")  // the build fell back to the prover
      return agent::OfferedMachine{nullptr, "the propnet did not build: " + built->report};
    return offer(std::move(*built));
  }

 private:
  static agent::OfferedMachine offer(propnet::BuiltMachine built) {
    return {std::move(built.machine), std::move(built.report)};
  }

  std::shared_ptr<const gdl::Game> game_;
  propnet::MachineKind kind_;
  bool handed_out_ = false;
  bool waiting_ = false;  // playing the prover while the propnet builds
};

}  // namespace

MachineSourceFactory cached_machines(propnet::MachineKind kind) {
  return [kind](std::shared_ptr<const gdl::Game> game) -> std::shared_ptr<agent::MachineSource> {
    return std::make_shared<CachedMachine>(std::move(game), kind);
  };
}

}  // namespace ggp::server_protocol
