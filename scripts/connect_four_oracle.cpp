// An exact Connect Four oracle (6 rows, 7 or 8 columns, four in a row; the shipped
// games_kif/connect_four.kif is 7 wide, the corpus's base/connectFour 8): the win/draw/loss value
// of every move of a position, for scripts/oracle_suite.py, which labels match positions with it
// so that a searcher's moves can be scored against the truth rather than against proofs of a few
// turns. Not part of the player: a measuring instrument, checked against the project's own
// forced-win search (scripts/oracle_suite.py check).
//
// Negamax over {-1, 0, 1} with alpha-beta, a table of bounds, moves that lose at once pruned and
// the rest tried by the number of winning cells they make (the column bitboard layout of Pons's
// solver: 7 bits a column, 6 cells and a guard bit).
//
//   connect_four_oracle NODE_BUDGET WIDTH < positions
// A position a line: the columns played from the start (1..WIDTH, space-separated). Output: a
// JSON line a position, {"moves": N, "values": {"column": v, ...}} from the mover's view (1 win,
// 0 draw, -1 loss; null where a move's solve passed NODE_BUDGET nodes), or {"error": "..."} for a
// position that is not one (a full column, a line already made).
#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {
constexpr int H = 6, H1 = H + 1, kMaxW = 8;
int W = 8;  // 7 (games_kif/connect_four.kif) or 8 (the corpus's connectFour)
constexpr uint64_t bottom_col(int c) { return uint64_t{1} << (c * H1); }
constexpr uint64_t top_col(int c) { return uint64_t{1} << (H - 1 + c * H1); }
constexpr uint64_t column(int c) { return ((uint64_t{1} << H) - 1) << (c * H1); }
uint64_t bottom_row = 0, board_cells = 0;  // set from W in main

// The empty cells (of those not in `mask`) where stones `p` would complete four in a row.
uint64_t winning_spots(uint64_t p, uint64_t mask) {
  uint64_t r = (p << 1) & (p << 2) & (p << 3);
  for (int s : {H1, H, H + 2}) {
    uint64_t q = (p << s) & (p << 2 * s);
    r |= q & (p << 3 * s);
    r |= q & (p >> s);
    q = (p >> s) & (p >> 2 * s);
    r |= q & (p << s);
    r |= q & (p >> 3 * s);
  }
  return r & (board_cells ^ mask);
}

// Whether stones `p` hold four in a row.
bool has_line(uint64_t p) {
  for (int s : {1, H1, H, H + 2}) {
    const uint64_t pairs = p & (p >> s);
    if (pairs & (pairs >> 2 * s)) return true;
  }
  return false;
}

struct Position {
  uint64_t current = 0, mask = 0;  // current: the mover's stones
  int moves = 0;
  bool can_play(int c) const { return (mask & top_col(c)) == 0; }
  uint64_t possible() const { return (mask + bottom_row) & board_cells; }
  uint64_t own_spots() const { return winning_spots(current, mask); }
  uint64_t their_spots() const { return winning_spots(current ^ mask, mask); }
  bool wins_with(int c) const { return own_spots() & possible() & column(c); }
  void play_bit(uint64_t move) { current ^= mask; mask |= move; ++moves; }
  void play(int c) { play_bit((mask + bottom_col(c)) & column(c)); }
  // The moves after which the opponent cannot win at once: none where it has two threats to
  // block, the one block where it has one, and never the cell below one of its threats.
  uint64_t non_losing() const {
    uint64_t possible_mask = possible();
    const uint64_t theirs = their_spots();
    const uint64_t forced = possible_mask & theirs;
    if (forced) {
      if (forced & (forced - 1)) return 0;
      possible_mask = forced;
    }
    return possible_mask & ~(theirs >> 1);
  }
  uint64_t key() const { return current + mask; }
};

struct Entry { uint64_t key = 0; int8_t lo = -1, hi = 1; };
std::vector<Entry> table(1u << 23);
uint64_t nodes = 0, node_budget = 0;
struct OutOfBudget {};
int centre_first[kMaxW];

