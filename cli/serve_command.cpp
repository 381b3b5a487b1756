// `ggp serve`: the GGP HTTP player. Prints `listening on HOST:PORT` once bound (also with
// --port 0, which picks a free port), then one log line per message unless --quiet; stops on
// SIGINT or SIGTERM without waiting for searches still running.
#include <atomic>
#include <cstdlib>
#include <iostream>

#include "cli/commands.h"
#include "cli/player_spec.h"
#include "server_protocol/http_server.h"
#include "server_protocol/player_service.h"

namespace ggp::cli {
namespace {

struct ServeOptions {
  uint16_t port = 9147;
  std::string bind = "127.0.0.1";
  std::string name = "ggp";
  // alpha-AMAF over batches of 16 leaves, each played out 4 times in the propnet's 64 bit-parallel
  // lanes (an ordinary search on the prover; docs/search_evidence.md section 7), with the goal
  // cutoff where the first search's probe finds goals that predict results, a win at once taken
  // in the tree, greedy playouts where the first search's probe finds them worth their cost, and
  // else epsilon-greedy MAST playouts where a role's legal moves are a small share of its moves
  // (docs/strength.md: 59.4% against Sancho over 32 matches on 8 games without MAST; with it,
  // reversi 4-0 and checkers 3-0-1, the two of the eight where it turns MAST on), and implicit
  // minimax backups of the evaluation learned at the first search where it predicts results
  // strongly (held-out correlation 0.5: checkers, 7-8-1 against the same player without them),
  // and transpositions with a move's mean taken from its child over all parents (against Sancho,
  // interleaved gauntlets on 7 games: 14-3-3 where the player without them scored 9-1-10), and
  // captures found at the first search played first in playouts (breakthrough: 15-0-1 in
  // self-play against the same player without them, 6-0-0 against Sancho; checkers 7-7-2; games
  // where none is found play as before, to the bit), and proofs of every root move on the search's
  // thread in two-role turn-taking games (a tenth of each call, half once they prove a move the tree
  // had not: agent/mcts_root_proof.cpp; against Sancho on nine games, rounds AR-AW, 20-6-2 where
  // the player without them scored 15-6-7), and a search per sub-game where the propnet finds the
  // game a sum of sub-games and it was measured to gain (factors=auto: one-role games, and one
  // sub-game read among moves elsewhere; at a 1 s clock lightboard 100 and 100 where the search of
  // the whole game scored 0 and 0, multiplehunterbig 100 and 100 against 42 and 50).
  std::string player =
      "amaf:c=0.4,batch=16,cutoff=1,leaf_playouts=4,decisive_tree=1,greedy=auto,"
      "playout=mast_eg_auto,implicit=0.4,transpositions=1,dag_means=1,captures=1,prove_root=31,"
      "factors=auto";
  int margin_ms = 200;
  int silence_grace_s = 10;
  uint64_t seed = 1;
  double max_request_mb = 10;
  int read_timeout_ms = 10000;
  bool quiet = false;
};

int run_serve(const ServeOptions& o) {
  make_player_from_spec(o.player, o.seed);  // an unknown spec fails here, not at START
  auto matches = std::make_shared<std::atomic<uint64_t>>(0);
  server_protocol::ServiceConfig service_config;
  service_config.name = o.name;
  service_config.margin = std::chrono::milliseconds(o.margin_ms);
  service_config.silence_grace = std::chrono::seconds(o.silence_grace_s);
  service_config.seed = o.seed;
  service_config.machines = server_protocol::cached_machines(propnet::MachineKind::Default);
  server_protocol::PlayerService service(service_config, [o, matches] {
    return make_player_from_spec(o.player, o.seed + 7919 * ++*matches);
  });

  server_protocol::HttpServerConfig http_config;
  http_config.bind = o.bind;
  http_config.port = o.port;
  http_config.max_request_bytes = static_cast<size_t>(o.max_request_mb * 1024 * 1024);
  http_config.read_timeout = std::chrono::milliseconds(o.read_timeout_ms);
  http_config.log = o.quiet ? nullptr : &std::cout;
  server_protocol::HttpServer server(http_config, service);
  std::cout << "ggp serve: " << o.name << " (" << o.player << ") listening on " << o.bind << ':'
            << server.port() << std::endl;
  server.run();
  // Replies are all sent; searches and fallback work still queued are of no use now.
  std::cout.flush();
  std::_Exit(0);
}

void configure_serve_command(CLI::App* cmd) {
  static ServeOptions o;
  cmd->add_option("--port", o.port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--bind", o.bind, "address to listen on")->capture_default_str();
  cmd->add_option("--name", o.name, "the name INFO reports")->capture_default_str();
  cmd->add_option("--player", o.player, "the player: " + player_spec_help())
      ->capture_default_str();
  cmd->add_option("--margin-ms", o.margin_ms,
                  "kept back from every clock for the network (the reply latency is measured and "
                  "kept back too)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--silence-grace", o.silence_grace_s,
                  "seconds a match may stay silent past its next message's latest time (its last "
                  "reply's due time plus a play clock) before a new START drops it")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", o.seed, "seed of the players and the fallback")->capture_default_str();
  cmd->add_option("--max-request-mb", o.max_request_mb, "request size cap (larger: 413)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--read-timeout-ms", o.read_timeout_ms, "time to read one request")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--quiet", o.quiet, "no log line per message");
  cmd->callback([] { exit_status() = run_serve(o); });
}

const CommandRegistration serve_registration(
    "serve", "Play as a GGP player over HTTP", configure_serve_command);

}  // namespace
}  // namespace ggp::cli
