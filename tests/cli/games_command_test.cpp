// `ggp games` end to end: without DIR, run outside the project root, it finds the project's
// games_kif/ through the executable's location, lists every games_kif/*.kif with its roles,
// its kind and a built propnet; a game without a Kind line is listed with the problem and exit 1.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "gdl/loader.h"
#include "support/corpus.h"
#include "support/files.h"
#include "support/run_command.h"

namespace {

namespace fs = std::filesystem;

using ggp::testing::kShippedGames;

}  // namespace

TEST_CASE("ggp games --json: every games_kif/*.kif with its roles, kind and propnet") {
  REQUIRE_MESSAGE(fs::exists(GGP_BINARY), GGP_BINARY << " is not built");
  // Run from a folder without games_kif/, so the default is found beside the executable. The
  // budget is generous: this checks that every game builds, not how fast (under the sanitizers the
  // 8x8 Go-like games take about 10 s, the default machine's budget).
  ggp::testing::CommandRun run = ggp::testing::run_command("cd '" + fs::temp_directory_path().string() +
                                                           "' && '" + GGP_BINARY + "' games --json --budget 300");
  REQUIRE_MESSAGE(run.status == 0, run.output);
  const nlohmann::json rows = nlohmann::json::parse(run.output);
  std::map<std::string, nlohmann::json> by_name;
  for (const nlohmann::json& row : rows) by_name[row.at("game").get<std::string>()] = row;
  size_t games = 0;
  for (const auto& entry : fs::directory_iterator(kShippedGames)) {
    if (entry.path().extension() != ".kif") continue;
    ++games;
    const std::string name = entry.path().stem().string();
    CAPTURE(name);
    REQUIRE(by_name.count(name) == 1);
    const nlohmann::json& row = by_name[name];
    auto game = ggp::gdl::load_game_file(entry.path().string());
    std::vector<std::string> roles;
    for (auto role : game->roles) roles.push_back(game->symbols.name(role));
    CHECK(row.at("roles").get<std::vector<std::string>>() == roles);
    CHECK(row.at("simultaneous").get<bool>() == (row.at("turns") == "simultaneous"));
    CHECK((row.at("sum") == "zero-sum" || row.at("sum") == "general-sum"));
    CHECK(row.at("components").get<size_t>() > 0);
    CHECK(row.at("build_ms").get<double>() >= 0);
    CHECK_FALSE(row.contains("problem"));
  }
  CHECK(rows.size() == games);
}

TEST_CASE("ggp games DIR: a table row per game; a game without a Kind line is a problem") {
  REQUIRE_MESSAGE(fs::exists(GGP_BINARY), GGP_BINARY << " is not built");
  const fs::path dir = ggp::testing::fresh_folder("ggp_games_test");
  fs::create_directories(dir);
  fs::copy_file(kShippedGames / "ticTacToe.kif", dir / "ticTacToe.kif");
  {
    std::ofstream bare(dir / "bare.kif");
    bare << "; Bare: no kind.\n(role only)\n(init done)\n(<= (legal only wait) (true done))\n"
            "(<= terminal (true done))\n(<= (goal only 100) (true done))\n";
  }
  ggp::testing::CommandRun run =
      ggp::testing::run_command(std::string(GGP_BINARY) + " games '" + dir.string() + "'");
  fs::remove_all(dir);
  CAPTURE(run.output);
  CHECK(run.status == 1);
  CHECK(run.output.find("ticTacToe                        2  no            alternating   zero-sum") !=
        std::string::npos);
  CHECK(run.output.find("crosses noughts") != std::string::npos);
  CHECK(run.output.find("bare") != std::string::npos);
  CHECK(run.output.find("problem: no Kind line") != std::string::npos);
}
