#include "agent/legal_share.h"

#include <algorithm>
#include <unordered_set>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

LegalShare measure_legal_share(reasoner::StateMachine& machine, const State& start,
                               reasoner::Random& rng, size_t playouts, const SearchLimits& limits,
                               size_t max_steps) {
  const size_t num_roles = machine.num_roles();
  std::vector<std::unordered_set<MoveId>> vocabulary(num_roles);
  // Per role, over the counted playouts (and the current one): decisions and their legal moves.
  // The share's sum over a role's decisions of legal / vocabulary is legal_sum / vocabulary.
  struct Tally {
    size_t decisions = 0, legal_sum = 0;
  };
  std::vector<Tally> counted(num_roles), current_playout(num_roles);
  State a, b;
  reasoner::JointMove joint(num_roles);
  LegalShare result;
  for (size_t p = 0; p < playouts; ++p) {
    std::fill(current_playout.begin(), current_playout.end(), Tally{});
    const State* current = &start;
    State* spare[2] = {&a, &b};
    size_t steps = 0;
    bool cut = false;
    StepCheck check(limits);
    while (!cut && !machine.is_terminal(*current) && steps < max_steps) {
      cut = check.interrupted(steps);
      for (RoleIndex r = 0; r < num_roles && !cut; ++r) {
        const std::span<const MoveId> legal = machine.legal_moves(*current, r);
        cut = legal.empty();
        if (legal.size() > 1) {
          ++current_playout[r].decisions;
          current_playout[r].legal_sum += legal.size();
          vocabulary[r].insert(legal.begin(), legal.end());
        }
        if (!cut) joint[r] = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      }
      if (cut) break;
      machine.next_state(*current, joint, *spare[steps % 2]);
      current = spare[steps % 2];
      ++steps;
    }
    if (cut) break;
    ++result.playouts;
    for (RoleIndex r = 0; r < num_roles; ++r) {
      counted[r].decisions += current_playout[r].decisions;
      counted[r].legal_sum += current_playout[r].legal_sum;
    }
  }
  double sum = 0;
  for (RoleIndex r = 0; r < num_roles; ++r) {
    if (counted[r].decisions == 0) continue;
    sum += static_cast<double>(counted[r].legal_sum) / static_cast<double>(vocabulary[r].size());
    result.decisions += counted[r].decisions;
  }
  result.share = result.decisions > 0 ? sum / static_cast<double>(result.decisions) : 0;
  return result;
}

}  // namespace ggp::agent
