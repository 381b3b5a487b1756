#include "gtp/area_score.h"

namespace ggp::gtp {

Area area_score(const Board& board) {
  const int n = board.size;
  Area area;
  std::vector<char> seen(board.points.size(), 0);
  std::vector<int> stack, region;
  for (int start = 0; start < n * n; ++start) {
    const Point p = board.points[start];
    if (p == Point::Black) ++area.black;
    if (p == Point::White) ++area.white;
    if (p != Point::Empty || seen[start]) continue;
    // Flood the empty region of `start`, noting which colours border it.
    bool touches_black = false, touches_white = false;
    region.clear();
    stack.assign(1, start);
    seen[start] = 1;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      region.push_back(i);
      const int x = i % n, y = i / n;
      const int neighbours[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
      for (const auto& [u, v] : neighbours) {
        if (u < 0 || v < 0 || u >= n || v >= n) continue;
        const int j = v * n + u;
        const Point q = board.points[j];
        touches_black |= q == Point::Black;
        touches_white |= q == Point::White;
        if (q == Point::Empty && !seen[j]) {
          seen[j] = 1;
          stack.push_back(j);
        }
      }
    }
    if (touches_black && !touches_white) area.black += static_cast<int>(region.size());
    if (touches_white && !touches_black) area.white += static_cast<int>(region.size());
  }
  return area;
}

}  // namespace ggp::gtp
