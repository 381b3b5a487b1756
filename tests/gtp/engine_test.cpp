// The GTP engine on Go 5x5 and Hex 9x9, command by command: every reply checked, with a stand-in
// searcher (the first legal move other than a pass, with fixed root means) so that the replies do
// not depend on a search.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "gtp/engine.h"
#include "support/corpus.h"

namespace ggp::gtp {
namespace {

namespace fs = std::filesystem;
using ggp::testing::kShippedGames;

using RootMoves = std::vector<agent::Searcher::RootMove>;
// Two root moves of means 0.25 (4 visits) and 0.75 (12 visits): a value of 0.625.
const RootMoves kTwoMeans = {{0, 0.25, 4, std::nullopt}, {1, 0.75, 12, std::nullopt}};

// Answers the role's first legal move other than a pass; counts a search as one playout; reports
// the root moves it is given.
class FirstMove : public agent::Searcher {
 public:
  FirstMove(reasoner::StateMachine& m, RootMoves roots) : m_(m), roots_(std::move(roots)) {}
  std::string name() const override { return "first"; }
  void set_root(const reasoner::State& s) override { root_ = s; }
  void search(const agent::SearchLimits&) override { ++playouts_; }
  reasoner::MoveId best_move(reasoner::RoleIndex role) override {
    for (reasoner::MoveId move : m_.legal_moves(root_, role))
      if (m_.move_text(move) != "pass") return move;
    return m_.legal_moves(root_, role)[0];
  }
  agent::SearchStats stats() const override { return {playouts_, playouts_, 1, false}; }
  std::vector<RootMove> root_moves(reasoner::RoleIndex) const override { return roots_; }

