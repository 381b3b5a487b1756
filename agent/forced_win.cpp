#include "agent/forced_win.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

ForcedWinSearch::Outcome ForcedWinSearch::prove(const State& state, RoleIndex attacker, int plies,
                                                const SearchLimits& limits, uint64_t max_nodes) {
  if (machine_.num_roles() != 2 || plies < 1) return Outcome::NoWin;
  attacker_ = attacker;
  limits_ = &limits;
  node_limit_ = nodes_ + max_nodes;
  out_of_budget_ = false;
  if (known_[attacker].size() > kMaxKnown) known_[attacker].clear();
  // One frame per depth, made before the search: a child is searched in place, by reference.
  if (frames_.size() < static_cast<size_t>(plies) + 1) frames_.resize(static_cast<size_t>(plies) + 1);
  return search(state, plies, 0);
}

bool ForcedWinSearch::is_win(const State& terminal) {
  return machine_.goal(terminal, attacker_) == reasoner::kWinGoal &&
         machine_.goal(terminal, 1 - attacker_) == 0;
}

ForcedWinSearch::Outcome ForcedWinSearch::search(const State& state, int plies, size_t depth) {
  // One lookup: the entry stays where it is while the search below adds others (the table is
  // node-based, and cleared only between calls of prove()).
  int16_t& known = known_[attacker_][state];
  if ((known > 0 && known <= plies) || (known < 0 && -known >= plies))
    return known > 0 ? Outcome::Win : Outcome::NoWin;
  if (nodes_ >= node_limit_ || ((nodes_ & 255) == 0 && interrupted(*limits_)))
    out_of_budget_ = true;
  if (out_of_budget_) return Outcome::Unknown;
  ++nodes_;
  Frame& f = frames_[depth];
  int mover = -1;
  for (RoleIndex r = 0; r < 2; ++r) {
    std::span<const MoveId> legal = machine_.legal_moves(state, r);
    f.legal[r].assign(legal.begin(), legal.end());
    if (legal.empty()) return Outcome::NoWin;  // not a state a game can be in
    if (legal.size() > 1) {
      if (mover >= 0) return Outcome::NoWin;  // both choose: out of scope
      mover = static_cast<int>(r);
    }
  }
  // A forced step (no choice) is an AND node with one child.
  const bool attacker_moves = mover == static_cast<int>(attacker_);
  const RoleIndex chooser = mover >= 0 ? static_cast<RoleIndex>(mover) : 0;
  const std::vector<MoveId>& moves = f.legal[chooser];
  f.joint.assign({f.legal[0][0], f.legal[1][0]});
  f.children.resize(moves.size());
  // First every child once: a win at once for the attacker settles an OR node, a terminal
  // state without one settles an AND node (the defender ends the game without losing it).
  std::vector<uint8_t>& open = f.open;
  open.assign(moves.size(), 0);
  // A last move of the attacker's can only win at once: where the moves known to end games are
  // handed over, only those are tried (a hint: a win may be missed, never invented).
  const bool only_ending = attacker_moves && plies == 1 && !ending_hint_.empty();
  for (size_t i = 0; i < moves.size(); ++i) {
    if (only_ending && (moves[i] >= ending_hint_.size() || !ending_hint_[moves[i]])) continue;
    f.joint[chooser] = moves[i];
    machine_.next_state(state, f.joint, f.children[i]);
    if (!machine_.is_terminal(f.children[i])) {
      open[i] = 1;
      continue;
    }
    const bool win = is_win(f.children[i]);
    if (attacker_moves && win) {
      if (depth == 0) winning_move_ = moves[i];
      return known = 1, Outcome::Win;
    }
    if (!attacker_moves && !win) return known = static_cast<int16_t>(-plies), Outcome::NoWin;
  }
  bool all_children_win = true;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!open[i]) continue;  // a terminal child: a loss for an OR node, a win for an AND node
    const Outcome child =
        plies > 1 ? search(f.children[i], plies - 1, depth + 1) : Outcome::NoWin;
    if (child == Outcome::Unknown) return child;
    if (attacker_moves && child == Outcome::Win) {
      if (depth == 0) winning_move_ = moves[i];
      return known = static_cast<int16_t>(plies), Outcome::Win;
    }
    if (!attacker_moves && child != Outcome::Win) {
      all_children_win = false;
      break;
    }
  }
  if (!attacker_moves && all_children_win) return known = static_cast<int16_t>(plies), Outcome::Win;
  return known = static_cast<int16_t>(-plies), Outcome::NoWin;
}

}  // namespace ggp::agent
