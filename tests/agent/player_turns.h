#pragma once
// One PLAY as the protocol layer makes it, for tests of players: begin the turn, let the player
// stop at `stop_at`, and take its answer once its search has ended (waiting up to 30 s past the
// stop, for a loaded machine).
#include <chrono>
#include <string>
#include <vector>

#include "agent/player.h"

namespace ggp::test {

inline agent::Answer play_turn(agent::Player& player, const std::vector<std::string>& joint,
                               agent::Clock::time_point stop_at) {
  player.begin_turn(joint, stop_at);
  return player.answer(stop_at + std::chrono::seconds(30));
}

}  // namespace ggp::test
