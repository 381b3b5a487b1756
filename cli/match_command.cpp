// `ggp match GAME.kif --player SPEC|host:port ...`: the game manager. Plays N matches, rotating the
// seats between games, prints each move (with --show the board), the goals and, at the end, each
// player's win rate with a 95% Wilson interval (a draw counts half a win). Exit status 1 when a
// match was aborted.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "cli/player_spec.h"
#include "manager/board_view.h"
#include "manager/game_manager.h"
#include "manager/http_client.h"
#include "tournament/ratings.h"

namespace ggp::cli {
namespace {

namespace mg = manager;
namespace sp = server_protocol;

struct MatchOptions {
  std::string game;
  std::vector<std::string> players;
  int games = 1;
  int start_clock = 10;
  int play_clock = 5;
  uint64_t seed = 1;
  std::string json;
  bool show = false;
  int margin_ms = 300;
  size_t max_turns = 5000;
};

struct Tally {
  double score = 0;  // wins + draws / 2
  int wins = 0, draws = 0, losses = 0;
  double goal_sum = 0;
  std::string host_name;  // the name the player gave to INFO, if other than its seat's
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string numbered_path(const std::string& path, int game, int games) {
  if (games == 1) return path;
  size_t dot = path.rfind('.');
  if (dot == std::string::npos || path.find('/', dot) != std::string::npos) dot = path.size();
  return path.substr(0, dot) + '-' + std::to_string(game) + path.substr(dot);
}

std::string game_base_name(const std::string& path) {
  std::string base = path.substr(path.find_last_of('/') + 1);
  return base.substr(0, base.rfind('.'));
}

void show_turn(const mg::TurnReport& t, const std::vector<std::string>& roles,
               reasoner::StateMachine& ref, bool show) {
  std::cout << "turn " << t.turn << ':';
  for (size_t r = 0; r < roles.size(); ++r) {
    std::cout << "  " << roles[r] << ' ' << t.moves[r];
    if (!t.errors[r].empty()) std::cout << " [" << t.errors[r] << ": " << t.details[r] << ']';
  }
  std::cout << '\n';
  if (show) std::cout << mg::render_state_view(reasoner::state_texts(ref, *t.state));
}

int run_match(const MatchOptions& o) {
  auto sheet = sp::read_rule_sheet(read_file(o.game), o.game);
  auto game = sp::load_rule_sheet(*sheet, o.game);
  mg::GameManager manager(sheet, game);
  const std::vector<std::string> roles = reasoner::role_names(manager.referee());
  const size_t n = roles.size();
  if (o.players.size() != n)
    throw std::invalid_argument("the game has " + std::to_string(n) + " roles; give one --player each");

  std::vector<std::unique_ptr<mg::Seat>> seats;
  for (size_t i = 0; i < n; ++i) {
    const std::string& spec = o.players[i];
    if (mg::is_endpoint(spec)) {
      seats.push_back(std::make_unique<mg::RemoteSeat>(spec));
      continue;
    }
    make_player_from_spec(spec, o.seed);  // fail early on a bad spec
    sp::ServiceConfig config;
    config.name = spec + "#" + std::to_string(i + 1);
    config.margin = std::chrono::milliseconds(o.margin_ms);
    config.seed = o.seed + 101 * (i + 1);
    auto counter = std::make_shared<uint64_t>(0);
    const uint64_t seed = o.seed + 1000003 * (i + 1);
    seats.push_back(std::make_unique<mg::LocalSeat>(config.name, config, [spec, seed, counter] {
      return make_player_from_spec(spec, seed + ++*counter);
    }));
  }

  std::vector<Tally> tallies(n);
  int aborted = 0;
  double worst_reply_ms = 0;
  std::map<std::string, int> error_counts;  // "" counts the good replies
  for (int g = 0; g < o.games; ++g) {
    // Player p sits in role (p + g) mod n: seats rotate between games.
    std::vector<mg::Seat*> table(n);
    std::vector<size_t> player_of_role(n);
    for (size_t p = 0; p < n; ++p) {
      player_of_role[(p + g) % n] = p;
      table[(p + g) % n] = seats[p].get();
    }
    mg::MatchSettings settings;
    settings.match_id = "ggp." + game_base_name(o.game) + "." + std::to_string(mg::epoch_ms()) +
                        "." + std::to_string(g + 1);
    settings.start_clock = o.start_clock;
    settings.play_clock = o.play_clock;
    settings.seed = o.seed + static_cast<uint64_t>(g);
    settings.game_name = game_base_name(o.game);
    settings.max_turns = o.max_turns;

    std::cout << "match " << g + 1 << '/' << o.games << ' ' << settings.match_id << ':';
    for (size_t r = 0; r < n; ++r) std::cout << ' ' << roles[r] << '=' << table[r]->name();
    std::cout << '\n';
    if (o.show)
      std::cout << mg::render_state_view(reasoner::state_texts(
          manager.referee(), manager.referee().initial_state()));
    mg::MatchRecord rec = manager.run(table, settings, [&](const mg::TurnReport& t) {
      for (double ms : t.reply_ms) worst_reply_ms = std::max(worst_reply_ms, ms);
      for (const std::string& e : t.errors) ++error_counts[e];
      show_turn(t, roles, manager.referee(), o.show);
    });
    if (!o.json.empty()) {
      std::ofstream out(numbered_path(o.json, g + 1, o.games));
      out << rec.to_json().dump(2) << '\n';
    }
    if (rec.is_aborted) {
      ++aborted;
      std::cout << "aborted: " << rec.abort_reason << '\n';
      continue;
    }
    const int best = *std::max_element(rec.goal_values.begin(), rec.goal_values.end());
    const int winners = static_cast<int>(std::count(rec.goal_values.begin(), rec.goal_values.end(), best));
    std::cout << "goals:";
    for (size_t r = 0; r < n; ++r) {
      const int goal = rec.goal_values[r];
      std::cout << ' ' << roles[r] << '=' << goal;
      Tally& t = tallies[player_of_role[r]];
      if (rec.player_names[r] != seats[player_of_role[r]]->name()) t.host_name = rec.player_names[r];
      t.goal_sum += goal;
      // One role: a win is the top score. Several: the best goal alone wins, shared best draws.
      const bool win = n == 1 ? goal == 100 : goal == best && winners == 1;
      const bool draw = n > 1 && goal == best && winners > 1;
      t.wins += win;
      t.draws += draw;
      t.losses += !win && !draw;
      t.score += win ? 1.0 : draw ? 0.5 : 0.0;
    }
    if (!rec.goal_problem.empty()) std::cout << " (" << rec.goal_problem << ')';
    std::cout << '\n';
  }

  const int played = o.games - aborted;
  std::cout << "summary over " << played << " completed matches (" << aborted << " aborted), "
            << "slowest PLAY reply " << std::fixed << std::setprecision(1) << worst_reply_ms
            << " ms (play clock " << o.play_clock << " s); PLAY replies " << error_counts[""]
            << " good, " << error_counts["TO"] << " late (TO), " << error_counts["IL"]
            << " illegal (IL), " << error_counts["CE"] << " failed (CE):\n"
            << std::defaultfloat;
  for (size_t p = 0; p < n; ++p) {
    const Tally& t = tallies[p];
    const std::string name =
        seats[p]->name() + (t.host_name.empty() ? "" : " (" + t.host_name + ")");
    auto [lo, hi] = tournament::wilson_interval(t.score, played);
    char line[256];
    std::snprintf(line, sizeof line,
                  "  player %zu %s: %d wins %d draws %d losses, win rate %.1f%% (95%% CI "
                  "%.1f%%-%.1f%%), mean goal %.1f\n",
                  p + 1, name.c_str(), t.wins, t.draws, t.losses,
                  played ? 100.0 * t.score / played : 0.0, 100 * lo, 100 * hi,
                  played ? t.goal_sum / played : 0.0);
    std::cout << line;
  }
  return aborted == 0 ? 0 : 1;
}

void configure_match_command(CLI::App* cmd) {
  static MatchOptions o;
  cmd->add_option("game", o.game, "the .kif file")->required();
  cmd->add_option("--player", o.players,
                  "one per role: host:port (a GGP player) or " + player_spec_help())
      ->required();
  cmd->add_option("--games", o.games, "number of matches")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--startclock", o.start_clock, "seconds")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--playclock", o.play_clock, "seconds")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--seed", o.seed, "seed of the players and of replacement moves")->capture_default_str();
  cmd->add_option("--json", o.json, "write each match in GGP-Base's JSON (OUT-2.json for the 2nd...)");
  cmd->add_option("--margin-ms", o.margin_ms, "in-process players keep this back from each clock")
      ->capture_default_str();
  cmd->add_option("--max-turns", o.max_turns, "abort a match that is not over after this many turns")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--show", o.show, "print the board (or the state) after every move");
  cmd->callback([] { exit_status() = run_match(o); });
}

const CommandRegistration match_registration(
    "match", "Play matches between players (in-process or HTTP)", configure_match_command);

}  // namespace
}  // namespace ggp::cli
