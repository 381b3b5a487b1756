#include "agent/machine_source.h"

#include <stdexcept>

namespace ggp::agent {
namespace {

class FixedMachine : public MachineSource {
 public:
  FixedMachine(std::unique_ptr<reasoner::StateMachine> machine, std::string report)
      : offer_{std::move(machine), std::move(report)} {}

  OfferedMachine first(Clock::time_point) override {
    if (!offer_.machine) throw std::logic_error("the machine was handed out already");
    if (offer_.report.empty()) offer_.report = offer_.machine->name();
    return std::move(offer_);
  }
  std::optional<OfferedMachine> upgrade() override { return std::nullopt; }

 private:
  OfferedMachine offer_;
};

}  // namespace

std::shared_ptr<MachineSource> fixed_machine(std::unique_ptr<reasoner::StateMachine> machine,
                                             std::string report) {
  return std::make_shared<FixedMachine>(std::move(machine), std::move(report));
}

}  // namespace ggp::agent
