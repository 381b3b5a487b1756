// GTP vertices, the maps of games_kif/go.gtp.json and hex.gtp.json, and area scoring.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "gtp/area_score.h"
#include "gtp/board_map.h"
#include "support/corpus.h"
#include "support/files.h"

namespace ggp::gtp {
namespace {

namespace fs = std::filesystem;
using ggp::testing::kShippedGames;

TEST_CASE("GTP vertices: letters without I, rows from the bottom, pass, and what is no vertex") {
  const BoardMap go;  // the default columns: Go's
  CHECK(go.parse_vertex("A1", 9) == Vertex{1, 1, false});
  CHECK(go.parse_vertex("j9", 9) == Vertex{9, 9, false});  // J is the 9th column: I is skipped
  CHECK(go.parse_vertex("H8", 9) == Vertex{8, 8, false});
  CHECK(go.parse_vertex("PASS", 9) == Vertex{0, 0, true});
  CHECK(!go.parse_vertex("I5", 9));
  CHECK(!go.parse_vertex("K1", 9));   // the 10th column
  CHECK(!go.parse_vertex("A10", 9));
  CHECK(!go.parse_vertex("A0", 9));
  CHECK(!go.parse_vertex("A", 9));
  CHECK(!go.parse_vertex("A1x", 9));
  CHECK(!go.parse_vertex("", 9));
  CHECK(go.parse_vertex("T19", 19) == Vertex{19, 19, false});
  CHECK(go.vertex_text(Vertex{9, 1, false}) == "J1");
  CHECK(go.vertex_text(Vertex{3, 12, false}) == "C12");
  CHECK(go.vertex_text(Vertex{0, 0, true}) == "pass");
}

TEST_CASE("the Go map: moves, stones, sheets per size and komi, found beside each sheet") {
  const std::string path = find_board_map((kShippedGames / "go_9x9.kif").string());
  REQUIRE(fs::path(path).filename() == "go.gtp.json");
  CHECK(find_board_map((kShippedGames / "go_5x5.kif").string()) == path);
  CHECK(find_board_map((kShippedGames / "ticTacToe.kif").string()) == "");
  const BoardMap map = read_board_map(path);
  CHECK(map.move_text(Vertex{3, 4, false}) == "(place 3 4)");
  CHECK(map.move_text(Vertex{0, 0, true}) == "pass");
  CHECK(map.stone_text(2, 7, "white") == "(cell 2 7 white)");
  CHECK(map.area_score);
  for (int size : {5, 7, 9}) {
    const Sheet* sheet = map.sheet(size);
    REQUIRE(sheet != nullptr);
    CHECK(sheet->komi == 7.5);
    CHECK(fs::exists(sheet->game));
    CHECK(map.sheet(size, 6.5) == sheet);  // no sheet of that komi: the size's first
    CHECK(map.sheet_of_game(sheet->game) == sheet);
  }
  CHECK(map.sheet(19) == nullptr);
}

TEST_CASE("the Hex map: every letter, rows from the top, swap-pieces, no pass and no score") {
  const std::string path = find_board_map((kShippedGames / "hex_9x9.kif").string());
  REQUIRE(fs::path(path).filename() == "hex.gtp.json");
  const BoardMap map = read_board_map(path);
  CHECK(map.black_role == "red");
  CHECK(map.white_role == "blue");
  CHECK(map.rows_down);
  CHECK_FALSE(map.area_score);
  CHECK(map.parse_vertex("i9", 9) == Vertex{9, 9, false});  // I is a column of Hex
  CHECK(map.parse_vertex("C2", 9) == Vertex{3, 2, false});
  CHECK(!map.parse_vertex("j1", 9));
  CHECK(map.vertex_text(Vertex{9, 1, false}) == "i1");
  const auto swap = map.parse_vertex("Swap-Pieces", 9);
  REQUIRE(swap);
  CHECK(swap->special == 0);
  CHECK(map.vertex_text(*swap) == "swap-pieces");
  CHECK(map.move_text(*swap) == "swap");
  CHECK(map.move_text(Vertex{3, 2, false}) == "(place 3 2)");
  CHECK(map.move_text(Vertex{0, 0, true}) == "");  // Hex has no pass
  REQUIRE(map.sheet(9) != nullptr);
  CHECK(fs::exists(map.sheet(9)->game));
}

TEST_CASE("a broken map is refused with its file and the reason") {
  const fs::path dir = ggp::testing::fresh_folder("ggp_gtp_broken");
  fs::create_directories(dir);
  const fs::path path = dir / "map.gtp.json";
  std::ofstream(path) << R"J({"colours": {"black": "b"}, "move": "(m {x} {y})", "stone": "", "sheets": []})J";
  CHECK_THROWS_WITH_AS(read_board_map(path.string()), doctest::Contains("ggp_gtp_broken"),
                       std::runtime_error);
  fs::remove(path);
  CHECK_THROWS_AS(read_board_map("no/such/map.gtp.json"), std::runtime_error);
  // Each setting the map may give, wrong, is named.
  const std::string good = R"J("colours": {"black": "b", "white": "w"}, "move": "(m {x} {y})",
      "stone": "(s {x} {y} {role})", "sheets": [{"size": 5, "game": "g.kif"}])J";
  const std::vector<std::pair<std::string, std::string>> wrong = {
      {R"J("columns": "ABCA")J", "columns must be distinct letters"},
      {R"J("columns": "AB1")J", "columns must be distinct letters"},
      {R"J("columns": "ABC")J", "a sheet's size must be 1..3"},
      {R"J("rows": "sideways")J", "rows must be"},
      {R"J("specials": {"pass": "p"})J", "one word other than pass"},
      {R"J("specials": {"swap pieces": "swap"})J", "one word other than pass"},
      {R"J("score": "territory")J", "score must be"}};
  for (const auto& [setting, reason] : wrong) {
    std::ofstream(path) << "{" << setting << ", " << good << "}";
    CHECK_THROWS_WITH_AS(read_board_map(path.string()), doctest::Contains(reason.c_str()), std::runtime_error);
  }
  std::ofstream(path) << "{" << good << "}";
  CHECK(read_board_map(path.string()).columns == BoardMap::kGoColumns);
  fs::remove_all(dir);
}

Board board_of(const std::vector<std::string>& rows) {  // rows from the top, X black, O white
  Board b;
  b.size = static_cast<int>(rows.size());
  b.points.assign(static_cast<size_t>(b.size * b.size), Point::Empty);
  for (int r = 0; r < b.size; ++r)
    for (int x = 1; x <= b.size; ++x) {
      const char c = rows[r][x - 1];
      const int y = b.size - r;
      b.points[(y - 1) * b.size + (x - 1)] =
          c == 'X' ? Point::Black : c == 'O' ? Point::White : Point::Empty;
    }
  return b;
}

TEST_CASE("area scoring: stones plus empty regions that reach one colour only") {
  const Area empty = area_score(board_of({".....", ".....", ".....", ".....", "....."}));
  CHECK(empty.black == 0);
  CHECK(empty.white == 0);
  const Area lone = area_score(board_of({".....", ".....", "..X..", ".....", "....."}));
  CHECK(lone.black == 25);
  CHECK(lone.white == 0);
  // Black's wall on column C, white's on D: 15 against 10.
  const Area walls = area_score(board_of({"..XO.", "..XO.", "..XO.", "..XO.", "..XO."}));
  CHECK(walls.black == 15);
  CHECK(walls.white == 10);
  // Regions touching both colours are nobody's (B5, row 3, B1, D1); D5-E5 reach white only.
  const Area mixed = area_score(board_of({"X.O..", "XXOOO", ".....", "OOOOO", "O.X.O"}));
  CHECK(mixed.black == 4);        // stones only
  CHECK(mixed.white == 11 + 2);
}

}  // namespace
}  // namespace ggp::gtp
