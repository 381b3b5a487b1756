// `ggp gtp` end to end: a scripted GTP session on stdin, every reply on stdout checked in order
// (the searched moves by their form and by the board that shows them).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace {

namespace fs = std::filesystem;

// The replies of a GTP transcript: each ends with an empty line.
std::vector<std::string> replies(const std::string& output) {
  std::vector<std::string> out;
  size_t at = 0;
  for (size_t end; (end = output.find("\n\n", at)) != std::string::npos; at = end + 2)
    out.push_back(output.substr(at, end - at));
  return out;
}

TEST_CASE("ggp gtp: a scripted session on 9x9 and 5x5, every reply checked") {
  REQUIRE_MESSAGE(fs::exists(GGP_BINARY), GGP_BINARY << " is not built");
  const fs::path script = fs::temp_directory_path() / "ggp_gtp_session.txt";
  std::ofstream(script) << "protocol_version\n"
                           "1 name\n"
                           "boardsize 9\n"
                           "clear_board\n"
                           "komi 7.5\n"
                           "time_settings 0 1 1\n"
                           "play b E5\n"
                           "2 genmove w\n"
                           "showboard\n"
                           "final_score\n"
                           "boardsize 5\n"
                           "play w C3\n"
                           "play b C3\n"
                           "genmove w\n"
                           "undo\n"
                           "undo\n"
                           "undo\n"
                           "play b pass\n"
                           "play w pass\n"
                           "final_score\n"
                           "nonsense here\n"
                           "quit\n"
                           "name\n";  // after quit: not read
  const std::string command = std::string("cd '") + GGP_SOURCE_ROOT + "' && '" + GGP_BINARY +
                              "' gtp --game games_kif/go_9x9.kif --player uct --playouts 200"
                              " --quiet < '" + script.string() + "'";
  const ggp::testing::CommandRun run = ggp::testing::run_command(command);
  fs::remove(script);
  REQUIRE_MESSAGE(run.status == 0, run.output);
  const std::vector<std::string> r = replies(run.output);
  REQUIRE(r.size() == 22);
  CHECK(r[0] == "= 2");
  CHECK(r[1] == "=1 ggp");
  CHECK(r[2] == "=");
  CHECK(r[3] == "=");
  CHECK(r[4] == "=");
  CHECK(r[5] == "=");
  CHECK(r[6] == "=");
  std::smatch move;
  REQUIRE(std::regex_match(r[7], move, std::regex("=2 ([A-HJ][1-9]|pass)")));
  // The board shows E5 black and the searched white stone.
  CHECK(r[8].find(" 5 . . . . X . . . . 5") != std::string::npos);
  CHECK(r[8].rfind("= \n   A B C D E F G H J\n", 0) == 0);
  int whites = 0;
  for (char c : r[8]) whites += c == 'O';
  CHECK(whites == (move[1] == "pass" ? 0 : 1));
  CHECK(std::regex_match(r[9], std::regex("= (B|W)\\+[0-9.]+|= 0")));
  CHECK(r[10] == "=");
  CHECK(r[11] == "? illegal move");  // black moves first on the new board
  CHECK(r[12] == "=");
  CHECK(std::regex_match(r[13], std::regex("= ([A-E][1-5]|pass)")));
  CHECK(r[14] == "=");
  CHECK(r[15] == "=");
  CHECK(r[16] == "? cannot undo");
  CHECK(r[17] == "=");
  CHECK(r[18] == "=");
  CHECK(r[19] == "= W+7.5");
  CHECK(r[20] == "? unknown command");
  CHECK(r[21] == "=");
}

}  // namespace
