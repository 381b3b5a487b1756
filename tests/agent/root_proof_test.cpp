// Proofs at the root on the search's thread (prove_root=N, MctsConfig::root_proof_plies): before
// the tree search of each call, every root move is proven lost or won within N turns where it can
// be, on Nim, whose wins and losses are known exactly.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "agent/mcts.h"
#include "synthetic_games.h"

using namespace ggp;
using namespace ggp::agent;

namespace {

MctsConfig with_root_proofs(uint32_t plies) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.root_proof_plies = plies;
  return config;
}

bool has(const std::string& note, const std::string& part) {
  return note.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("root proofs: the mover's forced win is found and played, whoever the searcher is") {
  // 10 stones, take 1 to 3, the last stone wins: "take2" (leaving 8) wins within five turns;
  // "take3" loses within three, "take1" within five. Three simulations cannot tell them apart.
  // The search stops at once: a solved root is not searched.
  auto nim = test::make_nim(10, 3);
  int unproven_wrong = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    MctsSearcher plain(with_root_proofs(0), *nim, seed);
    plain.search(playout_budget(3));
    unproven_wrong += plain.best_move(0) != nim->move(0, "take2");
    for (int own : {0, 1}) {  // in play at its own turn, and pondering the other's
      MctsSearcher proving(with_root_proofs(5), *nim, seed);
      proving.set_own_role(own);
      proving.search(playout_budget(3));
      CHECK(proving.best_move(0) == nim->move(0, "take2"));
      REQUIRE(proving.stats().root_solved);
      CHECK(proving.proven_value(0) == 1.0);
      CHECK(proving.stats().playouts == 0);
      const std::string note = proving.note();
      // "take3" lost within three turns, then the win within five: the deepening stops there.
      CHECK_MESSAGE(has(note, "root proofs: 1 moves proven lost, 1 won"), note);
      CHECK_MESSAGE(has(note, "moves to 3 turns"), note);
    }
  }
  CHECK(unproven_wrong > 0);  // the case tests something
}

TEST_CASE("root proofs: only as deep as asked, within the states allowed") {
  auto nim = test::make_nim(10, 3);
  // To one turn nothing is proven: no move leaves the other player the last stones, and the
  // mover's own win (asked within three) needs five.
  MctsSearcher shallow(with_root_proofs(1), *nim, 1);
  shallow.search(playout_budget(3));
  CHECK_FALSE(shallow.stats().root_solved);
  std::string note = shallow.note();
  CHECK_MESSAGE(has(note, "root proofs: 0 moves proven lost, 0 won"), note);
  CHECK_MESSAGE(has(note, "moves to 1 turns"), note);
  // The root proven to its depth is not searched again.
  shallow.search(playout_budget(3));
  note = shallow.note();
  CHECK_MESSAGE(!has(note, "root proofs"), note);

  MctsConfig bounded = with_root_proofs(5);
  bounded.root_proof_states = 1;  // stops in its first proof
  MctsSearcher tight(bounded, *nim, 1);
  tight.search(playout_budget(3));
  CHECK_FALSE(tight.stats().root_solved);
  CHECK(tight.stats().playouts >= 3);  // the tree search still has its budget
}

TEST_CASE("root proofs: a root whose every move is proven lost is solved") {
  // 8 stones: every move leaves the second player a win within three turns.
  auto nim = test::make_nim(8, 3);
  MctsSearcher proving(with_root_proofs(3), *nim, 1);
  proving.search(playout_budget(3));
  REQUIRE(proving.stats().root_solved);
  CHECK(proving.proven_value(0) == 0.0);
  const std::string note = proving.note();
  CHECK_MESSAGE(has(note, "3 moves proven lost"), note);
}

TEST_CASE("root proofs: the share beyond the probe goes only to a root where a move is proven") {
  // Nim of 10: "take3" is lost within three turns, "take2" wins within five. The probe is given
  // no time (a proof search asked after its deadline expands nothing); the tree stops after
  // three playouts, long before the deadline.
  auto nim = test::make_nim(10, 3);
  const auto limits = [] {
    SearchLimits l = playout_budget(3);
    l.deadline = Clock::now() + std::chrono::seconds(60);
    return l;
  };
  MctsConfig config = with_root_proofs(5);
  config.root_proof_probe = 0;
  config.root_proof_share = 0.5;
  SUBCASE("nothing proven in the probe: the tree keeps the rest") {
    MctsSearcher probing(config, *nim, 1);
    probing.search(limits());
    CHECK_FALSE(probing.stats().root_solved);
    const std::string note = probing.note();
    CHECK_MESSAGE(has(note, "root proofs: 0 moves proven lost, 0 won"), note);
    config.root_proof_probe = 0.5;  // the same limits with the whole share at once prove the win
    MctsSearcher whole(config, *nim, 1);
    whole.search(limits());
    CHECK(whole.stats().root_solved);
  }
  SUBCASE("a move proven at an earlier call: the proofs go on past the probe") {
    // 30 states a call: the first (a playout budget, so one stage) proves "take3" lost, not the
    // win; the second, at the same root, finds the win in the share beyond its empty probe.
    config.root_proof_states = 30;
    MctsSearcher probing(config, *nim, 1);
    probing.search(playout_budget(3));
    std::string note = probing.note();
    REQUIRE_MESSAGE(has(note, "root proofs: 1 moves proven lost, 0 won"), note);
    probing.search(limits());
    note = probing.note();
    CHECK_MESSAGE(has(note, "root proofs: 0 moves proven lost, 1 won"), note);
    CHECK(probing.stats().root_solved);
    CHECK(probing.best_move(0) == nim->move(0, "take2"));
  }
}
