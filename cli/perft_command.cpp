// `ggp perft GAME.kif DEPTH [--machine M]`: leaves of the joint-move tree at each depth 1..DEPTH
// (reasoner/perft.h), one line per depth.
#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/perft.h"

namespace ggp::cli {
namespace {

struct PerftOptions {
  std::string game, machine = "default";
  size_t depth = 1;
};

int run_perft(const PerftOptions& o) {
  auto game = gdl::load_game_file(o.game);
  propnet::BuiltMachine built =
      propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
  reasoner::StateMachine& m = *built.machine;
  auto start = std::chrono::steady_clock::now();
  std::vector<uint64_t> counts = reasoner::perft(m, m.initial_state(), o.depth);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "machine: " << built.report << '\n';
  for (size_t d = 0; d < counts.size(); ++d) std::cout << "perft " << d + 1 << ' ' << counts[d] << '\n';
  std::cout << "seconds: " << seconds << '\n';
  return 0;
}

void configure_perft_command(CLI::App* cmd) {
  static PerftOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("depth", o.depth, "the largest depth")->required();
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->callback([] { exit_status() = run_perft(o); });
}

const CommandRegistration perft_registration(
    "perft", "Count the joint-move tree's leaves at each depth", configure_perft_command);

}  // namespace
}  // namespace ggp::cli
