// An exact Quarto oracle for the corpus's base/quarto (4x4 board, 16 pieces of four binary
// attributes; a turn is a select, by which a player hands the other the piece to place, then a
// place; whoever places the fourth piece of a row, column or diagonal that shares an attribute
// wins, a full board without one is a draw): the win/draw/loss value of every move of a position,
// for scripts/oracle_suite.py. Not part of the player: a measuring instrument, checked against the
// project's own forced-win search (scripts/oracle_suite.py check --game quarto).
//
// Negamax over {-1, 0, 1} with alpha-beta and a table of bounds. A place is searched together
// with the select that follows it (the same player moves twice), so the table holds positions
// where a player must place a given piece. Pieces that would let the other player win at once are
// never handed over while a safe one is left, and a place that wins at once is taken.
//
//   quarto_oracle NODE_BUDGET < positions
// A position a line: its moves from the start, space-separated, each as GDL writes it without
// spaces: (selectp0101) hands over piece 0101, (placep010123) puts it on x 2, y 3. Output: a JSON
// line a position, {"moves": N, "values": {"(selectp0110)": v, ...}} from the mover's view (1 win,
// 0 draw, -1 loss; null where a move's solve passed NODE_BUDGET nodes), or {"error": "..."}.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {
constexpr int kCells = 16;
constexpr int kEmpty = -1;
constexpr int kLines[10][4] = {{0, 1, 2, 3},   {4, 5, 6, 7},   {8, 9, 10, 11}, {12, 13, 14, 15},
                               {0, 4, 8, 12},  {1, 5, 9, 13},  {2, 6, 10, 14}, {3, 7, 11, 15},
                               {0, 5, 10, 15}, {3, 6, 9, 12}};

int cell_of(int x, int y) { return (x - 1) * 4 + (y - 1); }  // x, y in 1..4 as the rules number

struct Board {
  int piece[kCells];
  uint16_t pool = 0xFFFF;  // pieces not yet handed over
  int empties = kCells;
};

// Whether the line through `cell` is complete and shares an attribute.
bool makes_line(const Board& b, int cell) {
  for (const auto& line : kLines) {
    bool through = false, full = true;
    int all = 0xF, none = 0xF;
    for (int c : line) {
      through |= c == cell;
      if (b.piece[c] == kEmpty) {
        full = false;
        break;
      }
      all &= b.piece[c];
      none &= ~b.piece[c];
    }
    if (through && full && (all | none) != 0) return true;
  }
  return false;
}

bool any_line(const Board& b) {
  for (int c = 0; c < kCells; ++c)
    if (b.piece[c] != kEmpty && makes_line(b, c)) return true;
  return false;
}

// Whether placing `piece` somewhere wins at once.
bool wins_at_once(Board& b, int piece) {
  for (int c = 0; c < kCells; ++c) {
    if (b.piece[c] != kEmpty) continue;
    b.piece[c] = piece;
    const bool line = makes_line(b, c);
    b.piece[c] = kEmpty;
    if (line) return true;
  }
  return false;
}

struct Entry {
  uint64_t cells = 0, rest = 0;  // the position: nibbles of the pieces; occupancy and piece to place
  int8_t lower = -1, upper = 1;
};

class Solver {
 public:
  explicit Solver(uint64_t budget) : budget_(budget), table_(size_t{1} << 22) {}

  void reset_count() { nodes_ = 0; }
  bool over() const { return nodes_ > budget_; }

  // The value for the player who must place `piece` on `b`.
  int place(Board& b, int piece, int alpha, int beta) {
    if (++nodes_ > budget_) return 0;  // the caller reads over() and drops the answer
    if (wins_at_once(b, piece)) return 1;
    if (b.empties == 1) return 0;  // the last piece, no line: a draw
    Entry& e = probe(b, piece);
    if (e.lower >= beta) return e.lower;
    if (e.upper <= alpha) return e.upper;
    if (e.lower > alpha) alpha = e.lower;
    if (e.upper < beta) beta = e.upper;
    const int alpha0 = alpha, beta0 = beta;
    int best = -1;
    for (int c = 0; c < kCells && best < beta; ++c) {
      if (b.piece[c] != kEmpty) continue;
      b.piece[c] = piece;
      --b.empties;
      const int v = select(b, alpha, beta);
      ++b.empties;
      b.piece[c] = kEmpty;
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    }
    if (over()) return 0;
    Entry& f = probe(b, piece);  // the table may have been written over below
    f.lower = best > alpha0 ? best : -1;
    f.upper = best < beta0 ? best : 1;
    return best;
  }

  // The value for the player who must hand over a piece (b has at least one empty cell).
  int select(Board& b, int alpha, int beta) {
    int best = -1;
    bool safe_seen = false;
    for (int pass = 0; pass < 2 && best < beta; ++pass) {
      for (int q = 0; q < 16 && best < beta; ++q) {
        if (!(b.pool >> q & 1)) continue;
        const bool safe = !wins_at_once(b, q);
        if (pass == 0 && !safe) continue;
        if (pass == 1 && (safe || safe_seen)) continue;
        safe_seen |= safe;
        b.pool &= ~(1u << q);
        const int v = safe ? -place(b, q, -beta, -alpha) : -1;
        b.pool |= 1u << q;
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      }
    }
    return best;
  }

