// `ggp heuristic GAME.kif [--seconds S] [--playouts N] [--seed S]`: the evaluation the player
// learns at the start of a match (agent/heuristic.h): the candidate piece sets, the held-out
// correlation against the mover alone's, whether it is kept, and each role's weights.
#include <chrono>
#include <iostream>

#include "agent/heuristic.h"
#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"

namespace ggp::cli {
namespace {

struct HeuristicOptions {
  std::string game, machine = "default";
  double seconds = 5;
  size_t playouts = agent::HeuristicSettings{}.max_playouts;
  uint64_t seed = 1;
  bool random = false;
  bool lines = false;
};

int run_heuristic(const HeuristicOptions& o) {
  auto game = gdl::load_game_file(o.game);
  propnet::BuiltMachine built = propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
  reasoner::StateMachine& m = *built.machine;
  agent::SearchLimits limits;
  const auto start = agent::Clock::now();
  limits.deadline = start + std::chrono::duration_cast<agent::Clock::duration>(
                                std::chrono::duration<double>(o.seconds));
  agent::HeuristicSettings settings;
  settings.max_playouts = o.playouts;
  settings.greedy = !o.random;
  settings.lines = o.lines;
  agent::HeuristicReport report;
  reasoner::Random rng(o.seed);
  auto h = agent::Heuristic::learn(m, m.initial_state(), rng, limits, settings, report);
  const double ms = std::chrono::duration<double, std::milli>(agent::Clock::now() - start).count();
  std::cout << "machine: " << built.report << '\n'
            << report.summary << '\n'
            << "samples: " << report.samples << "\nms: " << ms << '\n';
  if (h) std::cout << h->describe();
  return 0;
}

void configure_heuristic_command(CLI::App* cmd) {
  static HeuristicOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->add_option("--seconds", o.seconds, "time for the random playouts it learns from");
  cmd->add_option("--playouts", o.playouts, "random playouts at most");
  cmd->add_option("--seed", o.seed, "seed of the playouts");
  cmd->add_flag("--random", o.random, "learn from uniformly random playouts, not greedy ones");
  cmd->add_flag("--lines", o.lines, "candidate features include pieces of a kind on each line");
  cmd->callback([] { exit_status() = run_heuristic(o); });
}

const CommandRegistration heuristic_registration(
    "heuristic",
    "The evaluation a player learns at START: piece sets, fit and held-out check",
    configure_heuristic_command);

}  // namespace
}  // namespace ggp::cli
