#pragma once
// Corpus games on the propnet (64 bit-parallel lanes) for the agent tests.
#include <memory>
#include <string>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"

namespace ggp::test {

// GGP-Base's base/ticTacToe.
inline std::unique_ptr<reasoner::StateMachine> tic_tac_toe_propnet() {
  auto game = gdl::load_game_file(std::string(GGP_SHARED_DIR) + "/games/base/ticTacToe.kif");
  return propnet::make_machine(game, propnet::MachineKind::Propnet).machine;
}

}  // namespace ggp::test
