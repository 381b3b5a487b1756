// `ggp bench-search GAME.kif [--searcher SPEC] [--playouts N | --seconds T] [--machine M] [--seed S]
// [--json] [--record MATCH.json --turn N] [--role R]`: one search from the initial state (or the
// record's position after N joint moves) with a fixed playout budget (or, with --seconds, a time
// budget: then the signature is not reproducible) and seed; with --role, the searcher is told
// that it plays R, as in a match. Prints the searcher, the machine, playouts, nodes, seconds,
// playouts/s, each role's chosen move and a signature: a hash of the chosen moves, every role's
// root votes (MCTS: the root's visit counts), the node count and the playouts, identical across
// runs with the same seed and budget, so that a behaviour change shows even when the timing is
// noisy (ARCHITECTURE.md, benchmarks). The JSON adds each role's root moves with their weights
// (MCTS: visits; "proven" for a proven choice).
#include <bit>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "agent/match_state.h"
#include "cli/commands.h"
#include "cli/player_spec.h"
#include "cli/record_position.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/random.h"

namespace ggp::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct SearchBenchOptions {
  std::string game, searcher = "uct", machine = "default", record, role;
  size_t turn = 0;
  uint64_t playouts = 10000;
  double seconds = 0;  // > 0: a time budget instead of the playout budget
  uint64_t seed = 1;
  bool json = false;
};

// SplitMix64's finalizer spreads every bit, so that words differing only in their high bits
// (integral doubles) still change the whole hash.
using reasoner::splitmix64;
uint64_t mix(uint64_t h, uint64_t v) { return splitmix64(h ^ splitmix64(v)); }
uint64_t mix(uint64_t h, const std::string& s) {
  for (unsigned char c : s) h = mix(h, c);
  return mix(h, 0xff);
}

struct RoleResult {
  std::string role, move;
  nlohmann::json votes = nlohmann::json::object();  // move text: weight
};

int run_search_bench(const SearchBenchOptions& o) {
  auto game = gdl::load_game_file(o.game);
  propnet::BuiltMachine built =
      propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
  reasoner::StateMachine& m = *built.machine;
  std::unique_ptr<agent::Searcher> searcher = make_searcher_from_spec(o.searcher, m, o.seed);
  const reasoner::State root =
      o.record.empty() ? m.initial_state() : record_state(m, o.record, o.turn);
  if (!o.role.empty()) searcher->set_own_role(agent::find_role(m, o.role));

  auto t0 = Clock::now();
  searcher->set_root(root);
  agent::SearchLimits limits;
  if (o.seconds > 0)
    limits.deadline = t0 + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(o.seconds));
  else
    limits.max_playouts = o.playouts;
  searcher->search(limits);
  double seconds = std::chrono::duration<double>(Clock::now() - t0).count();

  agent::SearchStats stats = searcher->stats();
  const std::string note = searcher->note();  // e.g. metagaming's trial scores
  uint64_t h = mix(mix(0xcbf29ce484222325ull, stats.playouts), stats.nodes);
  std::vector<RoleResult> moves;
  for (reasoner::RoleIndex r = 0; r < m.num_roles(); ++r) {
    moves.push_back({m.role_name(r), m.move_text(searcher->best_move(r))});
    h = mix(h, moves.back().move);
    for (const auto& [move, weight] : searcher->root_votes(r)) {
      h = mix(mix(h, m.move_text(move)), std::bit_cast<uint64_t>(weight));
      moves.back().votes[m.move_text(move)] =
          std::isinf(weight) ? nlohmann::json("proven") : nlohmann::json(weight);
    }
  }
  char sig[17];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(h));
  double rate = seconds > 0 ? static_cast<double>(stats.playouts) / seconds : 0;

  if (o.json) {
    nlohmann::json j = {{"game", o.game},       {"searcher", o.searcher},
                        {"machine", built.report}, {"seed", o.seed},
                        {"playouts", stats.playouts}, {"nodes", stats.nodes},
                        {"root_solved", stats.root_solved}, {"seconds", seconds},
                        {"playouts_per_s", rate},  {"signature", sig},
                        {"note", note}};
    for (const RoleResult& r : moves) j["moves"][r.role] = r.move, j["votes"][r.role] = r.votes;
    std::cout << j.dump() << '\n';
  } else {
    std::cout << "searcher: " << o.searcher << " (" << searcher->name() << ")"
              << "\nmachine: " << built.report << "\nseed: " << o.seed
              << "\nplayouts: " << stats.playouts << "\nnodes: " << stats.nodes
              << "\nroot solved: " << (stats.root_solved ? "yes" : "no")
              << "\nseconds: " << seconds << "\nplayouts/s: " << rate << '\n';
    if (!note.empty()) std::cout << "note: " << note << '\n';
    for (const RoleResult& r : moves) std::cout << "move " << r.role << ": " << r.move << '\n';
    std::cout << "signature: " << sig << '\n';
  }
  return 0;
}

void configure_search_bench_command(CLI::App* cmd) {
  static SearchBenchOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("--searcher", o.searcher, "searcher spec, e.g. uct:c=0.4 (see ggp match --help)");
  auto* playouts = cmd->add_option("--playouts", o.playouts, "playout budget of the search");
  cmd->add_option("--seconds", o.seconds, "a time budget instead of the playout budget")
      ->excludes(playouts)
      ->check(CLI::PositiveNumber);
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->add_option("--seed", o.seed, "the searcher's seed");
  cmd->add_flag("--json", o.json, "print one JSON object (with each role's root moves' weights)");
  cmd->add_option("--record", o.record, "a match record: search from one of its positions instead");
  cmd->add_option("--turn", o.turn, "with --record: the position after this many joint moves");
  cmd->add_option("--role", o.role, "the role the searcher plays, as in a match (the guard's)");
  cmd->callback([] { exit_status() = run_search_bench(o); });
}

const CommandRegistration search_bench_registration(
    "bench-search",
    "One search from the initial state (or a record's position) with a fixed budget: speed and "
    "signature",
    configure_search_bench_command);

}  // namespace
}  // namespace ggp::cli
