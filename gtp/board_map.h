#pragma once
// How a board game's GDL moves and state facts look from the Go Text Protocol: a small JSON file
// declared beside the game (games_kif/go.gtp.json, games_kif/hex.gtp.json), so that Go, Hex and
// other games played on points of a square board can be offered through GTP without code for
// each game.
//
//   {"colours": {"black": "black", "white": "white"},   GTP colour -> the GDL role that plays it
//    "columns": "ABCDEFGHJKLMNOPQRSTUVWXYZ",             the column letters (this default: Go's,
//                                                        no I; Hex writes "abcdefghijk...")
//    "rows": "up",                                       showboard: row 1 at the bottom ("up", Go)
//                                                        or at the top ("down", Hex)
//    "move": "(place {x} {y})",                          a stone on a point
//    "pass": "pass",                                     the GDL pass move ("" if the game has none)
//    "specials": {"swap-pieces": "swap"},                GTP words for moves on no point
//    "stone": "(cell {x} {y} {role})",                   the state fact of a stone
//    "score": "area",                                    final_score: "area" (Go) or "none"
//    "sheets": [{"size": 9, "komi": 7.5, "game": "go_9x9.kif"}, ...]}
//
// {x} is the column, 1 for the first letter, {y} the row, 1 for GTP's row 1. Vertices are read
// without regard to case and written with the letters as the map gives them. Each sheet is a rule
// sheet of one board size and komi, named relative to the mapping file.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ggp::gtp {

// A point of the board: column and row from 1, or a pass, or the map's special move of that
// index (BoardMap::specials).
struct Vertex {
  int x = 0, y = 0;
  bool pass = false;
  int special = -1;
  bool operator==(const Vertex&) const = default;
};

struct Sheet {
  int size = 0;
  double komi = 0;
  std::string game;  // path of the rule sheet (made absolute-or-relative to the working folder)
};

struct BoardMap {
  static constexpr std::string_view kGoColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

  std::string black_role, white_role;
  std::string columns{kGoColumns};
  bool rows_down = false;  // showboard prints row 1 at the top
  std::string move_template, pass_move, stone_template;
  std::vector<std::pair<std::string, std::string>> specials;  // GTP word, GDL move
  bool area_score = false;
  std::vector<Sheet> sheets;

  // GTP's vertex text ("D4", "pass", a special's word; any case) on a board of `size`; nullopt
  // when it is no vertex of that board.
  std::optional<Vertex> parse_vertex(std::string_view text, int size) const;
  // The vertex as GTP writes it ("D4", "pass", "swap-pieces").
  std::string vertex_text(const Vertex& v) const;

  // The GDL move text of a vertex ("pass" becomes pass_move, a special its GDL move).
  std::string move_text(const Vertex& v) const;
  // The state fact of a stone of `role` on (x, y).
  std::string stone_text(int x, int y, const std::string& role) const;
  // The sheet of that size (and that komi, when one has it; else the first of the size).
  const Sheet* sheet(int size, std::optional<double> komi = std::nullopt) const;
  const Sheet* sheet_of_game(const std::string& game_path) const;
};

// Reads a mapping file; throws std::runtime_error naming the file and what is wrong.
BoardMap read_board_map(const std::string& path);

// The mapping file of a game: GAME's folder holds <stem>.gtp.json or, failing that,
// <stem up to its first '_'>.gtp.json (go_9x9.kif -> go.gtp.json). "" when neither exists.
std::string find_board_map(const std::string& game_path);

}  // namespace ggp::gtp
