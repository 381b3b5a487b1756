// `ggp factors GAME.kif... [--json] [--budget S]`: the independent sub-games of each game's propnet
// (propnet/factors.h): the sub-games the terminal's disjuncts join; per factor its facts and
// moves, with an example of each, and whether the goals or the terminal literal read it; the
// global facts (no move changes them: whose turn,
// step counters) and the free moves (they change nothing: noop). A factor neither reads cannot
// change the outcome except by the moves it makes available. With several sub-games: the roles
// with moves in each, and whether a player with `factors=1` searches them apart
// (agent/factored_search.h). Games that do not load or whose
// propnet does not build within the budget are reported and make the exit status 1.
#include <iostream>
#include <nlohmann/json.hpp>

#include "agent/factored_search.h"
#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/factors.h"
#include "propnet/program.h"
#include "propnet/propnet_machine.h"

namespace ggp::cli {
namespace {

nlohmann::json describe(const propnet::Program& p, const propnet::Factoring& f) {
  nlohmann::json factors = nlohmann::json::array();
  for (const propnet::Factor& factor : f.factors)
    factors.push_back(
        {{"facts", factor.facts.size()},
         {"moves", factor.moves.size()},
         {"example_fact", p.fact_texts[factor.facts.front()]},
         {"example_move", factor.moves.empty() ? "" : p.move_texts[factor.moves.front()]},
         {"read_by_goals", factor.read_by_goals},
         {"read_by_terminal", factor.read_by_terminal}});
  const reasoner::SubGames games = propnet::sub_games(p, f);
  nlohmann::json roles = nlohmann::json::array();
  for (const reasoner::SubGame& g : games.subgames) {
    nlohmann::json names = nlohmann::json::array();
    for (reasoner::RoleIndex r : g.roles) names.push_back(p.role_names[r]);
    roles.push_back(names);
  }
  return {{"factors", factors},
          {"subgames", f.subgames},
          {"subgame_roles", roles},
          {"searched_apart", agent::factored_search_applies(games)},
          {"global_facts", f.global_facts.size()},
          {"free_moves", f.free_moves.size()}};
}

void print(const std::string& path, const nlohmann::json& d) {
  const size_t n = d["factors"].size();
  const size_t games = d["subgames"].size();
  std::cout << path << ": " << games << (games == 1 ? " sub-game" : " sub-games") << " of " << n
            << (n == 1 ? " factor" : " factors") << ", " << d["global_facts"].get<size_t>()
            << " global facts, " << d["free_moves"].get<size_t>() << " free moves\n";
  size_t index = 0;
  for (const nlohmann::json& x : d["factors"]) {
    const bool goals = x["read_by_goals"], terminal = x["read_by_terminal"];
    std::cout << "  " << ++index << ": " << x["facts"].get<size_t>() << " facts, "
              << x["moves"].get<size_t>() << " moves, read by "
              << (goals && terminal ? "goals and terminal"
                  : goals           ? "goals"
                  : terminal        ? "terminal"
                                    : "neither goals nor terminal")
              << "; e.g. " << x["example_fact"].get<std::string>() << ' '
              << x["example_move"].get<std::string>() << '\n';
  }
  if (games > 1) {
    for (size_t g = 0; g < games; ++g) {
      std::cout << "  sub-game:";
      for (const nlohmann::json& index : d["subgames"][g])
        std::cout << ' ' << index.get<size_t>() + 1;
      std::cout << " (moves of";
      for (const nlohmann::json& role : d["subgame_roles"][g])
        std::cout << ' ' << role.get<std::string>();
      std::cout << ")\n";
    }
    std::cout << "  searched apart (factors=1): "
              << (d["searched_apart"].get<bool>() ? "yes" : "no") << '\n';
  }
}

int run_factors(const std::vector<std::string>& paths, bool json, double budget_seconds) {
  int status = 0;
  for (const std::string& path : paths) {
    nlohmann::json d;
    try {
      propnet::PropnetLimits limits;
      limits.seconds = budget_seconds;
      auto program = propnet::build_program(gdl::load_game_file(path), limits);
      d = describe(*program, propnet::find_factors(*program));
    } catch (const std::exception& e) {
      d = {{"error", e.what()}};
      status = 1;
    }
    if (json) {
      d["game"] = path;
      std::cout << d.dump() << '\n';
    } else if (d.contains("error")) {
      std::cout << path << ": " << d["error"].get<std::string>() << '\n';
    } else {
      print(path, d);
    }
  }
  return status;
}

void configure_factors_command(CLI::App* cmd) {
  static std::vector<std::string> paths;
  static bool json = false;
  static double budget_seconds = propnet::PropnetLimits{}.seconds;
  cmd->add_option("games", paths, "the .kif files")->required();
  cmd->add_flag("--json", json, "print one JSON object a game, a line each");
  cmd->add_option("--budget", budget_seconds, "seconds each propnet may take to build")
      ->check(CLI::PositiveNumber);
  cmd->callback([] { exit_status() = run_factors(paths, json, budget_seconds); });
}

const CommandRegistration factors_registration(
    "factors",
    "Independent sub-games of a game's propnet, and which the goals read",
    configure_factors_command);

}  // namespace
}  // namespace ggp::cli