// The value of `pos` for its mover within [alpha, beta] (fail-soft); throws OutOfBudget.
int solve(const Position& pos, int alpha, int beta) {
  if (++nodes > node_budget) throw OutOfBudget{};
  if (pos.own_spots() & pos.possible()) return 1;
  const uint64_t next = pos.non_losing();
  if (!next) return -1;
  // Two cells left: the mover cannot win with either (checked above) and has a move after which
  // the opponent's last cell does not win (non_losing), so the board fills with no line: a draw.
  if (pos.moves >= W * H - 2) return 0;
  Entry& e = table[pos.key() % table.size()];
  if (e.key == pos.key()) {
    if (e.lo >= beta) return e.lo;
    if (e.hi <= alpha) return e.hi;
    alpha = std::max<int>(alpha, e.lo);
    beta = std::min<int>(beta, e.hi);
    if (alpha >= beta) return alpha;
  }
  struct Move { uint64_t bit; int score; };
  Move moves[kMaxW];
  int n = 0;
  for (int i = 0; i < W; ++i) {
    const int c = centre_first[i];
    const uint64_t bit = next & column(c);
    if (!bit) continue;
    const int score = __builtin_popcountll(winning_spots(pos.current | bit, pos.mask | bit));
    int k = n++;
    for (; k > 0 && moves[k - 1].score < score; --k) moves[k] = moves[k - 1];
    moves[k] = {bit, score};
  }
  const int alpha0 = alpha;
  int best = -2;
  for (int k = 0; k < n; ++k) {
    Position child = pos;
    child.play_bit(moves[k].bit);
    const int v = -solve(child, -beta, -alpha);
    best = std::max(best, v);
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  Entry stored{pos.key(), -1, 1};
  if (e.key == pos.key()) stored = e;
  if (best <= alpha0) stored.hi = static_cast<int8_t>(std::min<int>(stored.hi, best));
  else if (best >= beta) stored.lo = static_cast<int8_t>(std::max<int>(stored.lo, best));
  else stored.lo = stored.hi = static_cast<int8_t>(best);
  e = stored;
  return best;
}
}  // namespace

int main(int argc, char** argv) {
  node_budget = argc > 1 ? std::stoull(argv[1]) : 2'000'000'000ull;
  W = argc > 2 ? std::stoi(argv[2]) : 8;
  if (W < 4 || W > kMaxW) { std::fprintf(stderr, "width: 4 to %d\n", kMaxW); return 2; }
  for (int c = 0; c < W; ++c) bottom_row |= bottom_col(c);
  board_cells = bottom_row * ((uint64_t{1} << H) - 1);
  // Centre first (3 4 2 5 1 6 0 7 for eight columns, 3 2 4 1 5 0 6 for seven).
  for (int i = 0; i < W; ++i) centre_first[i] = i;
  std::stable_sort(centre_first, centre_first + W, [](int a, int b) {
    return std::abs(2 * a - (W - 1)) < std::abs(2 * b - (W - 1));
  });
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    Position pos;
    int c;
    const char* error = nullptr;
    while (!error && in >> c) {
      if (c < 1 || c > W || !pos.can_play(c - 1)) error = "not a column with room";
      else if (pos.play(c - 1), has_line(pos.current ^ pos.mask)) error = "a line was made";
    }
    if (error) {
      std::printf("{\"error\": \"%s\"}\n", error);
      continue;
    }
    std::printf("{\"moves\": %d, \"values\": {", pos.moves);
    bool first = true;
    for (int col = 0; col < W; ++col) {
      if (!pos.can_play(col)) continue;
      std::printf("%s\"%d\": ", first ? "" : ", ", col + 1);
      first = false;
      if (pos.wins_with(col)) { std::printf("1"); continue; }
      Position child = pos;
      child.play(col);
      nodes = 0;
      try {
        std::printf("%d", child.moves == W * H ? 0 : -solve(child, -1, 1));
      } catch (const OutOfBudget&) {
        std::printf("null");
      }
    }
    std::printf("}}\n");
    std::fflush(stdout);
  }
}
