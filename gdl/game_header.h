#pragma once
// The self-description every game in games_kif/ opens with (games_kif/README.md): a comment block
//   ; <Title>: <the rules in a sentence or two>.
//   ; Board: <size>. Roles: <role> (moves first), <role>.... Draw: <what a draw is, or "none">.
//   ; Kind: <N> players, <alternating|simultaneous|puzzle>, <zero-sum|general-sum>
// The Kind line is the machine-readable one: tests choose their goal checks by it and `ggp games`
// lists it. Nothing here reads the rules themselves.
#include <optional>
#include <string>
#include <string_view>

namespace ggp::gdl {

struct GameKind {
  int players = 0;
  std::string turns;  // "alternating", "simultaneous" or "puzzle"
  std::string sum;    // "zero-sum" (goals add up to 100 on every terminal state) or "general-sum"

  bool zero_sum() const { return sum == "zero-sum"; }
};

struct GameHeader {
  std::string title;               // the first comment line up to its first ':'; "" if none
  std::optional<GameKind> kind;    // the Kind line, when present and well formed
  std::string problem;             // why `kind` is empty ("no Kind line", or what is malformed)
};

// Reads the comment lines (and blank lines) before the first rule of a rule sheet's text.
GameHeader read_game_header(std::string_view text);
// The same for a file; a file that cannot be read gives a header whose problem says so.
GameHeader read_game_header_file(const std::string& path);

// Parses "N players, T, S" (the text after "Kind:"); nullopt unless N >= 1 (written "1 player"
// for one), T is a known turn kind and S a known sum kind, and a puzzle has one player.
std::optional<GameKind> parse_game_kind(std::string_view text);

}  // namespace ggp::gdl
