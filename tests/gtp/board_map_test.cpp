// GTP vertices, the map of games_kif/go.gtp.json and area scoring.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "gtp/area_score.h"
#include "gtp/board_map.h"
#include "support/corpus.h"

namespace ggp::gtp {
namespace {

namespace fs = std::filesystem;
using ggp::testing::kShippedGames;

TEST_CASE("GTP vertices: letters without I, rows from the bottom, pass, and what is no vertex") {
  CHECK(parse_vertex("A1", 9) == Vertex{1, 1, false});
  CHECK(parse_vertex("j9", 9) == Vertex{9, 9, false});  // J is the 9th column: I is skipped
  CHECK(parse_vertex("H8", 9) == Vertex{8, 8, false});
  CHECK(parse_vertex("PASS", 9) == Vertex{0, 0, true});
  CHECK(!parse_vertex("I5", 9));
  CHECK(!parse_vertex("K1", 9));   // the 10th column
  CHECK(!parse_vertex("A10", 9));
  CHECK(!parse_vertex("A0", 9));
  CHECK(!parse_vertex("A", 9));
  CHECK(!parse_vertex("A1x", 9));
  CHECK(!parse_vertex("", 9));
  CHECK(parse_vertex("T19", 19) == Vertex{19, 19, false});
  CHECK(vertex_text(Vertex{9, 1, false}) == "J1");
  CHECK(vertex_text(Vertex{3, 12, false}) == "C12");
  CHECK(vertex_text(Vertex{0, 0, true}) == "pass");
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

TEST_CASE("a broken map is refused with its file and the reason") {
  const fs::path path = fs::temp_directory_path() / "ggp_gtp_broken.gtp.json";
  std::ofstream(path) << R"J({"colours": {"black": "b"}, "move": "(m {x} {y})", "stone": "", "sheets": []})J";
  CHECK_THROWS_WITH_AS(read_board_map(path.string()), doctest::Contains("ggp_gtp_broken"),
                       std::runtime_error);
  fs::remove(path);
  CHECK_THROWS_AS(read_board_map("no/such/map.gtp.json"), std::runtime_error);
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
