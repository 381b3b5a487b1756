#include "agent/forced_win.h"

#include <algorithm>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

ForcedWinSearch::Outcome ForcedWinSearch::prove(const State& state, RoleIndex attacker, int plies,
                                                const SearchLimits& limits, uint64_t max_nodes) {
  if (machine_.num_roles() != 2 || plies < 1) return Outcome::NoWin;
  attacker_ = attacker;
  node_limit_ = nodes_ + max_nodes;
  out_of_budget_ = false;
  clock_.emplace(limits);
  steps_ = 0;
  winning_move_.reset();
  // One frame per depth, made before the search: a child is searched in place, by reference.
  if (frames_.size() < static_cast<size_t>(plies) + 1) frames_.resize(static_cast<size_t>(plies) + 1);
  return search(state, ProofTable::key(state, attacker), plies, 0);
}

bool ForcedWinSearch::out_of_time() {
  if (!out_of_budget_ && clock_->interrupted(steps_++)) out_of_budget_ = true;
  return out_of_budget_;
}

bool ForcedWinSearch::is_win(const State& terminal) {
  return machine_.goal(terminal, attacker_) == reasoner::kWinGoal &&
         machine_.goal(terminal, 1 - attacker_) == 0;
}

ForcedWinSearch::Outcome ForcedWinSearch::search(const State& state, uint64_t key, int plies,
                                                 size_t depth) {
  // A win the table knows is taken below the state asked about; there the search goes on to find
  // the winning move (the table keeps no moves), which its children's entries mostly give at once.
  const int16_t known = table_.find(key);
  if ((known > 0 && known <= plies && depth > 0) || (known < 0 && -known >= plies))
    return known > 0 ? Outcome::Win : Outcome::NoWin;
  if (nodes_ >= node_limit_) out_of_budget_ = true;
  if (out_of_time()) return Outcome::Unknown;
  ++nodes_;
  Frame& f = frames_[depth];
  f.state = &state;
  f.attacker_chose = false;
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
  f.joint.assign({f.legal[0][0], f.legal[1][0]});
  // A forced step (no choice) is an AND node with one child.
  const int16_t result = mover == static_cast<int>(attacker_)
                             ? search_or(state, plies, depth)
                             : search_and(state, mover >= 0 ? static_cast<RoleIndex>(mover) : 0,
                                          plies, depth);
  if (result == 0) return Outcome::Unknown;
  table_.store(key, result);
  return result > 0 ? Outcome::Win : Outcome::NoWin;
}

int16_t ForcedWinSearch::search_or(const State& state, int plies, size_t depth) {
  // `f` stays valid: the frames were made before the search (prove) and are never resized below.
  Frame& f = frames_[depth];
  const std::vector<MoveId>& moves = f.legal[attacker_];
  const auto won = [&](MoveId move, int within) {
    if (depth == 0) winning_move_ = move;
    return static_cast<int16_t>(within);
  };
  f.children.resize(moves.size());
  f.keys.resize(moves.size());
  f.order.clear();
  // First every child once: a win at once, or a child the table knows won, settles the node. A
  // last move can only win at once: where the moves known to end games are handed over, only
  // those are tried (a hint: a win may be missed, never invented).
  const bool only_ending = plies == 1 && !ending_hint_.empty();
  for (size_t i = 0; i < moves.size(); ++i) {
    if (only_ending && !may_end(moves[i])) continue;
    if (out_of_time()) return 0;
    f.joint[attacker_] = moves[i];
    machine_.next_state(state, f.joint, f.children[i]);
    if (machine_.is_terminal(f.children[i])) {
      if (is_win(f.children[i])) return won(moves[i], 1);
      continue;  // the attacker ends the game without its win
    }
    if (plies == 1) continue;  // no turn left to win in
    f.keys[i] = ProofTable::key(f.children[i], attacker_);
    const int16_t child = table_.find(f.keys[i]);
    if (child > 0 && child <= plies - 1) return won(moves[i], child + 1);
    f.order.push_back(static_cast<uint32_t>(i));
  }
  f.attacker_chose = !only_ending;
  if (local_ && depth >= 2) keep_local(state, depth);
  for (const uint32_t i : f.order) {
    const Outcome child = search(f.children[i], f.keys[i], plies - 1, depth + 1);
    if (child == Outcome::Unknown) return 0;
    if (child == Outcome::Win) return won(moves[i], plies);
  }
  return static_cast<int16_t>(-plies);
}

