#pragma once
// Games of games_kif/ on the propnet (64 bit-parallel lanes) for the agent tests.
#include <memory>
#include <string>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "support/corpus.h"

namespace ggp::test {

// games_kif/ticTacToe.kif: moves (place ROW COLUMN), the player not to move passes.
inline std::unique_ptr<reasoner::StateMachine> tic_tac_toe_propnet() {
  auto game = gdl::load_game_file(ggp::testing::shipped_game_path("ticTacToe"));
  return propnet::make_machine(game, propnet::MachineKind::Propnet).machine;
}

}  // namespace ggp::test
