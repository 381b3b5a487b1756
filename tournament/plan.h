#pragma once
// What a tournament plays: games, players, clocks, and the schedule of matches. The schedule is a
// round robin over games and player groups (every set of as many players as the game has roles),
// each group played in every cyclic rotation of its seats, so that every player sits in every seat
// equally often. A scheduled match's id depends only on its game, its seating and its round, so
// the same tournament always names its matches the same (the results log is keyed by it).
#include <cstdint>
#include <string>
#include <vector>

namespace ggp::tournament {

struct PlayerEntry {
  std::string name;    // unique; used in match ids and reports
  std::string spec;    // a player spec (`uct:c=0.4`) or a remote player's host:port
  std::string binary;  // a ggp executable (another build) run as `BINARY serve` for this player,
                       // over HTTP whatever --over-http says; empty: this program
};

struct GameEntry {
  std::string name;  // the file's base name unless given
  std::string path;  // the .kif file
};

struct Settings {
  int matches = 2;           // per game and player group; rounded up to a multiple of the roles
  int start_clock = 10;      // seconds
  int play_clock = 5;        // seconds
  int margin_ms = -1;        // kept back from every clock by local players; -1: 300 in-process,
                             // 800 for `ggp serve` processes (--over-http)
  bool over_http = false;    // local players as `ggp serve` processes over the real protocol
  int parallel = 1;          // matches at once
  size_t max_turns = 5000;   // a match not over after this many turns is aborted
  uint64_t seed = 1;         // of the players and the manager's replacement moves
  std::string gauntlet;      // a player's name: only the groups that include it are played (every
                             // other player against it); empty: the whole round robin
};

struct TournamentSpec {
  std::vector<GameEntry> games;
  std::vector<PlayerEntry> players;
  Settings settings;
};

struct ScheduledMatch {
  std::string id;            // `GAME.ROUND.NAME1.NAME2...` (names sanitised), stable
  size_t game = 0;           // index into the spec's games
  std::vector<size_t> seats; // player index per role, role order
  int round = 1;             // 1-based
};

// The number of matches per game and group actually played: `matches` rounded up to a multiple of
// `roles` (every rotation of the seats as often as the others).
int matches_per_group(int matches, size_t roles);

// The schedule, round by round: round r holds one match of every game, group and seat rotation,
// so a tournament cut short has covered every pairing about equally. `roles[g]` is the number of
// roles of game g. Throws std::invalid_argument when a game has more roles than there are
// players, when two players' names are the same once sanitised for ids, or when the gauntlet
// names no player.
std::vector<ScheduledMatch> make_schedule(const TournamentSpec& spec,
                                          const std::vector<size_t>& roles);

// A name as it appears in match ids and file names: letters, digits, '-' and '_' kept, any other
// character '_'.
std::string sanitise_name(const std::string& name);

// `NAME=SPEC` names a player; a bare SPEC is its own name. The text is taken as NAME=SPEC when it
// has a '=' and the part before the first '=' holds no ':' or ',' (a spec's settings do).
PlayerEntry parse_player_argument(const std::string& text);

// True if the player is a remote GGP player (host:port) rather than a spec this program plays.
bool is_remote(const PlayerEntry& player);
// True if the player plays as a `ggp serve` process started by the tournament.
bool is_served(const PlayerEntry& player, const Settings& settings);

// The search threads a player spec asks for (`threads=N`, else 1); 0 for a remote player.
int player_threads(const PlayerEntry& player);

}  // namespace ggp::tournament
