#include "propnet/machine_factory.h"

#include <cstdio>
#include <stdexcept>

#include "propnet/propnet_machine.h"
#include "reasoner/prover.h"

namespace ggp::propnet {
namespace {

std::string describe(const PropnetStats& s) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "propnet (%zu components, %zu facts, %zu moves, %.0f ms)", s.gates,
                s.facts, s.moves, s.build_ms);
  return buf;
}

}  // namespace

MachineKind parse_machine_kind(const std::string& text) {
  if (text == "default") return MachineKind::Default;
  if (text == "prover") return MachineKind::Prover;
  if (text == "propnet") return MachineKind::Propnet;
  throw std::invalid_argument("unknown machine '" + text + "' (default, prover, propnet)");
}

BuiltMachine make_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind,
                          const BuildOptions& options) {
  BuiltMachine built;
  if (kind != MachineKind::Prover) {
    PropnetStats stats;
    PropnetLimits limits;
    limits.cancel = options.cancel;
    // An explicit propnet gets the full budget.
    if (kind == MachineKind::Default) limits.seconds = options.default_seconds;
    try {
      built.machine = make_propnet(game, limits, &stats);
      built.report = describe(stats);
      built.shared_bytes = stats.bytes;
      return built;
    } catch (const std::exception& e) {
      if (kind == MachineKind::Propnet || (options.cancel && options.cancel->load())) throw;
      built.report = std::string("prover (") + e.what() + ")";
    }
  }
  built.machine = reasoner::make_prover(std::move(game));
  if (built.report.empty()) built.report = "prover";
  return built;
}

}  // namespace ggp::propnet
