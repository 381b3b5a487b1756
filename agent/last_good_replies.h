#pragma once
// The last-good-reply table with forgetting (LGRF-1: Baier & Drake 2010, "The Power of
// Forgetting: Improving the Last-Good-Reply Policy in Monte Carlo Go"; carried to GGP by Tak,
// Winands & Björnsson 2012) for two-role games: after each playout, every move of the winner is
// stored as the reply to the other role's move of the step before, and every move of the loser
// that is stored as such a reply is forgotten. Playouts then answer a move with its stored reply
// where that is legal (reasoner::MoveBias::replies, read by the propnet's lanes).
#include <span>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::agent {

class LastGoodReplies {
 public:
  static constexpr reasoner::MoveId kNone = reasoner::MoveBias::kNoReply;

  // One playout of a two-role game: `before` is the joint move that led to its start (empty or
  // kNone where unknown), `joint_moves` its joint moves, role-major, `results` each role's result.
  // A playout whose two results are equal teaches nothing. Every step counts, forced moves too
  // (the record does not say which were choices): a forced move stored as a reply is played only
  // where it is legal, and there it was the only move.
  void learn(std::span<const reasoner::MoveId> before,
             std::span<const reasoner::MoveId> joint_moves, std::span<const double> results) {
    if (results.size() != 2 || results[0] == results[1]) return;
    const size_t winner = results[0] > results[1] ? 0 : 1;
    for (size_t step = 0; (step + 1) * 2 <= joint_moves.size(); ++step)
      for (size_t role = 0; role < 2; ++role) {
        const size_t other = 1 - role;
        const reasoner::MoveId key = step > 0             ? joint_moves[(step - 1) * 2 + other]
                                     : before.size() == 2 ? before[other]
                                                          : kNone;
        if (key == kNone) continue;
        const reasoner::MoveId move = joint_moves[step * 2 + role];
        if (key >= replies_.size()) replies_.resize(key + 1, kNone);
        if (role == winner)
          replies_[key] = move;
        else if (replies_[key] == move)
          replies_[key] = kNone;
      }
  }
  // By MoveId: the stored reply to that move, or kNone.
  std::span<const reasoner::MoveId> table() const { return replies_; }

 private:
  std::vector<reasoner::MoveId> replies_;
};

}  // namespace ggp::agent
