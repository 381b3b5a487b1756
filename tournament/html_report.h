#pragma once
// One self-contained HTML file reporting a tournament (no network, no external file): the ratings
// as bars with error bars, per game a heat map of the pairings' scores, the players' replies and
// CPU, and the match list. Every match opens a replay (`report.html#replay=ID`, `&step=N` for a
// state): its board drawn from the state's cell facts when the game has a grid relation (as
// manager/board_view.h finds it), the moves, and the state's facts as text. Charts are inline
// SVG written here; the replay is drawn by a small inline script from data embedded in the page
// (states as differences, every term once).
#include <filesystem>
#include <string>
#include <vector>

#include "tournament/results_log.h"
#include "tournament/summary.h"

namespace ggp::tournament {

// How a game's board is drawn from its cell facts `(cell X Y mark)`. By default as a chess or
// Connect Four board: the first argument is the column (sorted left to right), the second the row,
// the last row on top (rank 1 or row 1 at the bottom).
struct BoardView {
  bool first_is_row = false;  // `(cell ROW COLUMN mark)`
  bool top_down = false;      // the first row on top
};

struct ReportInput {
  std::string title;
  std::vector<std::string> notes;  // lines under the title: clocks, command, commit
  Summary summary;
  std::vector<MatchResult> results;
  std::filesystem::path dir;        // the tournament folder: the records are read from it
  std::vector<BoardView> views;     // per game of the summary (missing: the default view)
};

// The page. A record that cannot be read leaves its match without a replay (said in the list).
std::string html_report(const ReportInput& input);

// "&amp;" for '&' and so on, for text and attribute values.
std::string html_escape(const std::string& text);

// The states of a GGP-Base record, `( ( cell 1 1 b ) ( control x ) )`, as compact facts
// `(cell 1 1 b)`.
std::vector<std::string> record_state_facts(const std::string& state);

}  // namespace ggp::tournament
