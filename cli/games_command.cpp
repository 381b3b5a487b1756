// `ggp games [DIR] [--json] [--budget S]`: lists the game library, one row per DIR/*.kif (sorted by name): the
// game, its roles, whether they move simultaneously, its kind from the header's Kind line
// (gdl/game_header.h), and its propnet's size (components) and build time in ms. Without DIR:
// ./games_kif when it exists (running from the project root), else games_kif/ beside the folder
// holding the executable (build/ggp run from anywhere). A game that does not load, or that has no
// well-formed Kind line, is listed with the problem and makes the exit status 1. --budget is the
// seconds each propnet may take to build (the default machine's 10 s unless given).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "gdl/game_header.h"
#include "gdl/loader.h"
#include "propnet/propnet_machine.h"

namespace ggp::cli {
namespace {

namespace fs = std::filesystem;

struct GameRow {
  std::string name, problem;
  gdl::GameHeader header;
  std::vector<std::string> roles;
  size_t components = 0;
  double build_ms = -1;  // -1: the propnet did not build (`problem` says why)
};

fs::path default_games_dir() {
  if (fs::is_directory("games_kif")) return "games_kif";
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = exe.parent_path().parent_path() / "games_kif";
    if (fs::is_directory(beside)) return beside;
  }
  return {};
}

GameRow describe(const fs::path& path, double budget_seconds) {
  GameRow row;
  row.name = path.stem().string();
  row.header = gdl::read_game_header_file(path.string());
  row.problem = row.header.problem;
  try {
    auto game = gdl::load_game_file(path.string());
    for (gdl::SymbolId role : game->roles) row.roles.push_back(game->symbols.name(role));
    propnet::PropnetStats stats;
    propnet::PropnetLimits limits;
    limits.seconds = budget_seconds;
    propnet::make_propnet(game, limits, &stats);
    row.components = stats.gates;
    row.build_ms = stats.build_ms;
  } catch (const std::exception& e) {
    row.problem = e.what();
  }
  if (row.header.kind && row.problem.empty() &&
      static_cast<size_t>(row.header.kind->players) != row.roles.size())
    row.problem = "the Kind line says " + std::to_string(row.header.kind->players) + " players";
  return row;
}

nlohmann::json to_json(const GameRow& row) {
  nlohmann::json j = {{"game", row.name}, {"title", row.header.title}, {"roles", row.roles}};
  if (row.header.kind) {
    j["simultaneous"] = row.header.kind->turns == "simultaneous";
    j["turns"] = row.header.kind->turns;
    j["sum"] = row.header.kind->sum;
  }
  if (row.build_ms >= 0) {
    j["components"] = row.components;
    j["build_ms"] = row.build_ms;
  }
  if (!row.problem.empty()) j["problem"] = row.problem;
  return j;
}

void print_table(const std::vector<GameRow>& rows) {
  std::printf("%-28s %5s  %-12s  %-13s %-11s %10s %9s  %s\n", "game", "roles", "simultaneous",
              "turns", "sum", "components", "build_ms", "role names");
  for (const GameRow& row : rows) {
    std::string names;
    for (const std::string& role : row.roles) names += (names.empty() ? "" : " ") + role;
    const bool known = row.header.kind.has_value();
    const std::string simultaneous =
        !known ? "?" : (row.header.kind->turns == "simultaneous" ? "yes" : "no");
    char size[24] = "-", ms[24] = "-";
    if (row.build_ms >= 0) {
      std::snprintf(size, sizeof size, "%zu", row.components);
      std::snprintf(ms, sizeof ms, "%.0f", row.build_ms);
    }
    std::printf("%-28s %5zu  %-12s  %-13s %-11s %10s %9s  %s\n", row.name.c_str(), row.roles.size(),
                simultaneous.c_str(), known ? row.header.kind->turns.c_str() : "?",
                known ? row.header.kind->sum.c_str() : "?", size, ms, names.c_str());
    if (!row.problem.empty()) std::printf("  problem: %s\n", row.problem.c_str());
  }
}

int run_games(const std::string& dir_option, bool json, double budget_seconds) {
  const fs::path dir = dir_option.empty() ? default_games_dir() : fs::path(dir_option);
  if (dir.empty() || !fs::is_directory(dir)) {
    std::cerr << "ggp games: no games folder "
              << (dir_option.empty() ? "found (./games_kif, or games_kif/ beside the executable's folder); give DIR"
                                     : "'" + dir_option + "'")
              << '\n';
    return 1;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".kif") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<GameRow> rows;
  for (const fs::path& file : files) rows.push_back(describe(file, budget_seconds));
  if (json) {
    std::cout << '[';  // one game per line
    for (size_t i = 0; i < rows.size(); ++i)
      std::cout << (i == 0 ? "\n" : ",\n") << to_json(rows[i]).dump();
    std::cout << "\n]\n";
  } else {
    print_table(rows);
  }
  return std::any_of(rows.begin(), rows.end(), [](const GameRow& r) { return !r.problem.empty(); });
}

void configure_games_command(CLI::App* cmd) {
  static std::string dir;
  static bool json = false;
  static double budget_seconds = propnet::PropnetLimits{}.seconds;
  cmd->add_option("dir", dir, "the folder of .kif files (default: games_kif/ of the project)");
  cmd->add_flag("--json", json, "print a JSON array, one object per game");
  cmd->add_option("--budget", budget_seconds, "seconds each propnet may take to build")
      ->check(CLI::PositiveNumber);
  cmd->callback([] { exit_status() = run_games(dir, json, budget_seconds); });
}

const CommandRegistration games_registration(
    "games",
    "List the game library: roles, kind, propnet size and build time",
    configure_games_command);

}  // namespace
}  // namespace ggp::cli
