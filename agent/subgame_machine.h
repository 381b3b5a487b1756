#pragma once
// One sub-game of a game that is a sum of independent sub-games (reasoner::SubGames), seen as a
// game of its own: the machine a factored search (agent/factored_search.h) runs one search on.
//
// - A role's moves are its legal moves in the sub-game, its legal free moves (noop), and, where it
//   has a legal move in another sub-game and no free move, a *pseudo-noop*: moving elsewhere
//   (the factor trees of Sancho, SanchoGGP/ggp-base). Moves are renumbered densely (the sub-game's
//   and the free moves, then one pseudo-noop a role), so tables indexed by move stay small.
// - next_state plays the joint move on the whole game, a pseudo-noop as one of the role's legal
//   moves in another sub-game (which changes none of this sub-game's facts: a sub-game's facts
//   read only its own moves), then puts back every fact of the other sub-games: they stay as they
//   were at the search's root. The global facts move on as in the game.
// - States, facts, the end of the game and the goals are the whole game's (states pass unchanged
//   between this machine and the one it views).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::agent {

class SubGameMachine final : public reasoner::StateMachine {
 public:
  // Views sub-game `index` of `games` on `game` (which the caller keeps alive). Playouts stay in
  // the sub-game and run one at a time through the view (StateMachine's defaults).
  SubGameMachine(reasoner::StateMachine& game, const reasoner::SubGames& games, size_t index);

  // The move of the viewed game that view move `move` stands for (a pseudo-noop: none).
  bool is_pseudo_noop(reasoner::MoveId move) const { return move >= real_.size(); }
  reasoner::MoveId real_move(reasoner::MoveId move) const { return real_.at(move); }
  // The view's id of the game's move `move`, if the view has it.
  std::optional<reasoner::MoveId> view_move(reasoner::MoveId move) const;
  // The view's pseudo-noop of `role`.
  reasoner::MoveId pseudo_noop(reasoner::RoleIndex role) const {
    return static_cast<reasoner::MoveId>(real_.size() + role);
  }

  std::string name() const override { return "subgame(" + game_.name() + ")"; }
  std::unique_ptr<reasoner::StateMachine> clone() const override;
  size_t num_roles() const override { return game_.num_roles(); }
  std::string role_name(reasoner::RoleIndex role) const override { return game_.role_name(role); }
  reasoner::State initial_state() override { return game_.initial_state(); }
  bool is_terminal(const reasoner::State& state) override { return game_.is_terminal(state); }
  reasoner::GoalValue goal(const reasoner::State& state, reasoner::RoleIndex role) override {
    return game_.goal(state, role);
  }
  std::span<const reasoner::MoveId> legal_moves(const reasoner::State& state,
                                                reasoner::RoleIndex role) override;
  void next_state(const reasoner::State& state, std::span<const reasoner::MoveId> joint,
                  reasoner::State& out) override;
  std::string move_text(reasoner::MoveId move) const override;
  std::string fact_text(reasoner::FactId fact) const override { return game_.fact_text(fact); }
  std::optional<reasoner::MoveId> move_from_text(reasoner::RoleIndex role,
                                                 std::string_view text) override;
  std::optional<reasoner::FactId> fact_from_text(std::string_view text) override {
    return game_.fact_from_text(text);
  }

 private:
  struct Shared;  // the renumbering and the kept facts, shared by clones
  SubGameMachine(std::unique_ptr<reasoner::StateMachine> owned,
                 std::shared_ptr<const Shared> shared);
  // A legal move of `role` in `state` outside this view (the pseudo-noop's stand-in), if any.
  std::optional<reasoner::MoveId> move_elsewhere(const reasoner::State& state,
                                                 reasoner::RoleIndex role);

  std::unique_ptr<reasoner::StateMachine> owned_;  // a clone's own copy of the game
  reasoner::StateMachine& game_;
  std::shared_ptr<const Shared> shared_;
  const std::vector<reasoner::MoveId>& real_;  // view move -> game move (shared_->real)
  std::vector<reasoner::MoveId> legal_;        // legal_moves()' buffer
  std::vector<reasoner::MoveId> joint_;        // next_state()'s joint move in the game's ids
};

}  // namespace ggp::agent
