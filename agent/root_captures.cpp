#include "agent/root_captures.h"

#include <algorithm>

namespace ggp::agent {

RootCaptures read_root_captures(reasoner::StateMachine& machine, const reasoner::State& state,
                                reasoner::RoleIndex role, std::span<const reasoner::MoveId> moves,
                                reasoner::JointMove joint, const PieceFeatures& pieces,
                                bool ranked, const SearchLimits& limits) {
  RootCaptures out;
  out.state = state, out.role = role;
  out.urgency.assign(moves.size(), 0);
  std::vector<double> before(pieces.size()), after(pieces.size());
  pieces.counts(state, before);
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
  reasoner::State next;
  StepCheck check(limits);
  for (size_t k = 0; k < moves.size(); ++k) {
    if (check.interrupted(k)) break;
    joint[role] = moves[k];
    machine.next_state(state, joint, next);
    pieces.counts(next, after);
    size_t best = reasoner::Captures::kMaxRanks;  // no set shrank
    for (size_t j = 0; j < before.size(); ++j)
      if (after[j] < before[j]) best = std::min(best, ranked ? rank_of(before[j]) : size_t{0});
    out.urgency[k] = static_cast<uint8_t>(reasoner::Captures::kMaxRanks - best);
  }
  return out;
}

}  // namespace ggp::agent
