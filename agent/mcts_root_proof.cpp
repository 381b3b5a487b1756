// Proofs at the root on the search's own thread (MctsConfig::root_proof_plies): every root move
// deepened two turns at a time by agent/root_proofs.h, as the proof thread does beside the search
// (agent/proof_thread.h), but within a share of each call's time, so that a player held to one
// core still settles the endgames its tree cannot. The proofs are marked in the tree (lost moves,
// or the mover's forced win) for MCTS-Solver, as the proof thread's are.
#include <vector>

#include "agent/mcts.h"
#include "agent/root_proofs.h"
#include "agent/scoped_timer.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;

void MctsSearcher::prove_at_root(const SearchLimits& limits) {
  const Node& root = tree_.node(0);
  if (config_.root_proof_plies == 0 || !config_.solver || num_roles_ != 2 ||
      workers_.size() != 1 || root.solved || root.terminal || root.mover < 0)
    return;
  const auto mover = static_cast<RoleIndex>(root.mover);
  const RoleIndex other = 1 - mover;
  const int max_plies = static_cast<int>(config_.root_proof_plies);
  if (!(root_proof_.root == root.state)) {
    root_proof_.root = root.state;
    root_proof_.done_to = -1;
  }
  if (root_proof_.done_to >= max_plies) return;  // settled at an earlier call
  if (!root_proof_.prover) root_proof_.prover = std::make_unique<ForcedWinSearch>(machine_);
  ForcedWinSearch& prover = *root_proof_.prover;
  prover.set_ending_hint(machine_.moves_seen_ending());
  const std::span<const MoveId> moves = tree_.moves(0, mover);
  const ProofRoot proof_root{root.state, mover, {moves.begin(), moves.end()},
                             tree_.moves(0, other)[0]};
  const ScopedTimer timer(root_proof_.time);
  RootProofEvents events;
  events.proven = [&](size_t move, RoleIndex winner, int turns) {
    const uint32_t child = tree_.child(0, move);
    if (child != kNoNode && tree_.node(child).solved) return;  // proven at an earlier call
    ++(winner == mover ? root_proof_.won : root_proof_.lost);
    mark_child(0, move, winner, turns);
  };
  events.depth_done = [&](int plies) {
    root_proof_.done_to = plies;
    return true;
  };
  prove_root(prover, machine_, proof_root, max_plies,
             share_of_time_left(limits, config_.root_proof_share), events,
             config_.root_proof_states);
}

}  // namespace ggp::agent