 private:
  reasoner::StateMachine& m_;
  RootMoves roots_;
  reasoner::State root_;
  uint64_t playouts_ = 0;
};

Engine engine_of(const std::string& sheet, RootMoves roots = kTwoMeans) {
  EngineConfig config;
  config.searcher_factory = [roots](reasoner::StateMachine& m, uint64_t) {
    return std::make_unique<FirstMove>(m, roots);
  };
  const std::string game = (kShippedGames / sheet).string();
  return Engine(config, read_board_map(find_board_map(game)), game);
}

TEST_CASE("GTP administration: protocol, name, commands, ids, comments, errors") {
  Engine e = engine_of("go_5x5.kif");
  CHECK(e.handle("protocol_version") == "= 2\n\n");
  CHECK(e.handle("7 name") == "=7 ggp\n\n");
  CHECK(e.handle("version") == "= 1\n\n");
  CHECK(e.handle("known_command genmove") == "= true\n\n");
  CHECK(e.handle("known_command kgs-genmove_cleanup") == "= true\n\n");
  CHECK(e.handle("known_command frobnicate") == "= false\n\n");
  const std::string list = e.handle("list_commands");
  for (const char* c : {"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
                        "final_score", "time_settings", "time_left", "quit"})
    CHECK_MESSAGE(list.find(std::string("\n") + c + "\n") != std::string::npos, c);
  CHECK(e.handle("") == "");
  CHECK(e.handle("   # a comment only") == "");
  CHECK(e.handle("frobnicate") == "? unknown command\n\n");
  CHECK(e.handle("12 frobnicate") == "?12 unknown command\n\n");
  CHECK(e.handle("boardsize") == "? syntax error\n\n");
  CHECK(e.handle("boardsize nine") == "? syntax error\n\n");
  CHECK(e.handle("boardsize 19") == "? unacceptable size\n\n");
  CHECK(e.handle("komi x") == "? syntax error\n\n");
  CHECK(e.handle("time_settings 1 2") == "? syntax error\n\n");
  CHECK(e.handle("time_left b x 0") == "? syntax error\n\n");
  CHECK(e.handle("genmove purple") == "? invalid color\n\n");
  CHECK(!e.quit_requested());
  CHECK(e.handle("quit") == "=\n\n");
  CHECK(e.quit_requested());
}

TEST_CASE("GTP play, capture, suicide, undo, showboard and final_score on 5x5") {
  Engine e = engine_of("go_9x9.kif");
  CHECK(e.handle("boardsize 5") == "=\n\n");  // the 5x5 sheet
  CHECK(e.handle("play b C3") == "=\n\n");
  CHECK(e.handle("play b D4") == "? illegal move\n\n");  // white is to move
  CHECK(e.handle("play w C3") == "? illegal move\n\n");  // occupied
  CHECK(e.handle("play w F1") == "? invalid color or coordinate\n\n");
  CHECK(e.handle("play green A1") == "? invalid color or coordinate\n\n");
  CHECK(e.handle("play w A1") == "=\n\n");
  CHECK(e.handle("play b A2") == "=\n\n");
  CHECK(e.handle("play w d4") == "=\n\n");
  CHECK(e.handle("play b B1") == "=\n\n");  // takes A1
  CHECK(e.handle("showboard") ==
        "= \n"
        "   A B C D E\n"
        " 5 . . . . . 5\n"
        " 4 . . . O . 4\n"
        " 3 . . X . . 3\n"
        " 2 X . . . . 2\n"
        " 1 . X . . . 1\n"
        "   A B C D E\n\n");
  CHECK(e.handle("play w A1") == "? illegal move\n\n");  // suicide
  // Black 3 stones and A1 against white's D4, komi 7.5.
  CHECK(e.handle("final_score") == "= W+4.5\n\n");
  CHECK(e.handle("komi 0.5") == "=\n\n");  // no sheet of that komi: kept for the count
  CHECK(e.handle("final_score") == "= B+2.5\n\n");
  CHECK(e.handle("ggp-over") == "= false\n\n");
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.handle("showboard") ==
        "= \n"
        "   A B C D E\n"
        " 5 . . . . . 5\n"
        " 4 . . . O . 4\n"
        " 3 . . X . . 3\n"
        " 2 X . . . . 2\n"
        " 1 O . . . . 1\n"
        "   A B C D E\n\n");
  CHECK(e.handle("play w pass") == "? illegal move\n\n");  // black is to move again
  CHECK(e.handle("play b pass") == "=\n\n");
  CHECK(e.handle("play w PASS") == "=\n\n");
  CHECK(e.handle("ggp-over") == "= true\n\n");
  CHECK(e.handle("play b E5") == "? illegal move\n\n");  // the game is over
  CHECK(e.handle("genmove b") == "= pass\n\n");
  CHECK(e.handle("clear_board") == "=\n\n");
  CHECK(e.handle("final_score") == "= W+0.5\n\n");
  for (int i = 0; i < 6; ++i) CHECK(e.handle("undo") == "? cannot undo\n\n");
}

TEST_CASE("GTP genmove: the searcher's move is played and reported; the turn is checked") {
  Engine e = engine_of("go_5x5.kif");
  CHECK(e.handle("time_settings 60 0 0") == "=\n\n");
  CHECK(e.handle("time_left b 30 0") == "=\n\n");
  CHECK(e.handle("genmove w") == "? illegal move\n\n");
  const std::string reply = e.handle("genmove b");
  std::smatch m;
  REQUIRE(std::regex_match(reply, m, std::regex("= ([A-E][1-5])\n\n")));
  const std::string report = e.handle("ggp-last_search");
  CHECK(report.rfind("= playouts 1 nodes 1 seconds ", 0) == 0);
  // The mover's expected result: its root moves' means weighted by their visits.
  CHECK(report.find(" value 0.625\n") != std::string::npos);
  const std::string vertex = m[1];
  CHECK(e.handle("play w " + vertex) == "? illegal move\n\n");  // taken
  CHECK(e.handle("kgs-genmove_cleanup w").rfind("= ", 0) == 0);
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.handle("play b " + vertex) == "=\n\n");  // free again after the undos
}

