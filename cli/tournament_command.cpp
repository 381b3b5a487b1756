// `ggp tournament --game G... --player SPEC|host:port ... --out DIR` or `ggp tournament FILE.json`:
// a round robin over games, player groups and seats (tournament/plan.h), played into DIR and
// resumed there by the same command after any interruption (tournament/runner.h); then the
// summary as text, DIR/summary.json and DIR/report.html.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <thread>

#include "cli/commands.h"
#include "cli/player_spec.h"
#include "tournament/html_report.h"
#include "tournament/progress.h"
#include "tournament/results_log.h"
#include "tournament/runner.h"
#include "tournament/summary.h"
#include "tournament/tournament_file.h"

namespace ggp::cli {
namespace {

namespace fs = std::filesystem;
namespace tn = tournament;

struct TournamentOptions {
  std::string file;
  std::vector<std::string> games;
  std::vector<std::string> players;
  int matches = 2;
  int start_clock = 10;
  int play_clock = 5;
  int margin_ms = -1;
  bool over_http = false;
  std::string player_binary;
  int parallel = 1;
  uint64_t seed = 1;
  size_t max_turns = 5000;
  std::string anchor;
  std::string gauntlet;
  std::string out;
  std::string title;
  std::vector<std::string> notes;
  bool summary_only = false;
  CLI::App* cmd = nullptr;
};

// The command as typed, from /proc/self/cmdline: words with spaces or quotes single-quoted.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string out;
  size_t begin = 0;
  for (size_t end = text.find('\0'); end != std::string::npos; end = text.find('\0', begin)) {
    std::string word = text.substr(begin, end - begin);
    if (begin == 0) word = "ggp";
    if (word.find_first_of(" '\"$;&|*?") != std::string::npos) {
      std::string quoted = "'";
      for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
      word = quoted + "'";
    }
    out += (out.empty() ? "" : " ") + word;
    begin = end + 1;
  }
  return out;
}

bool given(const TournamentOptions& o, const char* flag) { return o.cmd->count(flag) > 0; }

// The file's tournament with the flags given on the command line laid over it, or the flags'.
tn::TournamentFile resolve(const TournamentOptions& o) {
  tn::TournamentFile f;
  if (!o.file.empty()) f = tn::read_tournament_file(o.file);
  // --game and --player given beside a file replace its games and players.
  if (!o.games.empty()) {
    f.spec.games.clear();
    f.views.clear();
    for (const std::string& g : o.games) {
      f.spec.games.push_back({fs::path(g).stem().string(), g});
      f.views.push_back({});
    }
  }
  if (!o.players.empty()) {
    f.spec.players.clear();
    for (const std::string& p : o.players) f.spec.players.push_back(tn::parse_player_argument(p));
    // The file's anchor and gauntlet stay only if they are among the new players.
    auto among = [&](const std::string& name) {
      return std::any_of(f.spec.players.begin(), f.spec.players.end(),
                         [&](const tn::PlayerEntry& p) { return p.name == name; });
    };
    if (!among(f.anchor)) f.anchor.clear();
    if (!among(f.spec.settings.gauntlet)) f.spec.settings.gauntlet.clear();
  }
  tn::Settings& s = f.spec.settings;
  const bool flags_only = o.file.empty();
  if (flags_only || given(o, "--matches")) s.matches = o.matches;
  if (flags_only || given(o, "--startclock")) s.start_clock = o.start_clock;
  if (flags_only || given(o, "--playclock")) s.play_clock = o.play_clock;
  if (flags_only || given(o, "--margin-ms")) s.margin_ms = o.margin_ms;
  if (flags_only || given(o, "--over-http")) s.over_http = s.over_http || o.over_http;
  if (flags_only || given(o, "--parallel")) s.parallel = o.parallel;
  if (flags_only || given(o, "--seed")) s.seed = o.seed;
  if (flags_only || given(o, "--max-turns")) s.max_turns = o.max_turns;
  if (!o.player_binary.empty())
    for (tn::PlayerEntry& p : f.spec.players)
      if (!tn::is_remote(p) && p.binary.empty()) p.binary = fs::absolute(o.player_binary).string();
  if (!o.anchor.empty()) f.anchor = o.anchor;
  if (!o.gauntlet.empty()) s.gauntlet = o.gauntlet;
  if (!o.out.empty()) f.out = o.out;
  if (!o.title.empty()) f.title = o.title;
  if (f.out.empty()) throw std::invalid_argument("give --out DIR (or \"out\" in the file)");
  if (s.play_clock < 1 || s.start_clock < 1 || s.parallel < 1 || s.matches < 1)
    throw std::invalid_argument("clocks, --parallel and --matches must be at least 1");
  return f;
}

std::string settings_note(const tn::TournamentSpec& spec, const tn::Tournament& t) {
  const tn::Settings& s = spec.settings;
  std::string note = std::to_string(t.schedule().size()) + " matches: start clock " +
                     std::to_string(s.start_clock) + " s, play clock " +
                     std::to_string(s.play_clock) + " s, margin " +
                     std::to_string(t.identity()["margin_ms"].get<int>()) + " ms, " +
                     (s.over_http ? "players over HTTP (ggp serve processes)"
                      : std::any_of(spec.players.begin(), spec.players.end(),
                                    [](const tn::PlayerEntry& p) { return !p.binary.empty(); })
                          ? "players in-process, those of another binary over HTTP"
                          : "players in-process") +
                     ", " + std::to_string(s.parallel) + " at once";
  return note;
}

int run_tournament(const TournamentOptions& o) {
  tn::TournamentFile f = resolve(o);
  for (const tn::PlayerEntry& p : f.spec.players)
    if (!tn::is_remote(p) && p.binary.empty())
      make_player_from_spec(p.spec, 1);  // fail early on a bad spec
  tn::Tournament t(f.spec);
  std::vector<std::string> games, players;
  for (const tn::GameEntry& g : f.spec.games) games.push_back(g.name);
  for (const tn::PlayerEntry& p : f.spec.players) players.push_back(p.name);
  size_t anchor = 0;
  if (f.anchor.empty()) f.anchor = f.spec.settings.gauntlet;
  if (!f.anchor.empty()) {
    anchor = static_cast<size_t>(std::find(players.begin(), players.end(), f.anchor) -
                                 players.begin());
    if (anchor == players.size())
      throw std::invalid_argument("the anchor '" + f.anchor + "' is none of the players");
  }
  const fs::path dir = f.out;

  std::vector<tn::MatchResult> results;
  if (o.summary_only) {
    if (!fs::exists(dir / "matches.jsonl"))
      throw std::runtime_error((dir / "matches.jsonl").string() + " does not exist");
    results = tn::ResultsLog(dir / "matches.jsonl").results();
  } else {
    std::cout << "tournament: " << games.size() << " games, " << players.size() << " players, "
              << settings_note(f.spec, t) << "; results in " << dir.string() << std::endl;
    if (auto warning = t.parallel_warning(std::thread::hardware_concurrency()))
      std::cerr << *warning << std::endl;
    tn::ProgressPrinter printer(std::cout, ::isatty(STDOUT_FILENO) != 0);
    tn::RunHooks hooks;
    hooks.make_player = [](const std::string& spec, uint64_t seed) {
      return make_player_from_spec(spec, seed);
    };
    // This very executable, even when a rebuild has replaced the file since it started.
    hooks.ggp_binary = "/proc/self/exe";
    bool first = true;
    hooks.progress = [&](const tn::Progress& p) {
      if (first && p.done_before > 0)
        std::cout << p.done_before << " of " << p.total << " matches played already (in "
                  << (dir / "matches.jsonl").string() << "); playing the other "
                  << p.total - p.done_before << std::endl;
      first = false;
      printer.update(p);
    };
    try {
      results = t.run(dir, hooks);
    } catch (...) {
      printer.finish();
      throw;
    }
    printer.finish();
  }

  const tn::Summary summary = tn::summarise(games, players, results, anchor);
  std::cout << '\n' << tn::to_text(summary);
  tn::write_file_durably(dir / "summary.json", tn::to_json(summary).dump(2) + '\n');
  tn::ReportInput report;
  report.title = f.title.empty() ? "Tournament" : f.title;
  report.notes.push_back(settings_note(f.spec, t));
  report.notes.push_back("command: " + command_line());
  for (const std::string& n : o.notes) report.notes.push_back(n);
  report.summary = summary;
  report.results = results;
  report.dir = dir;
  report.views = f.views;
  tn::write_file_durably(dir / "report.html", tn::html_report(report));
  std::cout << "\nwrote " << (dir / "summary.json").string() << " and "
            << (dir / "report.html").string() << '\n';
  return 0;
}

void configure_tournament_command(CLI::App* cmd) {
  static TournamentOptions o;
  o.cmd = cmd;
  cmd->add_option("file", o.file,
                  "a tournament file (JSON); flags given beside it replace its settings, --game "
                  "and --player its games and players");
  cmd->add_option("--game", o.games, "a .kif file (repeat for more games)");
  cmd->add_option("--player", o.players,
                  "NAME=SPEC, SPEC or host:port (a remote GGP player); repeat, at least as many "
                  "as the games have roles. SPEC: " +
                      player_spec_help());
  cmd->add_option("--matches", o.matches,
                  "matches per game and group of players (rounded up to a multiple of the roles)")
      ->capture_default_str();
  cmd->add_option("--startclock", o.start_clock, "seconds")->capture_default_str();
  cmd->add_option("--playclock", o.play_clock, "seconds")->capture_default_str();
  cmd->add_option("--margin-ms", o.margin_ms,
                  "local players keep this back from every clock (default 300 in-process, 800 "
                  "over HTTP)");
  cmd->add_flag("--over-http", o.over_http,
                "every local player is its own `ggp serve` process, driven over HTTP");
  cmd->add_option("--player-binary", o.player_binary,
                  "run the local players as `PATH serve` processes (another ggp build; over "
                  "HTTP)");
  cmd->add_option("--parallel", o.parallel, "matches at once")->capture_default_str();
  cmd->add_option("--seed", o.seed, "seed of the players and the replacement moves")
      ->capture_default_str();
  cmd->add_option("--max-turns", o.max_turns, "abort a match not over after this many turns")
      ->capture_default_str();
  cmd->add_option("--anchor", o.anchor, "the player rated 0 (default: the gauntlet, else the first)");
  cmd->add_option("--gauntlet", o.gauntlet,
                  "a player's name: play only the groups that include it (all against it)");
  cmd->add_option("--out", o.out, "the folder of the results (resumes what it holds)");
  cmd->add_option("--title", o.title, "the report's title");
  cmd->add_option("--note", o.notes, "a line for the report (e.g. the commit); repeatable");
  cmd->add_flag("--summary-only", o.summary_only,
                "play nothing: summarise and report what DIR holds");
  cmd->callback([] { exit_status() = run_tournament(o); });
}

const CommandRegistration tournament_registration(
    "tournament",
    "Round robin over games, players and seats; resumable; summary, ratings and HTML report",
    configure_tournament_command);

}  // namespace
}  // namespace ggp::cli
