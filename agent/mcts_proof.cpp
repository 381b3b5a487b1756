// Forced-win proofs at the root of the MCTS engine (MctsConfig::proof_plies; agent/forced_win.h):
// what they prove enters the tree as MCTS-Solver's exact values, so that selection never
// returns to a move proven lost and a proven win is played at once.
#include <algorithm>

#include "agent/mcts.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

void MctsSearcher::mark_root_child(size_t index, RoleIndex winner) {
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
  tree_.node(0).floor_known = false;
  try_solve(0);
}

void MctsSearcher::take_thread_proofs(RoleIndex mover, RoleIndex other) {
  const State& root = tree_.node(0).state;
  if (!proof_thread_)
    proof_thread_ = std::make_unique<ProofThread>(machine_.clone(), static_cast<int>(config_.proof_plies));
  if (!(proof_.root == root)) {
    if (proof_.lost > 0 || proof_.plies > 1) note_proofs();
    proof_ = {root};
    std::span<const MoveId> moves = tree_.moves(0, mover);
    const std::span<const uint8_t> ending = machine_.moves_seen_ending();
    proof_thread_->set_root(root, mover, {moves.begin(), moves.end()}, tree_.moves(0, other)[0],
                            {ending.begin(), ending.end()});
  }
  size_t lost = 0;
  for (const ProofThread::Proof& p : proof_thread_->take(root)) {
    if (p.winner == other) ++lost;
    else add_note("a forced win found by the proof thread");
    mark_root_child(p.move, p.winner);
  }
  if (lost > 0) add_note("the proof thread proved " + std::to_string(lost) + " moves lost");
  proof_.lost += lost;
  proof_.plies = proof_thread_->progress().first;
}

void MctsSearcher::note_proofs() {
  // The last root's proofs, once it is left (the thread's depth is known then).
  add_note("proof thread: " + std::to_string(proof_.lost) + " moves proven lost, moves proven to " +
           std::to_string(proof_.plies) + " turns (" +
           std::to_string(proof_thread_->progress().second) + " states in all)");
}

void MctsSearcher::prove_at_root(const SearchLimits& limits) {
  const Node& root = tree_.node(0);
  if (num_roles_ != 2 || root.solved || root.mover < 0) return;
  const auto mover = static_cast<RoleIndex>(root.mover);
  const RoleIndex other = 1 - mover;
  if (config_.proof_thread) return take_thread_proofs(mover, other);
  if (!prover_) prover_ = std::make_unique<ForcedWinSearch>(machine_);
  if (!(proof_.root == root.state)) proof_ = {root.state};
  if (proof_.plies > static_cast<int>(config_.proof_plies)) return;  // done for this root
  SearchLimits share = limits;
  const Clock::time_point now = Clock::now();
  if (limits.deadline != Clock::time_point::max())
    share.deadline = now + std::chrono::duration_cast<Clock::duration>(
                               (limits.deadline - now) * config_.proof_share);
  const uint64_t budget_end = prover_->nodes() + config_.proof_nodes;
  auto budget = [&] { return budget_end > prover_->nodes() ? budget_end - prover_->nodes() : 0; };
  MctsWorker& w = *workers_[0];
  while (proof_.plies <= static_cast<int>(config_.proof_plies) && !tree_.node(0).solved) {
    const size_t moves = tree_.moves(0, mover).size();
    // Root moves the other role answers with a forced win within `plies`.
    for (; proof_.child < moves; ++proof_.child) {
      const uint32_t known = tree_.child(0, proof_.child);
      if (known != kNoNode && tree_.node(known).solved) continue;
      for (RoleIndex r = 0; r < num_roles_; ++r) {
        std::span<const MoveId> rm = tree_.moves(0, r);
        w.joint[r] = rm[rm.size() == 1 ? 0 : proof_.child];
      }
      machine_.next_state(tree_.node(0).state, w.joint, w.next);
      if (machine_.is_terminal(w.next)) continue;  // decided where the tree meets it
      const ForcedWinSearch::Outcome lost =
          prover_->prove(w.next, other, proof_.plies, share, budget());
      if (lost == ForcedWinSearch::Outcome::Unknown) return;  // the next call goes on from here
      if (lost == ForcedWinSearch::Outcome::Win) {
        mark_root_child(proof_.child, other);
        ++proof_.lost;
      }
      if (tree_.node(0).solved) break;
    }
    if (proof_.lost > proof_.noted)
      add_note(std::to_string(proof_.lost) + " of " + std::to_string(moves) +
               " moves proven lost (the opponent forces a win within " +
               std::to_string(proof_.plies) + " turns; " + std::to_string(prover_->nodes()) +
               " states searched)");
    proof_.noted = proof_.lost;
    if (tree_.node(0).solved) return;
    // The root won within two more turns.
    const ForcedWinSearch::Outcome won =
        prover_->prove(tree_.node(0).state, mover, proof_.plies + 2, share, budget());
    if (won == ForcedWinSearch::Outcome::Unknown) return;
    if (won == ForcedWinSearch::Outcome::Win) {
      add_note("a forced win within " + std::to_string(proof_.plies + 2) + " turns");
      mark_root_child(prover_->winning_move(), mover);
    }
    proof_.plies += 2;
    proof_.child = 0;
  }
}

}  // namespace ggp::agent
