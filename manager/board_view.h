#pragma once
// Text pictures of a state for showing a match as it goes: the board when the state has a
// `(cell x y mark)`-like relation (three or more arguments, the first two the coordinates, the
// rest the mark, as in `(cell x y white king)`), whatever its name, else the facts themselves.
#include <optional>
#include <string>
#include <vector>

namespace ggp::manager {

// The board a set of facts draws: the relation of three or more constant arguments with the most facts
// (at least 4), its first arguments as rows and its second as columns, each sorted (as numbers
// when all are numbers).
struct BoardLayout {
  std::string relation;
  std::vector<std::string> rows, cols;
};
std::optional<BoardLayout> find_board(const std::vector<std::string>& facts);

// The marks drawn as an empty square: b, blank, empty.
bool is_empty_mark(const std::string& mark);

// `facts` in compact form, e.g. "(cell 1 1 b)". Lines end with '\n'. Coordinates are sorted as
// numbers when they all are numbers; empty squares (no fact, or the mark b, blank or empty) are
// drawn as '.'. Facts of other relations follow the board on one line.
std::string render_state_view(const std::vector<std::string>& facts);

}  // namespace ggp::manager
