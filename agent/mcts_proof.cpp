// Forced-win proofs in the MCTS engine, taken as MCTS-Solver's exact values, so that selection
// never returns to a move proven lost and a proven win is played at once. At the root
// (MctsConfig::proof_plies; agent/proof_thread.h): each new root goes to the proof thread, and
// what it has proven enters the tree at the next search call. In the tree
// (MctsConfig::node_proof_plies): shallow proofs at nodes visited often enough, made in the
// descent (MCTS-MS, Baier & Winands 2015).
#include <algorithm>
#include <chrono>
#include <limits>

#include "agent/mcts.h"
#include "agent/scoped_timer.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

void MctsSearcher::mark_child(uint32_t parent, size_t index, RoleIndex winner, int turns) {
  // Worker 0's scratch: in a batched search the descents are the batch workers' (a pending
  // expansion of theirs finds this child made); in a serial one the descent that calls this ends
  // on `parent`, its joint move no longer needed.
  MctsWorker& w = *workers_[0];
  // One mover: the joint index is the mover's move index, the other role has one move.
  uint32_t child = tree_.child(parent, index);
  if (child == kNoNode) {
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      std::span<const MoveId> moves = tree_.moves(parent, r);
      w.joint[r] = moves[moves.size() == 1 ? 0 : index];
    }
    machine_.next_state(tree_.node(parent).state, w.joint, w.next);
    child = create_node(w, w.next, true);
    tree_.set_child(parent, index, child);
  }
  Node& c = tree_.node(child);
  if (!c.solved) {
    std::span<double> value = tree_.value(child);
    for (RoleIndex r = 0; r < num_roles_; ++r) value[r] = r == winner ? 1.0 : 0.0;
    c.solved = true;
    c.proof_turns = saturated_turns(turns);
  }
  tree_.node(parent).floor_known = false;
  try_solve(parent);
}

void MctsSearcher::plan_node_proofs() {
  // Search k (from 0): node_proof_plies + 2k moves, at node_proof_visits * 16^k visits.
  const uint32_t deepest = std::max(config_.node_proof_plies, config_.node_proof_deepest);
  uint64_t visits = std::max<uint32_t>(config_.node_proof_visits, 1);
  for (uint32_t plies = config_.node_proof_plies; plies <= deepest; plies += 2) {
    if (visits > std::numeric_limits<uint32_t>::max()) break;  // never reached
    node_proof_visits_.push_back(static_cast<uint32_t>(visits));
    visits *= 16;
  }
}

bool MctsSearcher::prove_node(uint32_t id) {
  Node& n = tree_.node(id);
  const unsigned search = n.proof_searches++;
  if (n.mover < 0) return false;  // a forced step (or a terminal node): nothing to choose
  ++node_proof_count_.tried;
  node_proof_count_.deeper += search > 0;
  const ScopedTimer timer(node_proof_count_.time);
  const auto mover = static_cast<RoleIndex>(n.mover);
  const RoleIndex other = 1 - mover;
  const SearchLimits& limits = *active_limits_;
  const uint64_t budget_end =
      node_prover_->nodes() + (uint64_t{config_.node_proof_states} << (2 * search));
  const int most = static_cast<int>(config_.node_proof_plies + 2 * search);
  // Whether `attacker` forces a win within `plies` moves: 1 yes, 0 no, -1 out of budget.
  const auto wins = [&](RoleIndex attacker, int plies) {
    const uint64_t used = node_prover_->nodes();
    if (used >= budget_end) return -1;
    const ForcedWinSearch::Outcome outcome =
        node_prover_->prove(n.state, attacker, plies, limits, budget_end - used);
    return outcome == ForcedWinSearch::Outcome::Unknown ? -1
                                                        : outcome == ForcedWinSearch::Outcome::Win;
  };
  // The quickest win within `most` moves, once one is known to exist (the shallower searches
  // mostly read the table the deepest one filled), its winning move left by the last search: the
  // solver plays the quickest win and the slowest loss by these turns. 0: out of budget.
  const auto quickest = [&](RoleIndex attacker) {
    for (int plies = 1; plies <= most; ++plies) {
      const int won = wins(attacker, plies);
      if (won != 0) return won > 0 ? plies : 0;
    }
    return 0;  // out of budget (the deepest search found a win, so one of these does)
  };
  // With node_proof_defend, the own role attacks only at the root.
  const auto attacks = [&](RoleIndex attacker) {
    return !config_.node_proof_defend || !own_role_ || attacker != *own_role_ || id == 0;
  };
  int found = attacks(mover) ? wins(mover, most) : 0;
  if (found > 0) {
    const int plies = quickest(mover);
    const std::span<const MoveId> moves = tree_.moves(id, mover);
    const std::optional<MoveId> move = node_prover_->winning_move();
    const auto it = move ? std::find(moves.begin(), moves.end(), *move) : moves.end();
    if (plies == 0 || it == moves.end()) return false;
    mark_child(id, static_cast<size_t>(it - moves.begin()), mover, plies - 1);
    node_proof_count_.won += tree_.node(id).solved;
    return tree_.node(id).solved;
  }
  if (found < 0 || id == 0) return false;  // a root proven lost would keep its moves unvalued
  if (!attacks(other)) return false;
  found = wins(other, most);
  if (found <= 0) return false;
  const int plies = quickest(other);
  if (plies == 0) return false;
  std::span<double> value = tree_.value(id);
  value[mover] = 0.0, value[other] = 1.0;
  n.solved = n.proven_alone = true;
  n.proof_turns = saturated_turns(plies);
  ++node_proof_count_.lost;
  return true;
}

bool MctsSearcher::drop_node_proofs_if_lost() {
  // The proofs take the other role to find every winning move. Against Sancho on connectFour they
  // proved our root lost about 20 turns before the end of both matches lost in round O
  // (docs/strength.md), and from there the search stopped (a solved root) and played the slowest
  // loss the proofs knew; a lost line that long is one an opponent that searches less deeply may
  // well leave. With the proofs dropped the search goes on from a fresh tree as it does without
  // them, where MCTS-Solver proves only what its tree holds (a root that it proves lost or drawn
  // again stops the search as before). MAST's and PPA's tables are kept: they hold no proofs.
  // The own role only: a root proven lost for the other role is a proven win to keep (while
  // pondering, the root's mover is the other role).
  const Node& root = tree_.node(0);
  if (node_proof_visits_.empty() || !own_role_ || !root.solved || root.terminal) return false;
  const double value = tree_.value(0)[*own_role_];
  if (value >= 1.0) return false;
  node_proof_visits_.clear();
  node_prover_.reset();  // its table with it
  add_note("tree proofs dropped: " + machine_.role_name(*own_role_) + " is proven " +
           (value <= 0 ? "lost" : "not to win") + "; the search goes on without them");
  plant_tree(State(root.state));  // a copy: the reset frees the root
  return true;
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
    mark_child(0, p.move, p.winner, p.turns);
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
