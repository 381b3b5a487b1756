// The games this project ships (games_kif/*.kif): each one declares its kind in its header
// (gdl/game_header.h) and has as many roles as it says, loads and validates, its propnet agrees
// with the prover (the reference) move for move on random playouts, every terminal state gives
// each role exactly one goal in 0..100 (summing to 100 in a zero-sum game), at most one role has a
// choice in any state of an alternating game, and the PPA paper's games (Cazenave, "Playout Policy
// Adaptation for Games") have golden perft counts.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/patient_machine.h"
#include "gdl/game_header.h"
#include "gdl/loader.h"
#include "reasoner/differential.h"
#include "reasoner/perft.h"
#include "reasoner/playout.h"
#include "reasoner/random.h"
#include "support/corpus.h"

namespace ggp {
namespace {

using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

using ggp::testing::kShippedGames;

std::vector<std::filesystem::path> shipped_games() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(kShippedGames))
    if (entry.path().extension() == ".kif") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Random playouts on the reference alone: each ends in a terminal state (no role is ever left
// without a legal move) where every role has exactly one goal in 0..100, summing to 100 in a
// zero-sum game (one winner, or a draw shared out); in an alternating game no state gives more
// than one role a choice. Returns the first problem, or "".
std::string check_playouts(StateMachine& ref, const gdl::GameKind& kind, int playouts,
                           uint64_t seed) {
  reasoner::Random rng(seed);
  const State start = ref.initial_state();
  State state, next;
  reasoner::JointMove joint;
  for (int playout = 0; playout < playouts; ++playout) {
    const std::string where = "playout " + std::to_string(playout) + ": ";
    state = start;
    for (int step = 0; !ref.is_terminal(state); ++step) {
      if (step == 1000) return where + "no terminal state within 1000 steps";
      int choosers = 0;
      for (RoleIndex r = 0; r < ref.num_roles(); ++r) {
        const size_t moves = ref.legal_moves(state, r).size();
        if (moves == 0) return where + "a role without a legal move";
        choosers += moves > 1;
      }
      if (kind.turns != "simultaneous" && choosers > 1)
        return where + "two roles with a choice in a " + kind.turns + " game";
      reasoner::random_joint_move(ref, state, rng, joint);
      ref.next_state(state, joint, next);
      std::swap(state, next);
    }
    reasoner::GoalValue total = 0;
    for (RoleIndex r = 0; r < ref.num_roles(); ++r) {
      const reasoner::GoalValue goal = ref.goal(state, r);
      if (goal < 0 || goal > 100) return where + "a terminal state without exactly one goal for a role";
      total += goal;
    }
    if (kind.zero_sum() && total != 100)
      return where + "terminal goals sum to " + std::to_string(total) + " in a zero-sum game";
  }
  return "";
}

TEST_CASE("every shipped game declares its kind, loads, and its propnet agrees with the prover") {
  const std::vector<std::filesystem::path> games = shipped_games();
  REQUIRE(games.size() >= 19);  // the 18 games of the PPA paper's Table 1 and tic-tac-toe
  for (const auto& path : games) {
    CAPTURE(path.filename().string());
    const gdl::GameHeader header = gdl::read_game_header_file(path.string());
    CAPTURE(header.problem);
    REQUIRE(header.kind);
    CHECK(!header.title.empty());
    std::shared_ptr<const gdl::Game> game;
    REQUIRE_NOTHROW(game = gdl::load_game_file(path.string()));
    auto ref = testing::build_patient_machine(game, propnet::MachineKind::Prover);
    auto net = testing::build_patient_machine(game, propnet::MachineKind::Propnet);
    REQUIRE(ref->num_roles() == static_cast<size_t>(header.kind->players));
    CHECK(reasoner::compare_random_playouts(*net, *ref, 2015, {20, 0, 1000}).difference == "");
    CHECK(check_playouts(*ref, *header.kind, 20, 2016) == "");
  }
}

struct Golden {
  const char* file;
  std::vector<uint64_t> perft;  // leaves at depth 1, 2, 3, ...
};

// Depth 1 and 2 worked out by hand, e.g. Breakthrough 5x5:
// 2 + 3 * 3 + 2 = 13 first moves, and every one blocks one straight black step: 13 * 12 = 156;
// Domineering 5x5: 4 places in each of 5 columns = 20, then 20 horizontal places minus the
// 2 * (neighbours of the column) that the vertical domino covers: 20 * 20 - 2 * 4 * 8 = 336;
// Knightthrough 5x5: 8 + 6 jumps to row 3 and 8 captures on row 4, and black keeps 22 replies
// except after a capture on column x, which removes as many replies as x has side columns;
// Nogo 5x5 at depth 3 loses the 8 corner captures that Atarigo allows. Go 5x5: 25 points and a
// pass, then 24 points and a pass after a stone or 25 and a pass after a pass: 25 * 25 + 26 = 651;
// at depth 3 the two passes end the game, a leaf counted beside the 15,650 three-move lines.
// The 8x8 figures follow the same reasoning; the 5x5 depth-3 figures (and depth 4) were checked
// against a throwaway Python implementation of the rules written apart from the KIF, as were the
// depth-3 figures of the games below them (Breakthrough 6x6, nine-board tic-tac-toe).
const std::vector<Golden> kGolden = {
    {"breakthrough_5x5.kif", {13, 156, 1924}},
    {"misere_breakthrough_5x5.kif", {13, 156, 1924}},
    {"knightthrough_5x5.kif", {22, 470, 9622}},
    {"misere_knightthrough_5x5.kif", {22, 470, 9622}},
    {"domineering_5x5.kif", {20, 336, 4872}},
    {"misere_domineering_5x5.kif", {20, 336, 4872}},
    {"atarigo_5x5.kif", {25, 600, 13800}},
    {"nogo_5x5.kif", {25, 600, 13792}},
    {"go_5x5.kif", {26, 651, 15651}},
    {"misere_nogo_5x5.kif", {25, 600, 13792}},
    {"breakthrough_8x8.kif", {22, 484}},
    {"knightthrough_8x8.kif", {40, 1600}},
    {"domineering_8x8.kif", {56, 2940}},
    {"atarigo_8x8.kif", {64, 4032}},
    {"nogo_8x8.kif", {64, 4032}},
    {"breakthrough_6x6.kif", {16, 256, 4308}},
    // Connect Four: every column is open for the first 6 plies, so 7^d (9^d on 9x6).
    {"connect_four.kif", {7, 49, 343, 2401, 16807}},
    {"connect_four_9x6.kif", {9, 81, 729}},
    // No line can exist before ply 5: 9, 9 * 8, 9 * 8 * 7.
    {"misere_tictactoe.kif", {9, 72, 504}},
    // 81 first marks; the reply goes on the board the first mark names: 8 free squares when the
    // mark was on its own board's square (9 such marks), else 9: 9 * 8 + 72 * 9 = 720.
    {"nine_board_tictactoe.kif", {81, 720, 6336}},
    // Pentago: a free point times 4 quadrants times 2 directions: 36 * 8, then 288 * 35 * 8.
    {"pentago.kif", {288, 80640}},
    // Othello's published perft from the start (no pass happens this early): 4, 12, 56, 244,
    // 1396, 8200 (and 55092 at depth 7, which `ggp perft` also gives).
    {"reversi.kif", {4, 12, 56, 244, 1396, 8200}},
    // English draughts' published perft: 7, 49, 302, 1469, 7361 (36768 at depth 6 by ggp perft).
    // From depth 7 on the counts are lower (179255, not 179740): each jump of a multi-jump is a
    // ply here, where the published counts take a whole jump sequence as one move.
    {"checkers.kif", {7, 49, 302, 1469, 7361}},
    // Hex 9x9 with the swap: 81; 81 * (80 + swap); after a placement 79 cells stay free, after a
    // swap 80: 81 * 80 * 79 + 81 * 80 = 518400.
    {"hex_9x9.kif", {81, 6561, 518400}},
};

TEST_CASE("the shipped games have their golden perft counts on both machines") {
  for (const Golden& golden : kGolden) {
    CAPTURE(golden.file);
    auto game = gdl::load_game_file((kShippedGames / golden.file).string());
    for (auto kind : {propnet::MachineKind::Prover, propnet::MachineKind::Propnet}) {
      auto machine = testing::build_patient_machine(game, kind);
      CAPTURE(machine->name());
      CHECK(reasoner::perft(*machine, machine->initial_state(), golden.perft.size()) == golden.perft);
    }
  }
}

bool has_move(const std::vector<std::string>& moves, const std::string& move) {
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// A hand-played line on 5x5: black surrounds the empty corner (1 1), where a white stone would be
// suicide (illegal in both games), then puts the white corner stone (5 5) in atari. Filling its
// last liberty at (4 5) captures: the winning move in Atarigo, an illegal one in Nogo.
TEST_CASE("atarigo and nogo: suicide is illegal; a capture wins atarigo and is illegal in nogo") {
  for (const bool atarigo : {true, false}) {
    auto game = gdl::load_game_file((kShippedGames / (atarigo ? "atarigo_5x5.kif" : "nogo_5x5.kif")).string());
    for (auto kind : {propnet::MachineKind::Prover, propnet::MachineKind::Propnet}) {
      auto m = testing::build_patient_machine(game, kind);
      CAPTURE(atarigo);
      CAPTURE(m->name());
      State s = m->initial_state(), next;
      RoleIndex mover = 0;  // black
      auto play = [&](const std::string& move) {
        reasoner::JointMove joint(2);
        joint[mover] = *m->move_from_text(mover, move);
        joint[1 - mover] = *m->move_from_text(1 - mover, "noop");
        m->next_state(s, joint, next);
        std::swap(s, next);
        mover = 1 - mover;
      };
      play("(place 1 2)");
      play("(place 3 3)");
      CHECK(has_move(reasoner::legal_move_texts(*m, s, 0), "(place 2 1)"));
      play("(place 2 1)");
      CHECK_FALSE(has_move(reasoner::legal_move_texts(*m, s, 1), "(place 1 1)"));  // suicide
      CHECK(has_move(reasoner::legal_move_texts(*m, s, 1), "(place 5 5)"));
      play("(place 5 5)");
      play("(place 5 4)");
      play("(place 3 4)");
      CHECK(has_move(reasoner::legal_move_texts(*m, s, 0), "(place 1 1)"));  // joins chains that keep liberties
      CHECK(has_move(reasoner::legal_move_texts(*m, s, 0), "(place 4 5)") == atarigo);
      if (!atarigo) continue;
      CHECK_FALSE(m->is_terminal(s));
      play("(place 4 5)");
      CHECK(m->is_terminal(s));
      CHECK(m->goal(s, 0) == 100);
      CHECK(m->goal(s, 1) == 0);
    }
  }
}

}  // namespace
}  // namespace ggp
