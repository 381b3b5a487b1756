#include "manager/board_view.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "gdl/sexpr.h"

namespace ggp::manager {
namespace {

struct Cell {
  std::string relation, row, col, mark;
};

// A fact `(r a b c ...)` of three or more constant arguments, or nothing; the arguments after the
// coordinates are its mark, joined by ':' (`(cell 3 1 black king)`: black:king).
std::optional<Cell> as_cell(const std::string& fact) {
  gdl::SymbolTable symbols;
  try {
    std::vector<gdl::SExpr> top = gdl::read_sexprs(fact, "<fact>", symbols);
    if (top.size() != 1 || !top[0].is_list || top[0].items.size() < 4) return std::nullopt;
    for (const gdl::SExpr& e : top[0].items)
      if (e.is_list) return std::nullopt;
    const auto& it = top[0].items;
    Cell cell{symbols.name(it[0].atom), symbols.name(it[1].atom), symbols.name(it[2].atom), ""};
    for (size_t i = 3; i < it.size(); ++i)
      cell.mark += (i > 3 ? ":" : "") + symbols.name(it[i].atom);
    return cell;
  } catch (const gdl::GdlError&) {
    return std::nullopt;
  }
}

bool is_number(const std::string& s) {
  return !s.empty() && s.size() < 10 && std::all_of(s.begin(), s.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
}

// Sorted coordinates: numerically when all are numbers.
std::vector<std::string> axis(const std::set<std::string>& values) {
  std::vector<std::string> out(values.begin(), values.end());
  if (std::all_of(out.begin(), out.end(), is_number))
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return std::stol(a) < std::stol(b); });
  return out;
}

}  // namespace

std::optional<BoardLayout> find_board(const std::vector<std::string>& facts) {
  std::map<std::string, std::vector<Cell>> by_relation;
  for (const std::string& f : facts)
    if (std::optional<Cell> c = as_cell(f)) by_relation[c->relation].push_back(*c);
  const std::vector<Cell>* board = nullptr;
  for (const auto& [name, cells] : by_relation)
    if (cells.size() >= 4 && (!board || cells.size() > board->size())) board = &cells;
  if (!board) return std::nullopt;
  std::set<std::string> row_set, col_set;
  for (const Cell& c : *board) {
    row_set.insert(c.row);
    col_set.insert(c.col);
  }
  return BoardLayout{board->front().relation, axis(row_set), axis(col_set)};
}

bool is_empty_mark(const std::string& mark) {
  return mark == "b" || mark == "blank" || mark == "empty";
}

std::string render_state_view(const std::vector<std::string>& facts) {
  const std::optional<BoardLayout> board = find_board(facts);
  std::string out;
  if (!board) {
    for (const std::string& f : facts) out += "  " + f + '\n';
    return out;
  }
  std::map<std::pair<std::string, std::string>, std::string> marks;
  for (const std::string& f : facts) {
    const std::optional<Cell> c = as_cell(f);
    // Common names of an empty square are drawn as '.' too.
    if (!c || c->relation != board->relation || is_empty_mark(c->mark)) continue;
    std::string& m = marks[{c->row, c->col}];
    m += (m.empty() ? "" : ",") + c->mark;
  }
  const std::vector<std::string>& rows = board->rows;
  const std::vector<std::string>& cols = board->cols;
  size_t width = 1, label = 1;
  for (const auto& [pos, m] : marks) width = std::max(width, m.size());
  for (const std::string& c : cols) width = std::max(width, c.size());
  for (const std::string& r : rows) label = std::max(label, r.size());

  auto pad = [](const std::string& s, size_t w) { return s + std::string(w - s.size(), ' '); };
  out += "  " + std::string(label, ' ');
  for (const std::string& c : cols) out += ' ' + pad(c, width);
  out += '\n';
  for (const std::string& r : rows) {
    out += "  " + pad(r, label);
    for (const std::string& c : cols) {
      auto it = marks.find({r, c});
      out += ' ' + pad(it == marks.end() ? "." : it->second, width);
    }
    out += '\n';
  }
  std::string rest;
  for (const std::string& f : facts) {
    std::optional<Cell> c = as_cell(f);
    if (!c || c->relation != board->relation) rest += (rest.empty() ? "" : " ") + f;
  }
  if (!rest.empty()) out += "  " + rest + '\n';
  return out;
}

}  // namespace ggp::manager
