// `ggp bench GAME.kif [--machine M] [--seconds S] [--batch N] [--json]`: uniform random playouts
// from the initial state, goals read at the end. Prints playouts/s, states/s, average depth,
// each role's mean goal, set-up time, peak memory, playouts per CPU second, and a signature: a
// hash of the first 100 playouts with a fixed seed (their depths, final states as text and
// goals), which changes when the machine's behaviour does. With --batch, the playouts are asked
// for N at a time (StateMachine::random_playouts: the propnet plays them bit-parallel).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/cpu_clock.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"

namespace ggp::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct BenchOptions {
  std::string game, machine = "default";
  double seconds = 5;
  int signature_playouts = 100;  // playouts hashed into the signature (0: none)
  size_t batch = 0;              // playouts per random_playouts call (0: depth_charge one by one)
  bool greedy = false;           // reasoner::PlayoutPolicy::Greedy instead of uniform moves
  bool json = false;
};

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }
uint64_t mix(uint64_t h, const std::string& s) {
  for (unsigned char c : s) h = mix(h, c);
  return mix(h, 0xff);
}

uint64_t signature(reasoner::StateMachine& m, int playouts) {
  reasoner::Random rng(20261121);
  reasoner::PlayoutBuffers buffers;
  uint64_t h = 0xcbf29ce484222325ull;
  reasoner::State start = m.initial_state();
  for (int i = 0; i < playouts; ++i) {
    const reasoner::State* end = nullptr;
    reasoner::PlayoutResult r = reasoner::depth_charge(m, start, rng, buffers, end);
    h = mix(h, r.depth);
    for (const std::string& f : reasoner::state_texts(m, *end)) h = mix(h, f);
    for (reasoner::GoalValue g : reasoner::goals(m, *end)) h = mix(h, static_cast<uint64_t>(g + 2));
  }
  return h;
}

int run_bench(const BenchOptions& o) {
  auto t0 = Clock::now();
  auto game = gdl::load_game_file(o.game);
  propnet::BuiltMachine built = propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
  reasoner::StateMachine& m = *built.machine;
  reasoner::State start = m.initial_state();
  double setup_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  uint64_t sig = signature(m, o.signature_playouts);

  reasoner::Random rng(1);
  reasoner::PlayoutBuffers buffers;
  const auto policy = o.greedy ? reasoner::PlayoutPolicy::Greedy : reasoner::PlayoutPolicy::Random;
  uint64_t playouts = 0, states = 0, unsafe = 0;
  std::vector<double> goal_sums(m.num_roles(), 0.0);
  auto t1 = Clock::now();
  double cpu0 = reasoner::cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
  double elapsed = 0;
  while (elapsed < o.seconds) {  // the clock after every call: slow games overshoot little
    if (o.batch > 0) {
      reasoner::PlayoutTally t = m.random_playouts(start, o.batch, rng, goal_sums, 100000, policy);
      playouts += o.batch;
      states += t.steps + o.batch;
      unsafe += t.unsafe_picks;
    } else {
      const reasoner::State* end = nullptr;
      reasoner::PlayoutResult r =
          reasoner::depth_charge(m, start, rng, buffers, end, 100000, nullptr, policy);
      for (reasoner::RoleIndex role = 0; role < m.num_roles(); ++role)
        goal_sums[role] += std::max(m.goal(*end, role), 0);
      ++playouts;
      states += r.depth + 1;
      unsafe += r.unsafe_picks;
    }
    elapsed = std::chrono::duration<double>(Clock::now() - t1).count();
  }
  double cpu = reasoner::cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  double peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
  double pps = static_cast<double>(playouts) / elapsed;
  double sps = static_cast<double>(states) / elapsed;
  double depth = static_cast<double>(states - playouts) / static_cast<double>(playouts);
  double pps_cpu = static_cast<double>(playouts) / cpu;
  // Greedy: how often the uniformly random move would have handed the next mover a win at once.
  const double unsafe_rate = static_cast<double>(unsafe) / static_cast<double>(states - playouts);
  std::vector<double> mean_goals;
  for (double g : goal_sums) mean_goals.push_back(g / static_cast<double>(playouts));
  char sig_text[17];
  std::snprintf(sig_text, sizeof sig_text, "%016llx", static_cast<unsigned long long>(sig));
  if (o.json) {
    nlohmann::json j = {{"game", o.game},          {"machine", built.report},
                        {"playouts_per_s", pps},   {"states_per_s", sps},
                        {"average_depth", depth},  {"setup_ms", setup_ms},
                        {"peak_memory_mb", peak_mb}, {"playouts", playouts},
                        {"seconds", elapsed},      {"signature", sig_text},
                        {"playouts_per_cpu_s", pps_cpu}, {"batch", o.batch},
                        {"policy", o.greedy ? "greedy" : "random"},
                        {"unsafe_picks_per_move", unsafe_rate},
                        {"mean_goals", mean_goals}};
    std::cout << j.dump() << '\n';
  } else {
    std::cout << "machine: " << built.report << "\nplayouts/s: " << pps
              << "\nplayouts per CPU second: " << pps_cpu << "\nstates/s: " << sps
              << "\naverage depth: " << depth << "\nmean goals:";
    for (double g : mean_goals) std::cout << ' ' << g;
    std::cout << "\nbatch: " << o.batch
              << "\npolicy: " << (o.greedy ? "greedy" : "random");
    if (o.greedy) std::cout << "\nunsafe random picks per move: " << unsafe_rate;
    std::cout << "\nset-up ms: " << setup_ms
              << "\npeak memory MB: " << peak_mb << "\nplayouts: " << playouts
              << "\nsignature: " << sig_text << " (" << o.signature_playouts << " playouts)\n";
    for (const std::string& note : reasoner::prover_notes(m)) std::cout << "note: " << note << '\n';
  }
  return 0;
}

void configure_bench_command(CLI::App* cmd) {
  static BenchOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->add_option("--seconds", o.seconds, "how long to run the timed playouts");
  cmd->add_option("--signature-playouts", o.signature_playouts,
                  "seeded playouts hashed into the signature (default 100; fewer for slow games)");
  cmd->add_option("--batch", o.batch,
                  "ask the machine for N playouts at a time (the propnet plays 64 bit-parallel)");
  cmd->add_flag("--greedy", o.greedy,
                "greedy playouts: a win at once is taken, a move that lets the next mover win at "
                "once avoided");
  cmd->add_flag("--json", o.json, "print one JSON object");
  cmd->callback([] { exit_status() = run_bench(o); });
}

const CommandRegistration bench_registration(
    "bench", "Random playouts per second on a game", configure_bench_command);

}  // namespace
}  // namespace ggp::cli
