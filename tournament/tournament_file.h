#pragma once
// A tournament file: the same as `ggp tournament`'s flags, in JSON.
//
//   {
//     "title": "Connect Four, Checkers and Pentago",
//     "games": ["../../games_kif/connect_four.kif",
//               {"path": "../../games_kif/checkers.kif", "name": "checkers",
//                "board": {"first_is_row": false, "top_down": false}}],
//     "players": ["uct:c=0.4", {"name": "best", "spec": "amaf:c=0.4,cutoff=1"}, "host:9147",
//                 {"name": "old", "spec": "uct:c=0.4", "binary": "../../build/ggp-3f146d2"}],
//     "matches": 10, "startclock": 2, "playclock": 2, "margin_ms": 750,
//     "over_http": true, "parallel": 1, "seed": 1, "max_turns": 5000,
//     "anchor": "uct:c=0.4", "gauntlet": "uct:c=0.4", "out": "tournament-out"
//   }
//
// A player's "binary" is another ggp executable run as `BINARY serve` for it (tournament/plan.h).
// Game and binary paths are relative to the file's folder, after `${NAME}` is replaced by the environment
// variable NAME (e.g. "${GGP_CORPUS}/games/base/connectFour.kif"); "out" is relative to the
// working directory. A player given as a string is read as a --player argument (NAME=SPEC or
// SPEC). Unknown keys are an error.
#include <string>
#include <vector>

#include "tournament/html_report.h"
#include "tournament/plan.h"

namespace ggp::tournament {

struct TournamentFile {
  TournamentSpec spec;
  std::vector<BoardView> views;  // per game
  std::string title;
  std::string anchor;  // a player's name; empty: the first player
  std::string out;
};

// Throws std::runtime_error naming the file and the problem.
TournamentFile read_tournament_file(const std::string& path);

}  // namespace ggp::tournament
