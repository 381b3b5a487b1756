#pragma once
// The player's safety net: its own machine following the match, which checks the searcher's move
// for legality and supplies a random legal move when the searcher has none or a wrong one. Our
// legal moves are found once per state, when the joint move arrives, so that a check costs none.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gdl/ast.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::server_protocol {

class Fallback {
 public:
  // Builds the prover: cheap to build on every game, and independent of the propnet the searcher
  // most likely uses, so that it also catches a wrong move from a propnet. Throws what the
  // factory throws.
  Fallback(std::shared_ptr<const gdl::Game> game, const std::string& role, uint64_t seed);

  // Advances by the previous joint move (texts in role order; empty: the first turn) and finds our
  // legal moves. Throws std::invalid_argument for a joint move it cannot read.
  void advance(const std::vector<std::string>& joint_texts);
  // A uniformly random legal move of our role in the current state, in compact form; nullopt if
  // there is none (a terminal or broken state).
  std::optional<std::string> random_move();
  // The move `text` (any spacing) if it is legal for our role now, re-spelled as the machine
  // prints it; nullopt otherwise.
  std::optional<std::string> legal_spelling(const std::string& text);

 private:
  void find_legal_moves();

  std::unique_ptr<reasoner::StateMachine> machine_;
  reasoner::State state_;
  reasoner::RoleIndex role_ = 0;
  reasoner::Random rng_;
  std::vector<reasoner::MoveId> legal_;  // our legal moves in state_
};

}  // namespace ggp::server_protocol
