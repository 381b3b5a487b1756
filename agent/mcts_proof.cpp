// Forced-win proofs at the root of the MCTS engine (MctsConfig::proof_plies; agent/proof_thread.h):
// each new root goes to the proof thread, and what it has proven enters the tree at the next
// search call as MCTS-Solver's exact values, so that selection never returns to a move proven
// lost and a proven win is played at once.
#include "agent/mcts.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

void MctsSearcher::mark_root_child(size_t index, RoleIndex winner, int turns) {
  MctsWorker& w = *workers_[0];
  // One mover: the joint index is the mover's move index, the other role has one move.
  uint32_t child = tree_.child(0, index);
  if (child == kNoNode) {
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      std::span<const MoveId> moves = tree_.moves(0, r);
      w.joint[r] = moves[moves.size() == 1 ? 0 : index];
    }
    machine_.next_state(tree_.node(0).state, w.joint, w.next);
    child = create_node(w, w.next, true);
    tree_.set_child(0, index, child);
  }
  Node& c = tree_.node(child);
  if (c.solved) return;
  std::span<double> value = tree_.value(child);
  for (RoleIndex r = 0; r < num_roles_; ++r) value[r] = r == winner ? 1.0 : 0.0;
  c.solved = true;
  c.proof_turns = saturated_turns(turns);
  tree_.node(0).floor_known = false;
  try_solve(0);
}

void MctsSearcher::take_proofs() {
  const Node& root = tree_.node(0);
  if (num_roles_ != 2 || root.solved || root.mover < 0) return;
  const auto mover = static_cast<RoleIndex>(root.mover);
  const RoleIndex other = 1 - mover;
  const bool first = !proof_thread_;
  if (first)
    proof_thread_ =
        std::make_unique<ProofThread>(machine_.clone(), static_cast<int>(config_.proof_plies),
                                      static_cast<int>(config_.proof_nice), config_.proof_local);
  if (first || !(proof_.root == root.state)) {
    if (!first) note_proofs();
    proof_ = {root.state, 0};
    std::span<const MoveId> moves = tree_.moves(0, mover);
    const std::span<const uint8_t> ending = machine_.moves_seen_ending();
    proof_thread_->set_root(root.state, mover, {moves.begin(), moves.end()},
                            tree_.moves(0, other)[0], {ending.begin(), ending.end()});
  }
  // The notes name the root's mover: while pondering, that is the other player.
  size_t lost = 0;
  for (const ProofThread::Proof& p : proof_thread_->take(root.state)) {
    if (p.winner == other) ++lost;
    else add_note("the proof thread found a forced win for " + machine_.role_name(mover));
    mark_root_child(p.move, p.winner, p.turns);
  }
  if (lost > 0)
    add_note("the proof thread proved " + std::to_string(lost) + " moves of " +
             machine_.role_name(mover) + " lost");
  proof_.lost += lost;
}

void MctsSearcher::note_proofs() {
  // The last root's proofs, once it is left (the thread's depth is known then).
  const auto [plies, states] = proof_thread_->progress();
  add_note("proof thread: " + std::to_string(proof_.lost) + " moves proven lost, all moves to " +
           std::to_string(plies) + " turns (" + std::to_string(states) + " states in all)");
}

}  // namespace ggp::agent
