// Shallow proofs in the tree (prove_nodes=N, MctsConfig::node_proof_plies; MCTS-MS): a node
// visited often enough is searched for a forced win of either role, and MCTS-Solver takes what is
// proven, on Nim, whose wins and losses are known exactly.
#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;
using reasoner::JointMove;
using reasoner::State;

namespace {

MctsConfig with_node_proofs(uint32_t plies) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.node_proof_plies = plies;
  config.node_proof_visits = 1;
  return config;
}

// The state after role 0 takes `take` stones from the initial state (role 1 then to move).
State after_first_take(test::ExplicitGame& nim, int take) {
  const State start = nim.initial_state();
  const JointMove joint{nim.move(0, "take" + std::to_string(take)), nim.legal_moves(start, 1)[0]};
  State next;
  nim.next_state(start, joint, next);
  return next;
}

// Searches with `playouts` simulations, then checks that the root is proven won by `winner`.
void check_root_won(MctsSearcher& searcher, uint64_t playouts, reasoner::RoleIndex winner) {
  searcher.search(playout_budget(playouts));
  REQUIRE(searcher.stats().root_solved);
  CHECK(searcher.proven_value(winner) == 1.0);
  CHECK(searcher.proven_value(1 - winner) == 0.0);
}

}  // namespace

TEST_CASE("prove_nodes: a root win within N moves is proven and played after a few simulations") {
  // 9 stones, take 1 to 3: the first player takes one and wins on its third move (five moves).
  auto nim = test::make_nim(9, 3);
  MctsSearcher plain(with_node_proofs(0), *nim, 1);
  plain.search(playout_budget(3));
  CHECK_FALSE(plain.stats().root_solved);  // MCTS-Solver alone needs the whole tree below

  MctsSearcher shallow(with_node_proofs(4), *nim, 1);  // one move short of the win
  shallow.search(playout_budget(3));
  CHECK_FALSE(shallow.proven_value(0).has_value());

  MctsSearcher proving(with_node_proofs(5), *nim, 1);
  check_root_won(proving, 3, 0);
  CHECK(proving.best_move(0) == nim->move(0, "take1"));
  CHECK(proving.note().find("tree proofs: 1 nodes searched (0 deeper) in ") != std::string::npos);
}

TEST_CASE("prove_nodes: nodes proven lost for their mover settle the root's moves") {
  // 8 stones: whatever the first player takes, the second wins within three moves; the root
  // itself is never proven lost alone (its moves are then still to be valued), so the root is
  // proven once each of its children is.
  auto nim = test::make_nim(8, 3);
  MctsSearcher searcher(with_node_proofs(3), *nim, 1);
  check_root_won(searcher, 50, 1);
}

TEST_CASE("prove_nodes: a node proven lost alone is searched again once it is the root") {
  // 9 stones: after "take1" the second player, to move at 8 stones, loses within four moves. With
  // proofs of four moves the root's own win (five) is out of reach, but its child is proven lost
  // for its mover: the root is won through it.
  auto nim = test::make_nim(9, 3);
  MctsSearcher searcher(with_node_proofs(4), *nim, 1);
  check_root_won(searcher, 200, 0);
  REQUIRE(searcher.best_move(0) == nim->move(0, "take1"));

  // At 8 stones, the new root's proof has no proven children to choose among: it is searched
  // again, and solved anew once its moves are proven.
  const State eight = after_first_take(*nim, 1);
  searcher.advance(JointMove{nim->move(0, "take1"), nim->legal_moves(nim->initial_state(), 1)[0]},
                   eight);
  CHECK_FALSE(searcher.stats().root_solved);
  check_root_won(searcher, 200, 0);
}

TEST_CASE("prove_nodes_deepest: a node is searched again two moves deeper as its visits grow") {
  // 17 stones, take 1 to 5: the first player takes five and wins on its third move (five moves).
  // Searched at three moves from its first visit, the root is proven only through the tree below
  // (not within 40 simulations); searched again at five moves at its 16th visit, it is proven then.
  auto nim = test::make_nim(17, 5);
  const MctsConfig once = with_node_proofs(3);
  MctsSearcher shallow(once, *nim, 1);
  shallow.search(playout_budget(40));
  CHECK_FALSE(shallow.stats().root_solved);
  CHECK(shallow.note().find("(0 deeper)") != std::string::npos);

  MctsConfig deeper = once;
  deeper.node_proof_deepest = 5;
  MctsSearcher deepening(deeper, *nim, 1);
  deepening.search(playout_budget(16));  // the root's 16th visit is the next descent's
  CHECK_FALSE(deepening.stats().root_solved);
  check_root_won(deepening, 1, 0);
  CHECK(deepening.best_move(0) == nim->move(0, "take5"));
  // One line for the two search calls, their counts summed, until the note is taken.
  const std::string note = deepening.note();
  CHECK(note.find("(1 deeper) in ") != std::string::npos);
  CHECK(note.find("tree proofs:") == note.rfind("tree proofs:"));
  CHECK(deepening.note().empty());
}

TEST_CASE("prove_nodes: a root proven not won for the own role is searched on without them") {
  // 8 stones, take 1 to 3: the first player loses; the proofs settle the root within a few
  // simulations (the second case above). For the winner the proof stands and the search stops;
  // for the loser the proofs are dropped and the search goes on in a fresh tree.
  auto nim = test::make_nim(8, 3);
  MctsSearcher winner(with_node_proofs(3), *nim, 1);
  winner.set_own_role(1);
  check_root_won(winner, 50, 1);
  const uint64_t stopped_at = winner.stats().playouts;
  CHECK(stopped_at < 50);
  CHECK(winner.note().find("dropped") == std::string::npos);

  MctsSearcher loser(with_node_proofs(3), *nim, 1);
  loser.set_own_role(0);
  loser.search(playout_budget(50));
  CHECK(loser.note().find("tree proofs dropped: r0 is proven lost; ") != std::string::npos);
  CHECK(loser.stats().playouts == 50);  // the call's whole budget, over the two trees
  // Dropped for good: later searches make no proofs.
  loser.search(playout_budget(50));
  CHECK(loser.note().find("tree proofs") == std::string::npos);
}

TEST_CASE("prove_nodes_defend: below the root only the opponent's wins are searched for") {
  // 8 stones, take 1 to 3: the first player (r0) loses, by wins of r1 at the root's children.
  auto nim = test::make_nim(8, 3);
  MctsConfig defend = with_node_proofs(3);
  defend.node_proof_defend = true;
  // Played by r0: r1's wins are the opponent's, proven as without the option (the root is proven
  // lost, so the proofs are then dropped).
  MctsSearcher loser(defend, *nim, 1);
  loser.set_own_role(0);
  loser.search(playout_budget(50));
  CHECK(loser.note().find("tree proofs dropped: r0 is proven lost; ") != std::string::npos);
  // Played by r1: with both roles' wins the root is proven within a few simulations; with its own
  // wins not searched for below the root, not by then (r0's wins deeper down and MCTS-Solver
  // settle it later).
  MctsSearcher both(with_node_proofs(3), *nim, 1);
  both.set_own_role(1);
  both.search(playout_budget(50));
  REQUIRE(both.stats().root_solved);
  const uint64_t settled_at = both.stats().playouts;
  MctsSearcher winner(defend, *nim, 1);
  winner.set_own_role(1);
  winner.search(playout_budget(settled_at));
  CHECK_FALSE(winner.stats().root_solved);
  CHECK(winner.note().find(" ms, 0 won, 0 lost") != std::string::npos);
}
