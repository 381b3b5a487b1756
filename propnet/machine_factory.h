#pragma once
// Chooses and builds the state machine for a game: the propnet where it builds within its budget,
// the prover otherwise; the choice and the reason are reported.
#include <atomic>
#include <memory>
#include <string>

#include "gdl/ast.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet {

enum class MachineKind { Default, Prover, Propnet };

struct BuiltMachine {
  std::unique_ptr<reasoner::StateMachine> machine;
  std::string report;  // e.g. "propnet (1234 components, 12 ms)" or "prover (propnet: too large)"
  // What the machine's clones share, approximately: the propnet's program (PropnetStats::bytes);
  // 0 for the prover, whose rules are the game's.
  size_t shared_bytes = 0;
};

// Parses "prover" / "propnet" / "default"; throws std::invalid_argument otherwise.
MachineKind parse_machine_kind(const std::string& text);

struct BuildOptions {
  // The propnet's wall-time budget under MachineKind::Default: a caller that waits for the build
  // leaves time for the prover fallback (5 s); one that plays on the prover while the propnet
  // builds in the background can give it much longer (kBackgroundBuildSeconds).
  double default_seconds = 5.0;
  const std::atomic<bool>* cancel = nullptr;  // once set, a propnet build throws "cancelled"
};
inline constexpr double kBackgroundBuildSeconds = 60.0;

// Builds the requested machine. Default tries the propnet and falls back to the prover.
BuiltMachine make_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind,
                          const BuildOptions& options = {});

}  // namespace ggp::propnet
