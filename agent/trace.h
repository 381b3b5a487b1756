#pragma once
// The record of one simulation from the search root: at every step, each role's legal moves and
// the move it chose. PPA and NRPA adapt over it, MAST and AMAF update from it, the single-player
// searchers keep their best line from it. Storage is reused between simulations.
#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/state.h"

namespace ggp::agent {

class Trace {
 public:
  void reset(size_t num_roles) {
    num_roles_ = num_roles;
    moves_.clear();
    begins_.assign(1, 0);
    chosen_.clear();
  }
  // Adds one role's decision; roles are added in role order, one full step at a time.
  void add(std::span<const reasoner::MoveId> legal, reasoner::MoveId chosen) {
    moves_.insert(moves_.end(), legal.begin(), legal.end());
    begins_.push_back(static_cast<uint32_t>(moves_.size()));
    chosen_.push_back(chosen);
  }
  // Records role's legal moves, to be chosen from later by set_chosen (the copy outlives the
  // machine's buffer).
  std::span<const reasoner::MoveId> add_legal(std::span<const reasoner::MoveId> legal) {
    add(legal, legal.empty() ? 0 : legal[0]);
    return legal_at(chosen_.size() - 1);
  }
  void set_chosen(size_t step, reasoner::RoleIndex role, reasoner::MoveId move) {
    chosen_[step * num_roles_ + role] = move;
  }
  // Drops the steps from `step` on.
  void truncate(size_t step) {
    size_t entries = step * num_roles_;
    if (entries >= chosen_.size()) return;
    chosen_.resize(entries);
    begins_.resize(entries + 1);
    moves_.resize(begins_.back());
  }

  size_t num_roles() const { return num_roles_; }
  size_t steps() const { return num_roles_ == 0 ? 0 : chosen_.size() / num_roles_; }
  std::span<const reasoner::MoveId> legal(size_t step, reasoner::RoleIndex role) const {
    return legal_at(step * num_roles_ + role);
  }
  reasoner::MoveId chosen(size_t step, reasoner::RoleIndex role) const {
    return chosen_[step * num_roles_ + role];
  }
  // The joint move of `step`, one move per role.
  std::span<const reasoner::MoveId> joint(size_t step) const {
    return std::span<const reasoner::MoveId>(chosen_).subspan(step * num_roles_, num_roles_);
  }

 private:
  std::span<const reasoner::MoveId> legal_at(size_t entry) const {
    return std::span<const reasoner::MoveId>(moves_).subspan(begins_[entry],
                                                             begins_[entry + 1] - begins_[entry]);
  }
  size_t num_roles_ = 0;
  std::vector<reasoner::MoveId> moves_;  // legal moves of every (step, role), concatenated
  std::vector<uint32_t> begins_;  // entry e's legal moves are moves_[begins_[e], begins_[e+1])
  std::vector<reasoner::MoveId> chosen_;  // chosen move of entry e = step * num_roles + role
};

}  // namespace ggp::agent
