#pragma once
// Plays a tournament's schedule into a folder, resuming where a previous run of the same
// tournament stopped:
//   DIR/tournament.json   what is played (games and their rules' fingerprints, players, clocks);
//                         a later run with other games, players or clocks is refused
//   DIR/matches.jsonl     one line per finished match (tournament/results_log.h), the truth
//   DIR/records/ID.json   each match in GGP-Base's match JSON, written before its log line
//   DIR/players/*.log     the output of the `ggp serve` processes (--over-http): a line per
//                         message, with the player's notes
// Up to `parallel` matches run at once. In-process players are built per match by `make_player`;
// with --over-http each local player is one `ggp serve` process per match it plays at once
// (started on demand, reused between matches), and its CPU time over each match is measured. A
// remote player (host:port) plays one match at a time.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/player.h"
#include "gdl/ast.h"
#include "server_protocol/messages.h"
#include "tournament/plan.h"
#include "tournament/results_log.h"

namespace ggp::tournament {

using PlayerMaker =
    std::function<std::unique_ptr<agent::Player>(const std::string& spec, uint64_t seed)>;

// Where the run is, for progress displays.
struct Progress {
  size_t total = 0;        // scheduled matches
  size_t done = 0;         // finished, including those of earlier runs
  size_t done_before = 0;  // finished by earlier runs
  size_t running = 0;      // matches being played now
  size_t turns = 0;        // turns played in the running matches
  const MatchResult* finished = nullptr;  // the match that just ended, if that is the event
};

struct RunHooks {
  PlayerMaker make_player;     // in-process players
  std::string ggp_binary;      // the executable to run as `ggp serve` (--over-http)
  std::function<void(const Progress&)> progress;  // from worker threads, one call at a time
};

// A loaded game: its rules as a manager sends them, the validated game, its roles.
struct LoadedGame {
  std::shared_ptr<const server_protocol::RuleSheet> sheet;
  std::shared_ptr<const gdl::Game> game;
  std::vector<std::string> roles;
  uint64_t fingerprint = 0;  // of the rules' text
};

class Tournament {
 public:
  // Reads and validates the games and makes the schedule. Throws what loading or
  // make_schedule throws.
  explicit Tournament(TournamentSpec spec);

  const TournamentSpec& spec() const { return spec_; }
  const std::vector<LoadedGame>& games() const { return games_; }
  const std::vector<ScheduledMatch>& schedule() const { return schedule_; }

  // The warning to print when `parallel` matches at once ask for more threads than the machine
  // has cores (every local player of a match searches on every turn), else nullopt.
  std::optional<std::string> parallel_warning(unsigned cores) const;

  // Plays every scheduled match not yet in `dir`'s log; returns every logged result (earlier runs
  // included), in the order they finished. Throws std::runtime_error when `dir` holds another
  // tournament, and rethrows the first failure of a match (a player that cannot be started, a
  // record that cannot be written) once the matches already running have ended.
  std::vector<MatchResult> run(const std::filesystem::path& dir, const RunHooks& hooks);

  // What DIR/tournament.json holds: the parts that must not change between runs, and the rest.
  nlohmann::json identity() const;

 private:
  TournamentSpec spec_;
  std::vector<LoadedGame> games_;
  std::vector<ScheduledMatch> schedule_;
};

// FNV-1a, 64 bits: fingerprints and seeds that are the same on every machine.
uint64_t fnv1a(const std::string& text);

}  // namespace ggp::tournament
