#include "cli/player_spec.h"

#include <stdexcept>

#include "agent/random_player.h"

namespace ggp::cli {

std::unique_ptr<agent::Player> make_player_from_spec(const std::string& spec, uint64_t seed) {
  if (spec == "random") return std::make_unique<agent::RandomPlayer>(seed);
  throw std::invalid_argument("unknown player '" + spec + "'; known: " + player_spec_help());
}

std::string player_spec_help() { return "random"; }

}  // namespace ggp::cli
