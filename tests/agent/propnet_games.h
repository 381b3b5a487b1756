#pragma once
// Games of games_kif/ on the propnet (64 bit-parallel lanes) for the agent tests.
#include <memory>
#include <string>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "support/corpus.h"

namespace ggp::test {

// A game of games_kif/ (its name without .kif) on the propnet.
inline std::unique_ptr<reasoner::StateMachine> shipped_propnet(const std::string& name) {
  auto game = gdl::load_game_file(ggp::testing::shipped_game_path(name));
  return propnet::make_machine(game, propnet::MachineKind::Propnet).machine;
}

// games_kif/ticTacToe.kif: moves (place ROW COLUMN), the player not to move passes.
inline std::unique_ptr<reasoner::StateMachine> tic_tac_toe_propnet() {
  return shipped_propnet("ticTacToe");
}

}  // namespace ggp::test
