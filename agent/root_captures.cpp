#include "agent/root_captures.h"

#include <algorithm>

#include "agent/piece_features.h"

namespace ggp::agent {

RootCaptures read_root_captures(reasoner::StateMachine& machine, const reasoner::State& state,
                                reasoner::RoleIndex role, std::span<const reasoner::MoveId> moves,
                                reasoner::JointMove joint, bool ranked, reasoner::State& seen,
                                const SearchLimits& limits) {
  RootCaptures out;
  out.state = state, out.role = role;
  out.urgency.assign(moves.size(), 0);
  std::vector<reasoner::State> states{state};  // the root, then the successors reached
  StepCheck check(limits);
  for (size_t k = 0; k < moves.size() && !check.interrupted(k); ++k) {
    joint[role] = moves[k];
    machine.next_state(state, joint, states.emplace_back());
  }
  const size_t reached = states.size() - 1;
  for (const reasoner::State& s : states) s.for_each_fact([&](reasoner::FactId f) { seen.set(f); });
  const PieceFeatures pieces = PieceFeatures::discover(machine, std::span(&seen, 1), false, 1);
  const size_t sets = pieces.size();
  std::vector<double> before(sets), after(sets);
  pieces.counts(state, before);
  std::vector<std::vector<bool>> shrunk(reached, std::vector<bool>(sets));
  std::vector<size_t> shrunk_by(sets, 0);  // how many moves shrank each set
  for (size_t k = 0; k < reached; ++k) {
    pieces.counts(states[k + 1], after);
    for (size_t j = 0; j < sets; ++j)
      if (after[j] < before[j]) shrunk[k][j] = true, ++shrunk_by[j];
  }
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
    for (size_t j = 0; j < sets; ++j)
      if (shrunk[k][j] && (reached < 2 || shrunk_by[j] < reached))
        best = std::min(best, ranked ? rank_of(before[j]) : size_t{0});
    out.urgency[k] = static_cast<uint8_t>(reasoner::Captures::kMaxRanks - best);
  }

  return out;
}

}  // namespace ggp::agent
