#pragma once
// The most valuable victim first (reasoner::Captures::ranks): captures ranked by what they take,
// as chess programs order captures (MVV), with a victim's value read from the rules' states alone.
//
// A victim's kind is its fact with the board coordinates blanked: (cell d 8 black queen) is of
// kind (cell _ _ black queen) (coordinates as agent::PieceFeatures::is_coordinate, and arguments
// of more than PieceFeatures::kMaxKinds values). A kind is the more valuable the fewer of its facts
// hold on average over sampled states of random playouts: chess starts with one queen, two rooks,
// knights and bishops and eight pawns, and checkers has no kings at first. Scarcity is not value
// in every game; what it gives is measured per game (docs/strength.md, "The most valuable victim
// first").
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct CaptureRanks {
  std::vector<uint8_t> ranks;  // by victim, 0 the scarcest kind; empty where all are of one rank
  std::string summary;  // e.g. "6 victim ranks of 6 kinds, (cell _ _ black queen) first (0.50 held)"
};

// The ranks of `victims` (facts of `machine`) by the scarcity of their kinds over `states`. Empty
// ranks where the victims are all of one kind, or where some victim has no coordinate to blank
// (its kind would be the fact itself, held at most once: no scarcity to read).
CaptureRanks scarcity_ranks(const reasoner::StateMachine& machine,
                            std::span<const reasoner::State> states,
                            std::span<const reasoner::FactId> victims);

}  // namespace ggp::agent
