// A rule sheet, read as START reads it, ground into a propnet under small limits and played
// against the prover: the propnet is checked call by call by the verifying machine (legal move
// sets, next states, terminal, goals) along two seeded random playouts of up to 100 steps.
// Contract: the sheet is refused (gdl::GdlError), or a machine is not built (std::runtime_error:
// the propnet over its limits, the prover's "cannot handle"), or a call is refused at run time
// (std::runtime_error, e.g. a role with no legal move or no goal), or the two machines agree.
// A disagreement (the verifying machine's std::logic_error) or anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

#include "gdl/loader.h"
#include "gdl/source_location.h"
#include "propnet/propnet_machine.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"
#include "reasoner/verifying_machine.h"

namespace {

constexpr int kPlayouts = 2;
constexpr int kMaxSteps = 100;

void play(ggp::reasoner::StateMachine& machine, uint64_t seed) {
  ggp::reasoner::Random rng(seed);
  ggp::reasoner::State state = machine.initial_state(), next;
  ggp::reasoner::JointMove joint;
  for (int step = 0; step < kMaxSteps && !machine.is_terminal(state); ++step) {
    if (!ggp::reasoner::random_joint_move(machine, state, rng, joint)) return;
    machine.next_state(state, joint, next);
    std::swap(state, next);
  }
  if (machine.is_terminal(state)) ggp::reasoner::goals(machine, state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace pn = ggp::propnet;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::shared_ptr<const ggp::gdl::Game> game;
  try {
    game = ggp::gdl::load_game_text(text, "fuzz");
  } catch (const ggp::gdl::GdlError&) {
    return 0;
  }
  std::unique_ptr<ggp::reasoner::StateMachine> machine;
  try {
    pn::PropnetLimits limits;
    limits.seconds = 2;
    limits.grounding.max_terms = 200'000;
    limits.grounding.max_body_literals = 400'000;
    limits.max_components = 200'000;
    machine = ggp::reasoner::make_verifying_machine(pn::make_propnet(game, limits),
                                                    ggp::reasoner::make_prover(game));
  } catch (const std::runtime_error&) {
    return 0;
  }
  for (int i = 0; i < kPlayouts; ++i) {
    try {
      play(*machine, i + 1);
    } catch (const std::logic_error& e) {
      std::fprintf(stderr, "fuzz_propnet: the machines disagree: %s\n", e.what());
      std::abort();
    } catch (const std::runtime_error&) {
    }
  }
  return 0;
}
