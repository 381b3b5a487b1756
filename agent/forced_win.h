#pragma once
// A depth-limited proof search for a forced win: whether a role can make sure of goal 100 within
// a number of turns whatever the other role does. An AND/OR search over the machine's states
// (OR where the attacker chooses, AND where the other role does), with a table of what is known
// for each state, so that a search interrupted by its budget and begun again goes on where it
// stopped. Monte-Carlo tree search overlooks such short forced wins in tactical races (a playout
// rarely finds the one defence), where the 2014 champion Sancho searches for them beside its
// tree (its local search found wins 3 to 8 moves deep in knightThrough); MCTS-Solver (Winands,
// Björnsson & Saito 2008) takes the proofs as exact values.
//
// The attacker's last move of a proof is looked for among the moves known to end games, where they
// are handed over (set_ending_hint: the propnet's StateMachine::moves_seen_ending): most of a
// search's states are there, and most moves cannot end a game. Where the attacker chooses, every
// child is made first (a win at once, or a child the table knows won, settles the node); where the
// other role does with fewer than 4 turns left, each child is searched as soon as it is made, the
// moves that may end the game first, so that the first defence that holds ends the node's work
// (made all at once there, the children took three quarters of the search's time on
// knightThrough: `ggp bench-prove`, docs/benchmarks.md).
//
// Local attacker moves (set_local; Sancho's LocalRegionSearcher restricts its search to a region
// near the last moves, seeded by the last move played): below its first move, the attacker tries
// only the moves that the last two moves (its own and the other role's reply) touched: a move not
// legal at its previous turn, or one whose effect has changed since (its child then and now
// differ by more than the two states do: a capture that has become a plain move, a piece that
// moved on). A move far from both does to the state now what it would have done before, and is
// left out. Most attacks in races (a piece running on, a capture of the piece that just moved,
// a move into a square just vacated) are such moves, and at the states where no win is found the
// attacker's moves are most of the work. A Win so found is still a forced win (the other role's
// moves are never restricted); a NoWin only says that no local attack was found (and, as the
// table is per state, a path's NoWin may stand for another's).
//
// Scope: two roles that take turns (each state has one role with a choice; states where both
// have one move are forced steps). A state where both roles choose is not searched (NoWin). A
// "win" is a terminal state where the attacker's goal is 100 and the other's 0: a proof gives
// both roles' exact values.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "agent/proof_table.h"
#include "agent/searcher.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

class ForcedWinSearch {
 public:
  enum class Outcome {
    Win,      // the attacker forces a win within the turns asked
    NoWin,    // it does not (or the search left the scope above)
    Unknown,  // the budget ran out first
  };

  explicit ForcedWinSearch(reasoner::StateMachine& machine) : machine_(machine) {}

  // Whether `attacker` can force a win from the non-terminal `state` within `plies` turns (one
  // move of the role with a choice each; 1: a win at once). Stops with Unknown when `limits`
  // say so or `max_nodes` more states have been expanded. After a Win where the attacker moves in
  // `state`, winning_move() is its winning move (otherwise none: never a move of an earlier call).
  Outcome prove(const reasoner::State& state, reasoner::RoleIndex attacker, int plies,
                const SearchLimits& limits, uint64_t max_nodes);
  std::optional<reasoner::MoveId> winning_move() const { return winning_move_; }
  // By MoveId, the moves known to end games (nonzero); empty, or no move marked (a machine whose
  // playouts have not been greedy learns none): nothing known, every move is tried.
  void set_ending_hint(std::span<const uint8_t> hint);  // copied; the buffer is reused
  void set_local(bool on) { local_ = on; }
  uint64_t nodes() const { return nodes_; }  // states expanded, over all calls

 private:
  // Per depth of the recursion: the children of the state searched there.
  struct Frame {
    std::vector<reasoner::MoveId> legal[2];
    std::vector<reasoner::State> children;
    std::vector<uint64_t> keys;     // by child, where the attacker chooses: its key in the table
    std::vector<uint32_t> order;    // the children to search, in order
    reasoner::JointMove joint;
    const reasoner::State* state = nullptr;  // this depth's state (valid while searched below)
    bool attacker_chose = false;  // search_or made a child of every attacker move (by index)
  };
  Outcome search(const reasoner::State& state, uint64_t key, int plies, size_t depth);
  // The node below search() where the attacker chooses, or the other role (or no one): > 0, a win
  // within that many turns; < 0, no win within minus that many; 0, out of budget.
  int16_t search_or(const reasoner::State& state, int plies, size_t depth);
  int16_t search_and(const reasoner::State& state, reasoner::RoleIndex defender, int plies,
                     size_t depth);
  bool is_win(const reasoner::State& terminal);
  // Whether the hint allows that `move` ends a game (any move may, without a hint).
  bool may_end(reasoner::MoveId move) const;
  // With set_local, keeps in f.order only the children of the attacker's state at `depth` that
  // are local (above).
  void keep_local(const reasoner::State& state, size_t depth);

  reasoner::StateMachine& machine_;
  ProofTable table_;
  std::vector<Frame> frames_;
  reasoner::RoleIndex attacker_ = 0;
  uint64_t nodes_ = 0, node_limit_ = 0;
  // The clock, read before every expansion and every transition made (steps_ counts both) while
  // they are slow, every 16th once they are found fast (StepCheck): at the first of each prove()
  // call, so a call made after its deadline expands nothing. Every 256th expansion alone let the
  // root proofs on the prover's chess (a transition about a millisecond, thirty a node) take
  // 250-330 ms of a 1 s turn whose share for them was a tenth.
  std::optional<StepCheck> clock_;
  uint64_t steps_ = 0;
  bool out_of_time();  // sets out_of_budget_ once the clock says so
  bool out_of_budget_ = false;
  std::optional<reasoner::MoveId> winning_move_;
  std::vector<uint8_t> ending_hint_;
  bool local_ = false;
  // keep_local: the attacker's legal moves at its previous turn, with their indexes there.
  std::vector<std::pair<reasoner::MoveId, uint32_t>> earlier_;
};

}  // namespace ggp::agent
