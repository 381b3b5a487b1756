#include "agent/root_proofs.h"

namespace ggp::agent {

using reasoner::RoleIndex;
using reasoner::State;

void prove_root(ForcedWinSearch& search, reasoner::StateMachine& machine, const ProofRoot& root,
                int max_plies, const SearchLimits& limits, const RootProofEvents& events,
                uint64_t max_states) {
  const uint64_t end = search.nodes() + max_states;
  const auto budget = [&] { return end > search.nodes() ? end - search.nodes() : 0; };
  const RoleIndex other = 1 - root.mover;
  std::vector<uint8_t> lost(root.moves.size(), 0);
  reasoner::JointMove joint(2);
  joint[other] = root.other_move;
  State child;
  StepCheck clock(limits);  // the root's children are transitions too (a slow machine's)
  size_t steps = 0;
  for (int plies = 1; plies <= max_plies; plies += 2) {
    for (size_t i = 0; i < root.moves.size(); ++i) {
      if (lost[i]) continue;
      if (clock.interrupted(steps++)) return;
      joint[root.mover] = root.moves[i];
      machine.next_state(root.state, joint, child);
      if (machine.is_terminal(child)) continue;
      const ForcedWinSearch::Outcome outcome = search.prove(child, other, plies, limits, budget());
      if (outcome == ForcedWinSearch::Outcome::Unknown) return;
      if (outcome == ForcedWinSearch::Outcome::Win) {
        lost[i] = 1;
        events.proven(i, other, plies);
      }
    }
    const ForcedWinSearch::Outcome won =
        search.prove(root.state, root.mover, plies + 2, limits, budget());
    if (won == ForcedWinSearch::Outcome::Unknown) return;
    if (!events.depth_done(plies)) return;
    if (won == ForcedWinSearch::Outcome::Win) {
      for (size_t i = 0; i < root.moves.size(); ++i)
        if (root.moves[i] == search.winning_move()) events.proven(i, root.mover, plies + 1);
      return;
    }
  }
}

}  // namespace ggp::agent
