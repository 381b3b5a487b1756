// `ggp bench-prove GAME.kif [--positions N] [--plies P] [--seconds S] [--states N] [--local]
// [--warmup W] [--seed S] [--json]`: the forced-win proofs of the proof thread
// (agent/root_proofs.h) alone, on positions of random games. Each position is a state, drawn
// uniformly, of one seeded random game where one role has a choice; a fresh search deepens there
// up to P turns, for S seconds or N states. Before, W greedy playouts from the initial state let
// the machine learn the moves that end games (the hint of the proof search's last turn, as in play
// where greedy playouts are on). `--local`: the attacker's local moves only (agent/forced_win.h).
// Prints per position the depth reached, the states searched, the moves proven lost and a win
// found; then the totals and states per second. The states and proofs of a position that reached
// P are the same on every run (a signature over them); the depth a time limit allows is not.
//
// With `--record MATCH.json --turn N` (a match record of GGP-Base's form, as `ggp tournament`
// writes them), the one position after the record's first N joint moves instead: the role that
// chooses there is named ("mover: ROLE"), and each root move proven lost or won: what the proof
// thread would have told the player there.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <nlohmann/json.hpp>

#include "agent/root_proofs.h"
#include "cli/commands.h"
#include "cli/record_position.h"
#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "reasoner/playout.h"
#include "reasoner/random.h"

namespace ggp::cli {
namespace {

using Clock = std::chrono::steady_clock;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

struct ProveBenchOptions {
  std::string game, machine = "default", record;
  size_t turn = 0;
  size_t positions = 20, warmup = 4096;
  int plies = 7;
  double seconds = 5;
  uint64_t seed = 1, states = 0;
  bool json = false, local = false;
};

// The only role with more than one legal move in `state`, or -1 (none, or both).
int only_chooser(reasoner::StateMachine& m, const State& state) {
  int chooser = -1;
  for (RoleIndex r = 0; r < 2; ++r) {
    if (m.legal_moves(state, r).size() <= 1) continue;
    if (chooser >= 0) return -1;
    chooser = static_cast<int>(r);
  }
  return chooser;
}

// The root of a proof search at `state`, where only_chooser() is a role.
agent::ProofRoot proof_root(reasoner::StateMachine& m, const State& state) {
  agent::ProofRoot root{state, static_cast<RoleIndex>(only_chooser(m, state)), {}, 0};
  const std::span<const MoveId> moves = m.legal_moves(state, root.mover);
  root.moves.assign(moves.begin(), moves.end());
  root.other_move = m.legal_moves(state, 1 - root.mover)[0];
  return root;
}

// A state of one random game from the initial state where exactly one role has a choice; none
// when the game has no such state.
std::optional<agent::ProofRoot> random_position(reasoner::StateMachine& m, reasoner::Random& rng) {
  std::vector<State> seen;
  State state = m.initial_state(), next;
  reasoner::JointMove joint;
  while (!m.is_terminal(state)) {
    if (only_chooser(m, state) >= 0) seen.push_back(state);
    if (!reasoner::random_joint_move(m, state, rng, joint)) return std::nullopt;
    m.next_state(state, joint, next);
    std::swap(state, next);
  }
  if (seen.empty()) return std::nullopt;
  return proof_root(m, seen[rng.below(static_cast<uint32_t>(seen.size()))]);
}

// The position after the first `turns` joint moves of the match record at `path`.
agent::ProofRoot record_position(reasoner::StateMachine& m, const std::string& path, size_t turns) {
  const State state = record_state(m, path, turns);
  if (m.is_terminal(state) || only_chooser(m, state) < 0)
    throw std::runtime_error("after turn " + std::to_string(turns) + " no one role has a choice");
  return proof_root(m, state);
}

struct PositionResult {
  int plies = 0;  // every root move proven to this depth
  uint64_t states = 0;
  size_t lost = 0;
  bool won = false;
  double seconds = 0;
};

PositionResult prove_position(reasoner::StateMachine& m, const agent::ProofRoot& root,
                              const ProveBenchOptions& o) {
  agent::ForcedWinSearch search(m);
  search.set_ending_hint(m.moves_seen_ending());
  search.set_local(o.local);
  PositionResult r;
  agent::SearchLimits limits;
  const auto t0 = Clock::now();
  limits.deadline = t0 + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(o.seconds));
  agent::RootProofEvents events;
  events.proven = [&](size_t move, RoleIndex winner, int turns) {
    if (winner == root.mover) r.won = true;
    else ++r.lost;
    if (!o.record.empty())
      std::printf("%s: %s within %d turns\n", m.move_text(root.moves[move]).c_str(),
                  winner == root.mover ? "won" : "lost", turns);
  };
  events.depth_done = [&](int plies) {
    r.plies = plies;
    return true;
  };
  agent::prove_root(search, m, root, o.plies, limits, events,
                    o.states > 0 ? o.states : agent::kUnlimitedStates);
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  r.states = search.nodes();
  return r;
}

int run_prove_bench(const ProveBenchOptions& o) {
  auto game = gdl::load_game_file(o.game);
  propnet::BuiltMachine built = propnet::make_machine(game, propnet::parse_machine_kind(o.machine));
  reasoner::StateMachine& m = *built.machine;
  if (m.num_roles() != 2) {
    std::cerr << "bench-prove: " << o.game << " has " << m.num_roles()
              << " roles; the proof search is for two\n";
    return 1;
  }
  reasoner::Random rng(o.seed);
  std::vector<double> sums(2);
  // Greedy playouts: the lanes learn the moves that end games only there (as in play, where
  // greedy playouts are on).
  if (o.warmup > 0)
    m.random_playouts(m.initial_state(), o.warmup, rng, sums, 100000,
                      reasoner::PlayoutPolicy::Greedy);

  nlohmann::json rows = nlohmann::json::array();
  uint64_t states = 0, deepest_states = 0, signature = 0xcbf29ce484222325ull;
  size_t deepest = 0, lost = 0, won = 0;
  double seconds = 0, depth_sum = 0;
  for (size_t k = 0; k < o.positions; ++k) {
    std::optional<agent::ProofRoot> root;
    if (!o.record.empty()) {
      root = record_position(m, o.record, o.turn);
      if (!o.json) std::printf("mover: %s\n", m.role_name(root->mover).c_str());
    }
    for (int tries = 0; tries < 100 && !root; ++tries) root = random_position(m, rng);
    if (!root) {
      std::cerr << "bench-prove: no position where one role chooses in 100 random games\n";
      return 1;
    }
    const PositionResult r = prove_position(m, *root, o);
    states += r.states;
    seconds += r.seconds;
    depth_sum += r.plies;
    lost += r.lost;
    won += r.won ? 1 : 0;
    if (r.plies >= o.plies - 1 || r.won) {  // the last odd depth <= plies was reached
      ++deepest;
      deepest_states += r.states;
      for (const uint64_t v : {r.states, uint64_t{r.lost}, uint64_t{r.won}})
        signature = reasoner::splitmix64(signature ^ reasoner::splitmix64(v));
    }
    rows.push_back({{"moves", root->moves.size()}, {"plies", r.plies}, {"states", r.states},
                    {"lost", r.lost}, {"won", r.won}, {"seconds", r.seconds}});
    if (!o.json)
      std::printf("position %zu: %zu moves, all to %d turns, %llu states, %zu lost, %s, %.2f s\n",
                  k + 1, root->moves.size(), r.plies, static_cast<unsigned long long>(r.states),
                  r.lost, r.won ? "won" : "no win", r.seconds);
  }
  const double rate = seconds > 0 ? static_cast<double>(states) / seconds : 0;
  char sig[17];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(signature));
  if (o.json) {
    std::cout << nlohmann::json{{"game", o.game},
                                {"machine", built.report},
                                {"plies", o.plies},
                                {"seconds_per_position", o.seconds},
                                {"positions", rows},
                                {"states", states},
                                {"states_per_s", rate},
                                {"mean_plies", depth_sum / static_cast<double>(o.positions)},
                                {"deepest", deepest},
                                {"deepest_states", deepest_states},
                                {"signature", sig}}
                     .dump()
              << '\n';
  } else {
    std::printf(
        "machine: %s\npositions: %zu (to %d turns or %.1f s each)\nmean depth: %.2f turns\n"
        "to the full depth or won: %zu, with %llu states\nmoves proven lost: %zu, wins: %zu\n"
        "states: %llu in %.2f s, %.0f states/s\nsignature: %s\n",
        built.report.c_str(), o.positions, o.plies, o.seconds,
        depth_sum / static_cast<double>(o.positions), deepest,
        static_cast<unsigned long long>(deepest_states), lost, won,
        static_cast<unsigned long long>(states), seconds, rate, sig);
  }
  return 0;
}

