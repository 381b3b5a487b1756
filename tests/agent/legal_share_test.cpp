// The share of a role's moves that are legal where it chooses (agent/legal_share.h), which
// playout=mast_eg_auto reads to keep MAST out of placement games.
#include "agent/legal_share.h"

#include <doctest/doctest.h>

#include <string>

#include "propnet_games.h"

using namespace ggp;
using namespace ggp::agent;

namespace {

double share_of(const std::string& game) {
  auto machine = ggp::test::shipped_propnet(game);
  reasoner::Random rng(11);
  const LegalShare s = measure_legal_share(*machine, machine->initial_state(), rng, 64, {});
  INFO(game);
  CHECK(s.playouts == 64);
  return s.share;
}

}  // namespace

TEST_CASE("legal share: the legal moves at each choice over the moves the role was seen to have") {
  auto ttt = ggp::test::tic_tac_toe_propnet();
  reasoner::Random rng(3);
  // One playout of three moves: x chooses among 9 (its vocabulary: 9), o among 8 (vocabulary 8),
  // x among 7 of its 9; the player not to move has one move (noop) and makes no choice.
  LegalShare three = measure_legal_share(*ttt, ttt->initial_state(), rng, 1, {}, 3);
  CHECK(three.playouts == 1);
  CHECK(three.decisions == 3);
  CHECK(three.share == doctest::Approx((1.0 + 1.0 + 7.0 / 9.0) / 3.0));
  // Whole games: every empty cell is legal, so the share falls only as the board fills.
  LegalShare whole = measure_legal_share(*ttt, ttt->initial_state(), rng, 32, {});
  CHECK(whole.playouts == 32);
  CHECK(whole.share > 0.5);
  CHECK(whole.share < 0.9);
}

TEST_CASE("legal share: small where the position decides the moves, large in placement games") {
  const double reversi = share_of("reversi"), checkers = share_of("checkers");
  const double hex = share_of("hex_9x9"), pentago = share_of("pentago");
  INFO("reversi " << reversi << ", checkers " << checkers << ", hex " << hex << ", pentago "
                  << pentago);
  CHECK(reversi < 0.25);
  CHECK(checkers < 0.25);
  CHECK(hex > 0.25);
  CHECK(pentago > 0.25);
}
