#include "tournament/tournament_file.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace ggp::tournament {
namespace {

std::string base_name(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

// `${NAME}` replaced by the environment variable NAME; throws when it is not set. A relative
// path as the value of a variable that starts the path is taken from the working directory, where
// it was typed (`GGP_CORPUS=../shared ggp tournament docs/tournaments/F.json`), not from the
// file's folder as the file's own relative paths are.
std::string expand_variables(std::string text) {
  for (size_t at = text.find("${"); at != std::string::npos; at = text.find("${", at)) {
    const size_t close = text.find('}', at);
    if (close == std::string::npos) break;
    const std::string name = text.substr(at + 2, close - at - 2);
    const char* found = std::getenv(name.c_str());
    if (!found) throw std::runtime_error("the game path '" + text + "' needs $" + name + " set");
    std::string value = found;
    if (at == 0 && !value.empty() && std::filesystem::path(value).is_relative())
      value = std::filesystem::absolute(value).string();
    text.replace(at, close - at + 1, value);
    at += value.size();
  }
  return text;
}

}  // namespace

TournamentFile read_tournament_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  TournamentFile f;
  try {
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, true, /*ignore_comments=*/true);
    static const std::set<std::string> known = {
        "title", "games", "players", "matches", "startclock", "playclock", "margin_ms", "over_http",
        "parallel", "seed", "max_turns", "anchor", "gauntlet", "out", "comment"};
    for (const auto& [key, value] : j.items())
      if (!known.count(key)) throw std::runtime_error("unknown key '" + key + "'");
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    for (const auto& g : j.at("games")) {
      GameEntry game;
      BoardView view;
      if (g.is_string()) {
        game.path = g.get<std::string>();
      } else {
        game.path = g.at("path").get<std::string>();
        game.name = g.value("name", "");
        if (g.contains("board")) {
          view.first_is_row = g["board"].value("first_is_row", false);
          view.top_down = g["board"].value("top_down", false);
        }
      }
      game.path = expand_variables(game.path);
      if (game.name.empty()) game.name = base_name(game.path);
      if (std::filesystem::path(game.path).is_relative()) game.path = (folder / game.path).string();
      f.spec.games.push_back(game);
      f.views.push_back(view);
    }
    for (const auto& p : j.at("players")) {
      if (p.is_string()) {
        f.spec.players.push_back(parse_player_argument(p.get<std::string>()));
        continue;
      }
      PlayerEntry player{p.at("name").get<std::string>(), p.at("spec").get<std::string>(),
                         p.value("binary", "")};
      if (!player.binary.empty() && std::filesystem::path(player.binary).is_relative())
        player.binary = (folder / player.binary).string();
      f.spec.players.push_back(player);
    }
    Settings& s = f.spec.settings;
    s.matches = j.value("matches", s.matches);
    s.start_clock = j.value("startclock", s.start_clock);
    s.play_clock = j.value("playclock", s.play_clock);
    s.margin_ms = j.value("margin_ms", s.margin_ms);
    s.over_http = j.value("over_http", s.over_http);
    s.parallel = j.value("parallel", s.parallel);
    s.seed = j.value("seed", s.seed);
    s.max_turns = j.value("max_turns", s.max_turns);
    s.gauntlet = j.value("gauntlet", s.gauntlet);
    f.title = j.value("title", "");
    f.anchor = j.value("anchor", "");
    f.out = j.value("out", "");
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  return f;
}

}  // namespace ggp::tournament
