// The guard (MctsConfig::guard_plies): the move the search would play is checked for a forced win
// of the other role after it, deepening two turns at a time, and a move so proven lost is marked
// in the tree (MCTS-Solver's exact value), so that best_move() turns to another, which is checked
// in its turn. Only the move to be played is searched, so the checks go deeper than proofs of
// every root move in the same time; a move not proven lost may still lose deeper.
#include <algorithm>
#include <optional>

#include "agent/mcts.h"
#include "agent/scoped_timer.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;

std::optional<size_t> MctsSearcher::guard_move() {
  if (config_.guard_plies == 0 || !config_.solver || num_roles_ != 2 || !own_role_ ||
      workers_.size() != 1)
    return std::nullopt;
  const Node& root = tree_.node(0);
  if (root.solved || root.mover != static_cast<int>(*own_role_)) return std::nullopt;
  const std::span<const MoveId> moves = tree_.moves(0, *own_role_);
  if (!(guard_.root == root.state)) {
    guard_.root = root.state;
    guard_.safe_to.assign(moves.size(), -1);
  }
  const size_t index = static_cast<size_t>(
      std::find(moves.begin(), moves.end(), best_move(*own_role_)) - moves.begin());
  const uint32_t child = tree_.child(0, index);
  if (child != kNoNode && tree_.node(child).solved) return std::nullopt;  // proven already
  if (guard_.safe_to[index] >= static_cast<int>(config_.guard_plies)) return std::nullopt;
  return index;
}

void MctsSearcher::guard(const SearchLimits& limits) {
  std::optional<size_t> next = guard_move();
  if (!next) return;
  if (!guard_.prover) guard_.prover = std::make_unique<ForcedWinSearch>(machine_);
  ForcedWinSearch& prover = *guard_.prover;
  prover.set_ending_hint(machine_.moves_seen_ending());
  const RoleIndex own = *own_role_, other = 1 - own;
  const uint64_t budget_end = prover.nodes() + config_.guard_states;
  const ScopedTimer timer(guard_.time);
  MctsWorker& w = *workers_[0];  // its scratch: no descent is under way between runs
  for (; next && prover.nodes() < budget_end && !interrupted(limits); next = guard_move()) {
    const size_t index = *next;
    // Fetched each time: mark_child may grow the tree's storage.
    const std::span<const MoveId> moves = tree_.moves(0, own);
    w.joint[own] = moves[index];
    w.joint[other] = tree_.moves(0, other)[0];
    machine_.next_state(tree_.node(0).state, w.joint, w.next);
    if (machine_.is_terminal(w.next)) {  // its value is the game's: nothing to prove
      guard_.safe_to[index] = static_cast<int>(config_.guard_plies);
      continue;
    }
    const int plies = std::min(std::max(guard_.safe_to[index] + 2, 1),
                                 static_cast<int>(config_.guard_plies));
    const ForcedWinSearch::Outcome outcome =
        prover.prove(w.next, other, plies, limits, budget_end - prover.nodes());
    if (outcome == ForcedWinSearch::Outcome::Unknown) return;  // begun again at the next call
    ++guard_.checked;
    if (outcome == ForcedWinSearch::Outcome::NoWin) {
      guard_.safe_to[index] = plies;
      guard_.deepest_safe = std::max(guard_.deepest_safe, plies);
      continue;
    }
    ++guard_.lost;
    add_note("the guard proved " + machine_.move_text(moves[index]) + " lost within " +
             std::to_string(plies) + " turns");
    mark_child(0, index, other, plies);
  }
}

}  // namespace ggp::agent
