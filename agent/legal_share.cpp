#include "agent/legal_share.h"

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
  // Per role, the legal-move counts of its decisions in the counted playouts.
  std::vector<std::vector<size_t>> counts(num_roles), pending(num_roles);
  State a, b;
  reasoner::JointMove joint(num_roles);
  LegalShare result;
  for (size_t p = 0; p < playouts; ++p) {
    for (auto& role : pending) role.clear();
    const State* current = &start;
    State* spare[2] = {&a, &b};
    size_t steps = 0;
    bool cut = false;
    while (!machine.is_terminal(*current) && steps < max_steps) {
      if (interrupted_at_step(limits, steps)) {
        cut = true;
        break;
      }
      for (RoleIndex r = 0; r < num_roles; ++r) {
        const std::span<const MoveId> legal = machine.legal_moves(*current, r);
        if (legal.empty()) {
          cut = true;
          break;
        }
        if (legal.size() > 1) {
          pending[r].push_back(legal.size());
          vocabulary[r].insert(legal.begin(), legal.end());
        }
        joint[r] = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      }
      if (cut) break;
      machine.next_state(*current, joint, *spare[steps % 2]);
      current = spare[steps % 2];
      ++steps;
    }
    if (cut) break;
    ++result.playouts;
    for (RoleIndex r = 0; r < num_roles; ++r)
      counts[r].insert(counts[r].end(), pending[r].begin(), pending[r].end());
  }
  double sum = 0;
  for (RoleIndex r = 0; r < num_roles; ++r)
    for (size_t count : counts[r]) {
      sum += static_cast<double>(count) / static_cast<double>(vocabulary[r].size());
      ++result.decisions;
    }
  result.share = result.decisions > 0 ? sum / static_cast<double>(result.decisions) : 0;
  return result;
}

}  // namespace ggp::agent
