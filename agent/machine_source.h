#pragma once
// The machines a player plays a match with. They are built above the agent (server_protocol/ and
// cli/ choose: the propnet where it builds, the prover otherwise), so the agent sees nothing but
// the StateMachine interface. A source may offer a machine at once and a better one later (the
// prover while the propnet is still being built): the player starts with the first and switches
// when the other is ready.
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::agent {

struct OfferedMachine {
  std::unique_ptr<reasoner::StateMachine> machine;  // null when a build failed
  std::string report;  // how it was built or why it failed, for the log
};

class MachineSource {
 public:
  using Clock = std::chrono::steady_clock;
  virtual ~MachineSource() = default;

  // A machine to play with: the preferred one if it is ready by `until`, else the one that is
  // ready first (waiting for that one as long as its build takes). Called once per match. Throws
  // when no machine can be built for the rules.
  virtual OfferedMachine first(Clock::time_point until) = 0;
  // The preferred machine, once, when its build has ended after first() passed it over; its
  // report says why when the build failed (then the machine is null). nullopt while it is being
  // built and when there is nothing (more) to offer. Does not wait.
  virtual std::optional<OfferedMachine> upgrade() = 0;
};

// A source of one machine, built already.
std::shared_ptr<MachineSource> fixed_machine(std::unique_ptr<reasoner::StateMachine> machine,
                                             std::string report = {});

}  // namespace ggp::agent
