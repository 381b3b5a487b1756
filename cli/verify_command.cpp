// `ggp verify --machine prover|propnet|default --trace T.jsonl GAME.kif`: replays a reference
// trace (../shared/traces/README.md) on a machine; prints `ok <steps>` or the first difference and
// exits 1 on a difference.
#include <iostream>

#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/trace.h"

namespace ggp::cli {
namespace {

struct VerifyOptions {
  std::string game, trace, machine = "default";
  double seconds = 0;
};

int run_verify(const VerifyOptions& o) {
  try {
    auto game = gdl::load_game_file(o.game);
    propnet::BuiltMachine built =
        propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
    reasoner::TraceCheck check = reasoner::check_trace(*built.machine, o.trace, o.seconds);
    if (!check.ok) {
      std::cout << "difference (" << built.report << "): " << check.difference << '\n';
      return 1;
    }
    std::cout << "ok " << check.steps << (check.cut_short ? " (cut short by the time budget)" : "")
              << '\n';
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
}

void configure_verify_command(CLI::App* cmd) {
  static VerifyOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("--trace", o.trace, "the .jsonl trace")->required();
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->add_option("--seconds", o.seconds, "stop after this long (0: no limit)");
  cmd->callback([] { exit_status() = run_verify(o); });
}

const CommandRegistration verify_registration(
    "verify", "Replay a reference trace on a state machine", configure_verify_command);

}  // namespace
}  // namespace ggp::cli