void configure_prove_bench_command(CLI::App* cmd) {
  static ProveBenchOptions o;
  cmd->add_option("game", o.game, "the .kif file (two roles)")->required();
  cmd->add_option("--positions", o.positions, "positions, each from one random game");
  cmd->add_option("--plies", o.plies, "the depth to deepen to, in turns (odd)");
  cmd->add_option("--seconds", o.seconds, "the time limit per position");
  cmd->add_option("--states", o.states, "a limit of states searched per position (0: none)");
  cmd->add_flag("--local", o.local, "the attacker tries only local moves below its first");
  cmd->add_option("--warmup", o.warmup, "random playouts before, to learn the moves ending games");
  cmd->add_option("--machine", o.machine, "prover, propnet or default");
  cmd->add_option("--seed", o.seed, "the seed of the random games");
  cmd->add_flag("--json", o.json, "print one JSON object");
  cmd->add_option("--record", o.record, "a match record: prove at one of its positions instead");
  cmd->add_option("--turn", o.turn, "with --record: the position after this many joint moves");
  cmd->callback([] {
    if (!o.record.empty()) o.positions = 1;
    exit_status() = run_prove_bench(o);
  });
}

const CommandRegistration prove_bench_registration(
    "bench-prove",
    "Forced-win proofs alone on positions of random games: depth and states/s",
    configure_prove_bench_command);

}  // namespace
}  // namespace ggp::cli
