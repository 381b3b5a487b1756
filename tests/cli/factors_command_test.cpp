// `ggp factors` end to end: a JSON line per game with its factors, a text report, and a game that
// does not load reported with exit status 1 while the others are still reported.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/run_command.h"

namespace {

const std::string kGames = std::string(GGP_SOURCE_ROOT) + "/games_kif/";

}  // namespace

TEST_CASE("ggp factors --json: tic-tac-toe's nine cells, its turn facts global, pass free") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  ggp::testing::CommandRun run = ggp::testing::run_command(
      std::string("'") + GGP_BINARY + "' factors --json '" + kGames + "ticTacToe.kif' '" + kGames +
      "lights_out.kif'");
  REQUIRE_MESSAGE(run.status == 0, run.output);
  std::istringstream lines(run.output);
  std::string line;
  REQUIRE(std::getline(lines, line));
  const nlohmann::json tictactoe = nlohmann::json::parse(line);
  CHECK(tictactoe.at("game").get<std::string>().ends_with("ticTacToe.kif"));
  REQUIRE(tictactoe.at("factors").size() == 9);
  for (const nlohmann::json& f : tictactoe.at("factors")) {
    CHECK(f.at("facts") == 3);  // the cell empty, x or o
    CHECK(f.at("moves") == 2);  // each role's mark there
    CHECK(f.at("read_by_goals") == true);
  }
  CHECK(tictactoe.at("subgames").size() == 1);
  CHECK(tictactoe.at("global_facts") == 2);
  CHECK(tictactoe.at("free_moves") == 2);
  REQUIRE(std::getline(lines, line));
  CHECK(nlohmann::json::parse(line).at("factors").size() == 1);  // every press toggles neighbours
  CHECK_FALSE(std::getline(lines, line));
}

TEST_CASE("ggp factors: a text report, and a missing game reported with exit status 1") {
  ggp::testing::CommandRun run = ggp::testing::run_command(
      std::string("'") + GGP_BINARY + "' factors '" + kGames + "no_such_game.kif' '" + kGames +
      "ticTacToe.kif' 2>&1");
  CHECK(run.status == 1);
  CHECK(run.output.find("no_such_game.kif: ") != std::string::npos);
  CHECK(run.output.find("ticTacToe.kif: 1 sub-game of 9 factors, 2 global facts, 2 free moves") != std::string::npos);
  CHECK(run.output.find("read by goals and terminal; e.g. (square 1 1 empty) (place 1 1)") !=
        std::string::npos);
}

TEST_CASE("ggp factors: each sub-game's roles, and whether factors=1 searches them apart") {
  // blotto: each role deploys its troops in a sub-game of its own, so neither sub-game is a game
  // without the other and the factored search does not apply.
  ggp::testing::CommandRun run = ggp::testing::run_command(
      std::string("'") + GGP_BINARY + "' factors --json '" + kGames + "blotto.kif'");
  REQUIRE_MESSAGE(run.status == 0, run.output);
  const nlohmann::json blotto = nlohmann::json::parse(run.output);
  REQUIRE(blotto.at("subgames").size() == 2);
  CHECK(blotto.at("subgame_roles") == nlohmann::json::parse(R"([["red"], ["blue"]])"));
  CHECK(blotto.at("searched_apart") == false);
  run = ggp::testing::run_command(std::string("'") + GGP_BINARY + "' factors '" + kGames +
                                  "blotto.kif'");
  CHECK(run.output.find("  sub-game: 2 (moves of blue)\n") != std::string::npos);
  CHECK(run.output.find("  searched apart (factors=1): no\n") != std::string::npos);
}
