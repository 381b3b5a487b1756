#pragma once
// How a board game's GDL moves and state facts look from the Go Text Protocol: a small JSON file
// declared beside the game (games_kif/go.gtp.json), so that Go, and other games played on points
// of a square board (Hex, Gomoku), can be offered through GTP without code for each game.
//
//   {"colours": {"black": "black", "white": "white"},   GTP colour -> the GDL role that plays it
//    "move": "(place {x} {y})",                          a stone on a point
//    "pass": "pass",                                     the GDL pass move ("" if the game has none)
//    "stone": "(cell {x} {y} {role})",                   the state fact of a stone
//    "score": "area",                                    final_score: "area" (Go) or "none"
//    "sheets": [{"size": 9, "komi": 7.5, "game": "go_9x9.kif"}, ...]}
//
// {x} is the column, 1 for GTP's A (I is skipped), {y} the row, 1 for GTP's bottom row 1. Each
// sheet is a rule sheet of one board size and komi, named relative to the mapping file.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ggp::gtp {

// A point of the board: column and row from 1, or a pass.
struct Vertex {
  int x = 0, y = 0;
  bool pass = false;
  bool operator==(const Vertex&) const = default;
};

// GTP's vertex text ("D4", "pass", case-insensitive) on a board of `size`; nullopt when it is
// not a vertex of that board.
std::optional<Vertex> parse_vertex(std::string_view text, int size);
// The vertex as GTP writes it ("D4", "pass").
std::string vertex_text(const Vertex& v);

struct Sheet {
  int size = 0;
  double komi = 0;
  std::string game;  // path of the rule sheet (made absolute-or-relative to the working folder)
};

struct BoardMap {
  std::string black_role, white_role;
  std::string move_template, pass_move, stone_template;
  bool area_score = false;
  std::vector<Sheet> sheets;

  // The GDL move text of a vertex ("pass" becomes pass_move).
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
