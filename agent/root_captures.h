#pragma once
// Captures read off the root itself, for `capture_order=root` (MctsConfig::capture_order): each of
// the mover's root moves is played once, piece sets (agent/piece_features.h) are found in the root
// and its successors, and each set is counted before and after the move, so a move is a capture
// exactly where it takes a piece in the state at hand. The table of agent/capture_moves.h keeps a
// (move, victim) pair only once sampled states showed it three times, which a slow machine cannot
// sample: on the prover's chess the first search sampled 0-6 states and kept no capture, so the
// root's order acted on nothing there; and a Go stone is taken only sometimes, so it keeps none.
//
// A set that shrinks after every root move takes part in no capture (a fact that lasts one turn,
// as chess's "pawn moved two squares", or the empty points of a placement game). A move's urgency
// follows MctsSearcher::capture_urgency's scale: 0 where no other set shrank, else
// reasoner::Captures::kMaxRanks less the rank of the most valuable set it shrank. With `ranked`
// (mvv) a set is the more valuable the fewer of its facts hold at the root (rank 0 the fewest:
// chess's queen before its rooks, knights and bishops, its pawns last), as agent/capture_ranks.h
// ranks by scarcity over sampled states; without, every capture is rank 0.
#include <cstdint>
#include <span>
#include <vector>

#include "agent/piece_features.h"
#include "agent/searcher.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct RootCaptures {
  reasoner::State state;         // the root they were read at
  reasoner::RoleIndex role = 0;  // its only mover
  std::vector<uint8_t> urgency;  // by the mover's move, in the order of the moves given
};

// The facts seen so far (as one state: the capture table's sample, then every root read and its
// successors) and the piece sets over them (a set of one fact allowed), rebuilt only when a root
// shows a fact not seen before. The kinds are told from coordinates over all of them
// (PieceFeatures::kind_argument), since one root's region shows too few values (go's chain
// representatives, on a few points near one position, looked like kinds of stone).
struct RootPieceSets {
  reasoner::State seen;
  PieceFeatures pieces;
  bool stale = true;  // `pieces` is not yet over `seen`
};

// The urgencies of `moves` (the only mover `role`'s legal moves in `state`; `joint` holds the
// other roles' forced moves), with `sets` brought up to date. Stops where `limits` interrupt (the
// moves not reached keep 0).
RootCaptures read_root_captures(reasoner::StateMachine& machine, const reasoner::State& state,
                                reasoner::RoleIndex role, std::span<const reasoner::MoveId> moves,
                                reasoner::JointMove joint, bool ranked, RootPieceSets& sets,
                                const SearchLimits& limits);

}  // namespace ggp::agent
