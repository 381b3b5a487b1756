#include "agent/move_effects.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "agent/state_sample.h"
#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

namespace {

using Words = std::vector<uint64_t>;

// The facts of `next` not in `state`, as words as long as the longer of the two.
void added_facts(const State& state, const State& next, Words& out) {
  const std::span<const uint64_t> a = state.words(), b = next.words();
  out.assign(std::max(a.size(), b.size()), 0);
  for (size_t w = 0; w < b.size(); ++w) out[w] = b[w] & ~(w < a.size() ? a[w] : 0);
}

bool any(const Words& words) {
  return std::any_of(words.begin(), words.end(), [](uint64_t w) { return w != 0; });
}

// `into` &= `other` (missing words are zero).
void intersect(Words& into, const Words& other) {
  for (size_t w = 0; w < into.size(); ++w) into[w] &= w < other.size() ? other[w] : 0;
}

}  // namespace

MoveEffects measure_move_effects(reasoner::StateMachine& machine, const State& start,
                                 reasoner::Random& rng, size_t playouts, const SearchLimits& limits,
                                 size_t max_steps) {
  StateSample sample;
  sample.max_playouts = playouts, sample.max_steps = max_steps;
  // Half of the time to sample, the rest to try the moves (a slow machine's playouts would
  // otherwise take it all).
  const std::vector<State> states =
      sample_playout_states(machine, start, rng, share_of_time_left(limits, 0.5), sample);
  // Per move: the facts it made true, beyond those every legal move of the state made true, in
  // every state tried so far where it was legal; and in how many states it was legal.
  struct Seen {
    Words always;
    size_t states = 0;
  };
  std::unordered_map<MoveId, Seen> seen;
  MoveEffects result;
  reasoner::JointMove joint;
  State next;
  std::vector<MoveId> legal;
  std::vector<Words> added;
  Words common;
  for (const State& s : states) {
    if (interrupted(limits)) break;
    const int mover = reasoner::only_mover(machine, s, &joint);
    if (mover < 0) continue;
    const auto r = static_cast<RoleIndex>(mover);
    const std::span<const MoveId> moves = machine.legal_moves(s, r);
    if (moves.size() < 2) continue;
    legal.assign(moves.begin(), moves.end());
    added.resize(legal.size());
    for (size_t k = 0; k < legal.size(); ++k) {
      joint[r] = legal[k];
      machine.next_state(s, joint, next);
      added_facts(s, next, added[k]);
      if (k == 0) common = added[0];
      else intersect(common, added[k]);
    }
    ++result.states;
    for (size_t k = 0; k < legal.size(); ++k) {
      Words& own = added[k];
      for (size_t w = 0; w < own.size(); ++w) own[w] &= ~(w < common.size() ? common[w] : 0);
      Seen& m = seen[legal[k]];
      if (m.states++ == 0) m.always = std::move(own);
      else intersect(m.always, own);
    }
  }
  size_t fixed = 0;
  for (const auto& [move, m] : seen) {
    if (m.states < 2) continue;
    result.decisions += m.states;
    if (any(m.always)) fixed += m.states;
  }
  result.fixed_share =
      result.decisions > 0 ? static_cast<double>(fixed) / static_cast<double>(result.decisions) : 0;
  return result;
}

}  // namespace ggp::agent
