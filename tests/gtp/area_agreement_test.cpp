// final_score's count (gtp/area_score.h, C++) against the Go sheets' goals (GDL): on every
// terminal state of random games, the winner by area and komi is the role the sheet gives 100.
#include <doctest/doctest.h>

#include <filesystem>

#include "gdl/loader.h"
#include "gtp/area_score.h"
#include "gtp/board_map.h"
#include "propnet/machine_factory.h"
#include "reasoner/playout.h"
#include "support/corpus.h"

namespace ggp::gtp {
namespace {

namespace fs = std::filesystem;

TEST_CASE("the area count and komi name the winner the Go sheets' goals name") {
  const fs::path& games = ggp::testing::kShippedGames;
  const BoardMap map = read_board_map(find_board_map((games / "go_5x5.kif").string()));
  for (const auto& [size, playouts] : {std::pair{5, 300}, std::pair{7, 60}}) {
    const Sheet* sheet = map.sheet(size);
    REQUIRE(sheet != nullptr);
    CAPTURE(sheet->game);
    auto m = propnet::make_machine(gdl::load_game_file(sheet->game),
                                   propnet::MachineKind::Propnet).machine;
    REQUIRE(m->role_name(0) == "black");
    std::vector<reasoner::FactId> black, white;
    for (int y = 1; y <= size; ++y)
      for (int x = 1; x <= size; ++x) {
        black.push_back(*m->fact_from_text(map.stone_text(x, y, "black")));
        white.push_back(*m->fact_from_text(map.stone_text(x, y, "white")));
      }
    reasoner::Random rng(size);
    int black_wins = 0, white_wins = 0;
    for (int p = 0; p < playouts; ++p) {
      reasoner::State s = m->initial_state(), next;
      reasoner::JointMove joint;
      while (!m->is_terminal(s)) {
        reasoner::random_joint_move(*m, s, rng, joint);
        m->next_state(s, joint, next);
        std::swap(s, next);
      }
      Board board{size, std::vector<Point>(static_cast<size_t>(size * size), Point::Empty)};
      for (size_t i = 0; i < board.points.size(); ++i)
        board.points[i] = s.test(black[i]) ? Point::Black : s.test(white[i]) ? Point::White : Point::Empty;
      const Area area = area_score(board);
      const bool black_ahead = area.black - area.white > sheet->komi;
      CAPTURE(p);
      CHECK(m->goal(s, 0) == (black_ahead ? 100 : 0));
      CHECK(m->goal(s, 1) == (black_ahead ? 0 : 100));
      (black_ahead ? black_wins : white_wins)++;
    }
    CHECK(black_wins > 0);  // both outcomes occur, so the check could fail either way
    CHECK(white_wins > 0);
  }
}

}  // namespace
}  // namespace ggp::gtp
