#include "propnet/machine_factory.h"

#include <stdexcept>

#include "reasoner/prover.h"

namespace ggp::propnet {

MachineKind parse_machine_kind(const std::string& text) {
  if (text == "default") return MachineKind::Default;
  if (text == "prover") return MachineKind::Prover;
  if (text == "propnet") return MachineKind::Propnet;
  throw std::invalid_argument("unknown machine '" + text + "' (default, prover, propnet)");
}

BuiltMachine make_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind) {
  if (kind == MachineKind::Propnet) throw std::runtime_error("the propnet is not built yet");
  BuiltMachine built;
  built.machine = reasoner::make_prover(std::move(game));
  built.report = "prover";
  return built;
}

}  // namespace ggp::propnet