 private:
  static uint64_t key_cells(const Board& b) {
    uint64_t k = 0;
    for (int c = 0; c < kCells; ++c)
      k |= uint64_t(b.piece[c] == kEmpty ? 0 : b.piece[c]) << (4 * c);
    return k;
  }
  static uint64_t key_rest(const Board& b, int piece) {
    uint64_t occupied = 0;
    for (int c = 0; c < kCells; ++c) occupied |= uint64_t(b.piece[c] != kEmpty) << c;
    return occupied | uint64_t(piece) << 16 | uint64_t(1) << 20;
  }
  Entry& probe(const Board& b, int piece) {
    const uint64_t cells = key_cells(b), rest = key_rest(b, piece);
    uint64_t h = (cells ^ rest * 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    Entry& e = table_[(h >> 20) & (table_.size() - 1)];
    if (e.cells != cells || e.rest != rest) e = Entry{cells, rest, -1, 1};
    return e;
  }

  uint64_t budget_, nodes_ = 0;
  std::vector<Entry> table_;
};

std::string piece_name(int q) {
  std::string s = "p";
  for (int bit = 3; bit >= 0; --bit) s += char('0' + (q >> bit & 1));
  return s;
}

int parse_piece(const std::string& bits) {
  if (bits.size() != 4) return -1;
  int q = 0;
  for (char ch : bits) {
    if (ch != '0' && ch != '1') return -1;
    q = q * 2 + (ch - '0');
  }
  return q;
}

// Plays `moves` from the start; on success `b`, `selected` (-1 when a piece is to be selected)
// are the position, else the error.
std::string replay(const std::vector<std::string>& moves, Board& b, int& selected) {
  for (int& p : b.piece) p = kEmpty;
  selected = -1;
  for (const std::string& m : moves) {
    if (any_line(b) || b.empties == 0) return "the game is over before " + m;
    if (m.rfind("(selectp", 0) == 0 && m.size() == 13 && m.back() == ')') {
      const int q = parse_piece(m.substr(8, 4));
      if (selected != -1 || q < 0 || !(b.pool >> q & 1)) return "no select here: " + m;
      b.pool &= ~(1u << q);
      selected = q;
    } else if (m.rfind("(placep", 0) == 0 && m.size() == 14 && m.back() == ')') {
      const int q = parse_piece(m.substr(7, 4)), x = m[11] - '0', y = m[12] - '0';
      if (q != selected || x < 1 || x > 4 || y < 1 || y > 4 || b.piece[cell_of(x, y)] != kEmpty)
        return "no place here: " + m;
      b.piece[cell_of(x, y)] = q;
      --b.empties;
      selected = -1;
    } else {
      return "not a quarto move: " + m;
    }
  }
  if (any_line(b) || b.empties == 0) return "the game is over";
  return "";
}

void print_value(bool first, const std::string& move, int v, bool solved) {
  std::printf("%s\"%s\": ", first ? "" : ", ", move.c_str());
  if (solved)
    std::printf("%d", v);
  else
    std::printf("null");
}

void answer(Solver& solver, const std::vector<std::string>& moves) {
  Board b;
  int selected;
  const std::string error = replay(moves, b, selected);
  if (!error.empty()) {
    std::printf("{\"error\": \"%s\"}\n", error.c_str());
    return;
  }
  int count = 0;
  bool first = true;
  std::printf("{\"values\": {");
  if (selected == -1) {  // hand over a piece: its value is the other player's place, negated
    for (int q = 0; q < 16; ++q) {
      if (!(b.pool >> q & 1)) continue;
      solver.reset_count();
      b.pool &= ~(1u << q);
      const int v = -solver.place(b, q, -1, 1);
      b.pool |= 1u << q;
      print_value(first, "(select" + piece_name(q) + ")", v, !solver.over());
      first = false;
      ++count;
    }
  } else {  // place the piece, then (unless that ends the game) hand over the best piece
    for (int c = 0; c < kCells; ++c) {
      if (b.piece[c] != kEmpty) continue;
      solver.reset_count();
      b.piece[c] = selected;
      --b.empties;
      const int v = makes_line(b, c) ? 1 : b.empties == 0 ? 0 : solver.select(b, -1, 1);
      ++b.empties;
      b.piece[c] = kEmpty;
      const std::string move = "(place" + piece_name(selected) + std::to_string(c / 4 + 1) +
                               std::to_string(c % 4 + 1) + ")";
      print_value(first, move, v, !solver.over());
      first = false;
      ++count;
    }
  }
  std::printf("}, \"moves\": %d}\n", count);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: quarto_oracle NODE_BUDGET < positions\n");
    return 2;
  }
  Solver solver(std::stoull(argv[1]));
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::vector<std::string> moves;
    for (std::string m; in >> m;) moves.push_back(m);
    answer(solver, moves);
    std::fflush(stdout);
  }
}
