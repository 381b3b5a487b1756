// Proofs at the root on the search's own thread (MctsConfig::root_proof_plies): every root move
// deepened two turns at a time by agent/root_proofs.h, as the proof thread does beside the search
// (agent/proof_thread.h), but within a share of each call's time, so that a player held to one
// core still settles the endgames its tree cannot. The proofs are marked in the tree (lost moves,
// or the mover's forced win) for MCTS-Solver, as the proof thread's are. They run in two stages:
// a probe (root_proof_probe of the time), then, once they have proven some move of the root that
// the tree had not solved, the rest of root_proof_share, so that games where nothing is in the
// proofs' reach beyond what the tree sees lose only the probe.
#include <algorithm>
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
    root_proof_.found = false;
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
    if (child != kNoNode && tree_.node(child).solved) return;  // known already: the tree's, or ours
    root_proof_.found = true;
    ++(winner == mover ? root_proof_.won : root_proof_.lost);
    mark_child(0, move, winner, turns);
  };
  events.depth_done = [&](int plies) {
    root_proof_.done_to = plies;
    return true;
  };
  // Both stages' deadlines from the call's start; the second goes on from the first's table.
  const SearchLimits whole = share_of_time_left(limits, config_.root_proof_share);
  const SearchLimits probe =
      share_of_time_left(limits, std::min(config_.root_proof_probe, config_.root_proof_share));
  const uint64_t states_end = prover.nodes() + config_.root_proof_states;
  const auto states_left = [&] { return states_end - std::min(states_end, prover.nodes()); };
  prove_root(prover, machine_, proof_root, max_plies, probe, events, states_left());
  if (root_proof_.found && root_proof_.done_to < max_plies && !tree_.node(0).solved &&
      probe.deadline < whole.deadline && states_left() > 0)
    prove_root(prover, machine_, proof_root, max_plies, whole, events, states_left());
}

}  // namespace ggp::agent
