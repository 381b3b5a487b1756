// `ggp bench-corpus [--manifest M] [--filter S] [--budget B] [--seconds S] [--csv F] [--json F]`:
// builds the propnet of every in-scope corpus game (manifest rows without gdl2_out_of_scope) within
// the build budget, times random playouts on the propnet and on the prover, and writes one row per
// game: game, build ms, components, bytes, propnet and prover playouts/s, their ratio, or why the
// propnet did not build (the prover then is not timed). Playouts/s count CPU time of this process
// (the machine is shared).
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "reasoner/cpu_clock.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"

namespace ggp::cli {
namespace {

struct CorpusOptions {
  std::string manifest = "../shared/games/manifest.tsv";
  std::string filter, from, csv, json;
  double budget = 5.0;   // seconds to build one propnet (the default machine's budget)
  double seconds = 0.5;  // of playouts per machine and game
  bool prover = true;
};

// Random playouts from the initial state for `seconds` of CPU time; playouts per second.
double playouts_per_second(reasoner::StateMachine& m, double seconds) {
  reasoner::Random rng(1);
  reasoner::PlayoutBuffers buffers;
  reasoner::State start = m.initial_state();
  size_t playouts = 0;
  double t0 = reasoner::cpu_seconds(CLOCK_PROCESS_CPUTIME_ID), elapsed = 0;
  while (elapsed < seconds) {
    const reasoner::State* end = nullptr;
    reasoner::depth_charge(m, start, rng, buffers, end, 10000);
    for (reasoner::RoleIndex r = 0; r < m.num_roles(); ++r) m.goal(*end, r);
    ++playouts;
    elapsed = reasoner::cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
  }
  return static_cast<double>(playouts) / elapsed;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
  return cells;
}

int run_bench_corpus(const CorpusOptions& o) {
  std::ifstream in(o.manifest);
  if (!in) {
    std::cerr << "cannot read " << o.manifest << '\n';
    return 1;
  }
  const std::string games_dir = o.manifest.substr(0, o.manifest.find_last_of('/') + 1);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header = split(line);
  auto column = [&](const std::vector<std::string>& cells, const std::string& name) -> std::string {
    for (size_t i = 0; i < header.size() && i < cells.size(); ++i)
      if (header[i] == name) return cells[i];
    return "";
  };
  nlohmann::json rows = nlohmann::json::array();
  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    csv << "game,build_ms,components,bytes,propnet_playouts_per_s,prover_playouts_per_s,ratio,error\n";
  }
  bool started = o.from.empty();
  while (std::getline(in, line)) {
    std::vector<std::string> cells = split(line);
    if (column(cells, "gdl2_out_of_scope") == "true") continue;
    std::string game = column(cells, "source") + "/" + column(cells, "gamekey");
    if (!o.filter.empty() && game.find(o.filter) == std::string::npos) continue;
    if (!started) {
      if (game != o.from) continue;
      started = true;
    }
    nlohmann::json row = {{"game", game}};
    double propnet_pps = 0, prover_pps = 0;
    try {
      auto rules = gdl::load_game_file(games_dir + column(cells, "path"));
      try {
        propnet::PropnetLimits limits;
        limits.seconds = o.budget;
        propnet::PropnetStats stats;
        auto machine = propnet::make_propnet(rules, limits, &stats);
        row["build_ms"] = stats.build_ms;
        row["components"] = stats.gates;
        row["bytes"] = stats.bytes;
        propnet_pps = playouts_per_second(*machine, o.seconds);
        row["propnet_playouts_per_s"] = propnet_pps;
      } catch (const std::exception& e) {
        row["error"] = e.what();
      }
      if (o.prover && propnet_pps > 0) {  // only beside a propnet: the ratio needs both
        try {
          auto prover = reasoner::make_prover(rules);
          prover_pps = playouts_per_second(*prover, o.seconds);
          row["prover_playouts_per_s"] = prover_pps;
        } catch (const std::exception& e) {
          if (!row.contains("error")) row["error"] = std::string("prover: ") + e.what();
        }
      }
    } catch (const std::exception& e) {
      row["error"] = e.what();
    }
    if (propnet_pps > 0 && prover_pps > 0) row["ratio"] = propnet_pps / prover_pps;
    auto field = [&](const char* key) {
      if (!row.contains(key)) return std::string();
      std::ostringstream s;
      s << row[key].get<double>();
      return s.str();
    };
    std::string error = row.contains("error") ? row["error"].get<std::string>() : "";
    for (char& c : error)
      if (c == ',' || c == '\n') c = ';';
    std::string text = game + "," + field("build_ms") + "," + field("components") + "," +
                       field("bytes") + "," + field("propnet_playouts_per_s") + "," +
                       field("prover_playouts_per_s") + "," + field("ratio") + "," + error;
    std::cout << text << std::endl;
    if (csv.is_open()) csv << text << '\n';
    rows.push_back(row);
  }
  if (!o.json.empty()) std::ofstream(o.json) << rows.dump(1) << '\n';
  return 0;
}

void configure_bench_corpus_command(CLI::App* cmd) {
  static CorpusOptions o;
  cmd->add_option("--manifest", o.manifest, "the corpus manifest.tsv (games beside it)");
  cmd->add_option("--filter", o.filter, "only games whose source/key contains this");
  cmd->add_option("--from", o.from, "start at this source/key (resume a run)");
  cmd->add_option("--budget", o.budget, "seconds to build one propnet");
  cmd->add_option("--seconds", o.seconds, "CPU seconds of playouts per machine and game");
  cmd->add_option("--csv", o.csv, "write the table as CSV");
  cmd->add_option("--json", o.json, "write the table as JSON");
  cmd->add_flag("!--no-prover", o.prover, "skip the prover");
  cmd->callback([] { exit_status() = run_bench_corpus(o); });
}

const CommandRegistration bench_corpus_registration(
    "bench-corpus",
    "Build the propnet of every corpus game and time it against the prover",
    configure_bench_corpus_command);

}  // namespace
}  // namespace ggp::cli