int16_t ForcedWinSearch::search_and(const State& state, RoleIndex defender, int plies,
                                    size_t depth) {
  Frame& f = frames_[depth];
  const std::vector<MoveId>& moves = f.legal[defender];
  const auto refuted = static_cast<int16_t>(-plies);
  // Shallow, each child is searched as soon as it is made, so that the first defence that holds
  // ends the node's work; the moves that may end the game go first (a terminal state without the
  // attacker's win is a defence that costs nothing to find). Deeper, where a child's search costs
  // far more than making every child, all are made first, so that a defence ending the game is
  // found even where the hint does not know its move.
  const bool made_first = plies >= 4;
  f.order.clear();
  if (made_first) {
    f.children.resize(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      if (out_of_time()) return 0;
      f.joint[defender] = moves[i];
      machine_.next_state(state, f.joint, f.children[i]);
      if (!machine_.is_terminal(f.children[i])) f.order.push_back(static_cast<uint32_t>(i));
      else if (!is_win(f.children[i])) return refuted;
    }
  } else {
    f.children.resize(1);
    for (const bool ending : {true, false})
      for (size_t i = 0; i < moves.size(); ++i)
        if (may_end(moves[i]) == ending) f.order.push_back(static_cast<uint32_t>(i));
  }
  for (const uint32_t i : f.order) {
    State& child = f.children[made_first ? i : 0];
    if (!made_first) {
      if (out_of_time()) return 0;
      f.joint[defender] = moves[i];
      machine_.next_state(state, f.joint, child);
      if (machine_.is_terminal(child)) {
        if (!is_win(child)) return refuted;
        continue;
      }
    }
    if (plies == 1) return refuted;  // the attacker has no turn left
    const Outcome outcome = search(child, ProofTable::key(child, attacker_), plies - 1, depth + 1);
    if (outcome == Outcome::Unknown) return 0;
    if (outcome != Outcome::Win) return refuted;
  }
  return static_cast<int16_t>(plies);  // every defence loses
}

void ForcedWinSearch::keep_local(const State& state, size_t depth) {
  Frame& f = frames_[depth];
  const Frame& before = frames_[depth - 2];  // the attacker's previous turn, its children made
  if (f.order.size() < 2 || !before.attacker_chose) return;
  earlier_.clear();
  const std::vector<MoveId>& earlier_moves = before.legal[attacker_];
  for (size_t j = 0; j < earlier_moves.size(); ++j)
    earlier_.emplace_back(earlier_moves[j], static_cast<uint32_t>(j));
  std::sort(earlier_.begin(), earlier_.end());
  const std::span<const uint64_t> now = state.words(), then = before.state->words();
  const auto word = [](std::span<const uint64_t> w, size_t i) { return i < w.size() ? w[i] : 0; };
  size_t kept = 0;
  for (const uint32_t i : f.order) {
    const MoveId move = f.legal[attacker_][i];
    const auto it = std::lower_bound(earlier_.begin(), earlier_.end(),
                                     std::pair<MoveId, uint32_t>{move, 0});
    bool local = it == earlier_.end() || it->first != move;  // enabled since
    if (!local) {
      // A move untouched by the last two moves changes the same facts now as then, so its two
      // children differ exactly as the two states do.
      const std::span<const uint64_t> child = f.children[i].words(),
                                      old = before.children[it->second].words();
      const size_t n = std::max({now.size(), then.size(), child.size(), old.size()});
      for (size_t w = 0; w < n && !local; ++w)
        local = (word(child, w) ^ word(old, w)) != (word(now, w) ^ word(then, w));
    }
    if (local) f.order[kept++] = i;
  }
  f.order.resize(kept);
}

void ForcedWinSearch::set_ending_hint(std::span<const uint8_t> hint) {
  ending_hint_.assign(hint.begin(), hint.end());
  if (std::none_of(ending_hint_.begin(), ending_hint_.end(), [](uint8_t v) { return v != 0; }))
    ending_hint_.clear();
}

bool ForcedWinSearch::may_end(MoveId move) const {
  return ending_hint_.empty() || (move < ending_hint_.size() && ending_hint_[move] != 0);
}

}  // namespace ggp::agent
