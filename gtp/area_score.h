#pragma once
// Area scoring (Chinese rules) of a Go board, for GTP's final_score: a colour's area is its stones
// plus the empty points from which only its stones can be reached along the lines. Nothing is
// judged dead: the board is counted as it stands, as the rule sheets' goals count it.
#include <vector>

namespace ggp::gtp {

enum class Point : unsigned char { Empty, Black, White };

// A size x size board, point (x, y) (both from 1) at index (y - 1) * size + (x - 1).
struct Board {
  int size = 0;
  std::vector<Point> points;

  Point at(int x, int y) const { return points[(y - 1) * size + (x - 1)]; }
};

struct Area {
  int black = 0, white = 0;
};

Area area_score(const Board& board);

}  // namespace ggp::gtp