TEST_CASE("GTP ggp-last_search's value where the search proved root moves") {
  // The value reported after one genmove from the empty 5x5 board.
  auto value_of = [](RootMoves roots) {
    Engine e = engine_of("go_5x5.kif", std::move(roots));
    REQUIRE(e.handle("genmove b").rfind("= ", 0) == 0);
    const std::string report = e.handle("ggp-last_search");
    const size_t at = report.find(" value ");
    return at == std::string::npos ? std::string("none")
                                   : report.substr(at + 7, report.find('\n') - at - 7);
  };
  // A win proven at once, with no simulation through it (a pass that ends the game won): 1.
  CHECK(value_of({{0, 0.0, 0, 1.0}, {1, 0.3, 10, std::nullopt}}) == "1");
  // A proven draw beside unproven moves: the simulations' mean, as without proofs.
  CHECK(value_of({{0, 0.5, 4, 0.5}, {1, 0.75, 12, std::nullopt}}) == "0.6875");
  // Every move proven: the best of them.
  CHECK(value_of({{0, 0.0, 0, 0.0}, {1, 0.5, 2, 0.5}}) == "0.5");
  // Nothing simulated and nothing proven: no value.
  CHECK(value_of({{0, 0.0, 0, std::nullopt}}) == "none");
  CHECK(value_of({}) == "none");
}

TEST_CASE("GTP on Hex: boardsize N N, rows from the top, swap-pieces, no pass, a chain ends it") {
  Engine e = engine_of("hex_9x9.kif");
  CHECK(e.handle("boardsize 9 9") == "=\n\n");
  CHECK(e.handle("boardsize 9 8") == "? unacceptable size\n\n");
  CHECK(e.handle("boardsize 9 x") == "? syntax error\n\n");
  CHECK(e.handle("boardsize 11") == "? unacceptable size\n\n");
  CHECK(e.handle("play w a1") == "? illegal move\n\n");  // black (red) moves first
  CHECK(e.handle("play b j1") == "? invalid color or coordinate\n\n");
  CHECK(e.handle("play b swap-pieces") == "? illegal move\n\n");  // only white's answer
  CHECK(e.handle("play b c2") == "=\n\n");
  CHECK(e.handle("play w pass") == "? illegal move\n\n");  // Hex has no pass
  CHECK(e.handle("play w SWAP-PIECES") == "=\n\n");
  // Red's c2 (column 3, row 2) is now white's b3, its mirror across the long diagonal.
  CHECK(e.handle("showboard") ==
        "= \n"
        "   a b c d e f g h i\n"
        " 1 . . . . . . . . . 1\n"
        " 2 . . . . . . . . . 2\n"
        " 3 . O . . . . . . . 3\n"
        " 4 . . . . . . . . . 4\n"
        " 5 . . . . . . . . . 5\n"
        " 6 . . . . . . . . . 6\n"
        " 7 . . . . . . . . . 7\n"
        " 8 . . . . . . . . . 8\n"
        " 9 . . . . . . . . . 9\n"
        "   a b c d e f g h i\n\n");
  CHECK(e.handle("play w b4") == "? illegal move\n\n");  // black is to move
  const char* white[] = {"a1", "a2", "a4", "a5", "a6", "a7", "a8", "a9"};
  for (int row = 1; row <= 9; ++row) {
    CHECK(e.handle("ggp-over") == "= false\n\n");
    CHECK(e.handle("play b e" + std::to_string(row)) == "=\n\n");
    if (row < 9) CHECK(e.handle(std::string("play w ") + white[row - 1]) == "=\n\n");
  }
  CHECK(e.handle("ggp-over") == "= true\n\n");  // red's column e joins rows 1 and 9
  CHECK(e.handle("genmove w") == "? game over\n\n");
  CHECK(e.handle("final_score") == "? cannot score\n\n");
  CHECK(e.handle("undo") == "=\n\n");
  CHECK(e.handle("ggp-over") == "= false\n\n");

  CHECK(e.handle("clear_board") == "=\n\n");
  const std::string first = e.handle("genmove b");
  CHECK(std::regex_match(first, std::regex("= [a-i][1-9]\n\n")));
  const std::string answer = e.handle("genmove w");  // the stand-in's first move: swap or a point
  CHECK(std::regex_match(answer, std::regex("= ([a-i][1-9]|swap-pieces)\n\n")));
}

}  // namespace
}  // namespace ggp::gtp
