// `ggp gtp`: a Go Text Protocol (version 2) engine on stdin/stdout for a board game whose GTP view
// is declared beside it (gtp/board_map.h; games_kif/go.gtp.json, hex.gtp.json). One reply per command
// line, flushed at once; a log line per search on stderr unless --quiet.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/player_spec.h"
#include "gtp/engine.h"

namespace ggp::cli {
namespace {

struct GtpOptions {
  std::string game;
  std::string map;
  // The seed Go program's search (UCT with RAVE, k = 2500, no exploration term), over batches of
  // 16 leaves played out 4 times each in the propnet's lanes, their moves counted for RAVE.
  std::string player = "rave:k=2500,c=0,batch=16,leaf_playouts=4,batch_amaf=1";
  std::string machine = "default";
  std::string name = "ggp";
  uint64_t playouts = 0;
  double move_seconds = 5;
  uint64_t seed = 1;
  bool quiet = false;
};

int run_gtp(const GtpOptions& o) {
  const std::string map_path = o.map.empty() ? gtp::find_board_map(o.game) : o.map;
  if (map_path.empty()) {
    std::cerr << "ggp gtp: no GTP map beside " << o.game << " (<game>.gtp.json); give --map\n";
    return 1;
  }
  gtp::EngineConfig config;
  config.name = o.name;
  config.version = o.player;
  config.seed = o.seed;
  config.playouts_per_move = o.playouts;
  config.move_seconds = o.move_seconds;
  config.machine = propnet::parse_machine_kind(o.machine);
  config.log = o.quiet ? nullptr : &std::cerr;
  const std::string spec = o.player;
  make_player_from_spec(spec, o.seed);  // an unknown spec fails here, before any command
  config.searcher_factory = [spec](reasoner::StateMachine& machine, uint64_t seed) {
    return make_searcher_from_spec(spec, machine, seed);
  };
  gtp::Engine engine(config, gtp::read_board_map(map_path), o.game);
  std::ios::sync_with_stdio(false);
  for (std::string line; !engine.quit_requested() && std::getline(std::cin, line);) {
    const std::string reply = engine.handle(line);
    if (!reply.empty()) std::cout << reply << std::flush;
  }
  return 0;
}

void configure_gtp_command(CLI::App* cmd) {
  static GtpOptions o;
  cmd->add_option("--game", o.game, "the rule sheet (e.g. games_kif/go_9x9.kif)")->required();
  cmd->add_option("--map", o.map, "the GTP map (default: <game>.gtp.json or <family>.gtp.json beside it)");
  cmd->add_option("--player", o.player, "the searcher: " + player_spec_help())->capture_default_str();
  cmd->add_option("--playouts", o.playouts, "playouts per genmove (0: by the clock)")
      ->capture_default_str();
  cmd->add_option("--move-seconds", o.move_seconds, "seconds per genmove without time_settings")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--machine", o.machine, "prover, propnet or default")->capture_default_str();
  cmd->add_option("--name", o.name, "the name GTP reports")->capture_default_str();
  cmd->add_option("--seed", o.seed, "seed of the search")->capture_default_str();
  cmd->add_flag("--quiet", o.quiet, "no log lines on stderr");
  cmd->callback([] { exit_status() = run_gtp(o); });
}

const CommandRegistration gtp_registration(
    "gtp",
    "Play a board game (Go, Hex) over the Go Text Protocol on stdin/stdout",
    configure_gtp_command);

}  // namespace
}  // namespace ggp::cli
