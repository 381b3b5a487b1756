#pragma once
// Text pictures of a state for showing a match as it goes: the board when the state has a
// `(cell x y mark)`-like relation (three arguments, the first two the coordinates), whatever its
// name, else the facts themselves.
#include <string>
#include <vector>

namespace ggp::manager {

// `facts` in compact form, e.g. "(cell 1 1 b)". Lines end with '\n'. Coordinates are sorted as
// numbers when they all are numbers; empty squares (no fact, or the mark b, blank or empty) are
// drawn as '.'. Facts of other relations follow the board on one line.
std::string render_state_view(const std::vector<std::string>& facts);

}  // namespace ggp::manager
