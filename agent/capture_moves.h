#pragma once
// Captures found from the rules alone, for playouts that capture where they can (reasoner::MoveBias:
// Lorentz & Horey 2013 play captures first in Breakthrough's playouts; Cazenave 2016, "Playout
// Policy Adaptation with Move Features", codes a move with whether it captures).
//
// A capture is a move after which a piece set (agent/piece_features.h: the facts of one kind of
// piece, e.g. "(cellholds _ _ black)") has fewer facts true than before. Its victim is the fact of
// that set it removed. A move's victims are kept where, in every sampled state in which the
// victim held and the move was played (the only mover's choice, the other roles' moves forced), it
// was removed and its set shrank: in Breakthrough, (move 3 4 4 5) always removes
// (cellholds 4 5 black) where that holds, so the move is a capture exactly where it holds. A move
// that captures only sometimes from the same victim (a Go stone taken only when it had one liberty
// left) keeps none, and so does a move that took some piece only sometimes where it held (a
// reversi disc, turned over or not by the whole line): a capture must be read off the state, a
// fact at a time, in the lanes.
#include <cstdint>
#include <string>
#include <vector>

#include "agent/searcher.h"
#include "agent/state_sample.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct CaptureSettings {
  StateSample sample;    // the states each of whose legal moves is tried (agent/state_sample.h)
  size_t min_seen = 3;   // a victim is kept only once seen held this many times
};

class CaptureMoves {
 public:
  // Samples states of random playouts from `root` until `limits` stop it or the settings' caps,
  // and keeps the consistent (move, victim) pairs. `summary` says what was found.
  static CaptureMoves discover(reasoner::StateMachine& machine, const reasoner::State& root,
                               reasoner::Random& rng, const SearchLimits& limits,
                               const CaptureSettings& settings = {});

  bool empty() const { return victims_.empty(); }
  const std::string& summary() const { return summary_; }
  // The captures for playouts (reasoner::Captures), each played first with probability `share`,
  // with `ranked` the most valuable victim first (agent/capture_ranks.h) where victims differ in
  // rank; valid while this table lives.
  reasoner::Captures played_first(double share, bool ranked = false) const {
    reasoner::Captures out;
    out.begin = begin_, out.facts = victims_, out.share = share;
    if (ranked) out.ranks = ranks_;
    return out;
  }
  bool ranked() const { return !ranks_.empty(); }
  // Every fact the discovery saw hold (in its states and their successors), as one state: what
  // agent/root_captures.h tells piece kinds from coordinates with.
  const reasoner::State& facts_seen() const { return seen_; }

 private:
  std::vector<uint32_t> begin_;
  std::vector<reasoner::FactId> victims_;
  std::vector<uint8_t> ranks_;  // by victim (agent/capture_ranks.h); empty: one rank
  std::string summary_;
  reasoner::State seen_;
};

}  // namespace ggp::agent
