#include "agent/root_captures.h"

#include <algorithm>
#include <bit>


namespace ggp::agent {

static_assert(PieceFeatures::kMaxSets <= 64, "a move's shrunk sets are one word's bits");

RootCaptures read_root_captures(reasoner::StateMachine& machine, const reasoner::State& state,
                                reasoner::RoleIndex role, std::span<const reasoner::MoveId> moves,
                                reasoner::JointMove joint, bool ranked, RootPieceSets& sets,
                                const SearchLimits& limits) {
  RootCaptures out;
  out.state = state, out.role = role;
  out.urgency.assign(moves.size(), 0);
  std::vector<reasoner::State> states;  // the root, then the successors reached
  states.reserve(moves.size() + 1);
  states.push_back(state);
  StepCheck check(limits);
  for (size_t k = 0; k < moves.size() && !check.interrupted(k); ++k) {
    joint[role] = moves[k];
    machine.next_state(state, joint, states.emplace_back());
  }
  const size_t reached = states.size() - 1;
  for (const reasoner::State& s : states)
    s.for_each_fact([&](reasoner::FactId f) {
      if (!sets.seen.test(f)) sets.seen.set(f), sets.stale = true;
    });
  if (sets.stale) sets.pieces = PieceFeatures::discover(machine, std::span(&sets.seen, 1), false, 1);
  sets.stale = false;
  const PieceFeatures& pieces = sets.pieces;  // no line sets: at most kMaxSets, a bit each
  std::vector<double> before(pieces.size()), after(pieces.size());
  pieces.counts(state, before);
  std::vector<uint64_t> shrunk(reached, 0);  // by move, a bit per set it shrank
  uint64_t every = ~uint64_t{0};             // the sets every move shrank
  for (size_t k = 0; k < reached; ++k) {
    pieces.counts(states[k + 1], after);
    for (size_t j = 0; j < pieces.size(); ++j)
      if (after[j] < before[j]) shrunk[k] |= uint64_t{1} << j;
    every &= shrunk[k];
  }
  if (reached < 2) every = 0;
  // A set's rank: how many distinct sizes of the sets held at the root are smaller than its own.
  std::vector<double> sizes;
  for (double c : before)
    if (c > 0) sizes.push_back(c);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  const auto rank_of = [&](double size) {
    const auto below = std::lower_bound(sizes.begin(), sizes.end(), size) - sizes.begin();
    return std::min<size_t>(static_cast<size_t>(below), reasoner::Captures::kMaxRanks - 1);
  };
  for (size_t k = 0; k < reached; ++k) {
    size_t best = reasoner::Captures::kMaxRanks;  // no set shrank
    for (uint64_t bits = shrunk[k] & ~every; bits != 0; bits &= bits - 1)
      best = std::min(best, ranked ? rank_of(before[std::countr_zero(bits)]) : size_t{0});
    out.urgency[k] = static_cast<uint8_t>(reasoner::Captures::kMaxRanks - best);
  }
  return out;
}

}  // namespace ggp::agent
