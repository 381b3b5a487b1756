// Tournament files: games relative to the file, players as arguments or objects, settings, and
// an unknown key refused.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "support/files.h"
#include "tournament/tournament_file.h"

using namespace ggp::tournament;
namespace fs = std::filesystem;

TEST_CASE("tournament file: the same as the flags, in JSON") {
  const fs::path dir = ggp::testing::fresh_folder("ggp_tfile");
  fs::create_directories(dir / "sub");
  {
    std::ofstream out(dir / "sub" / "t.json");
    out << R"({
      // comments are allowed
      "title": "t",
      "games": ["../games/a.kif", {"path": "/abs/b.kif", "name": "bee",
                                   "board": {"first_is_row": true}}],
      "players": ["uct:c=0.4", "best=amaf:c=0.4,batch=16", {"name": "far", "spec": "h:9147"}],
      "matches": 6, "playclock": 2, "startclock": 3, "margin_ms": 750, "over_http": true,
      "parallel": 2, "anchor": "uct:c=0.4", "out": "results"
    })";
  }
  const TournamentFile f = read_tournament_file((dir / "sub" / "t.json").string());
  REQUIRE(f.spec.games.size() == 2);
  CHECK(f.spec.games[0].name == "a");
  CHECK(fs::path(f.spec.games[0].path) == dir / "sub" / "../games/a.kif");
  CHECK(f.spec.games[1].name == "bee");
  CHECK(f.spec.games[1].path == "/abs/b.kif");
  CHECK_FALSE(f.views[0].first_is_row);
  CHECK(f.views[1].first_is_row);
  REQUIRE(f.spec.players.size() == 3);
  CHECK(f.spec.players[0].name == "uct:c=0.4");
  CHECK(f.spec.players[1].name == "best");
  CHECK(f.spec.players[2].spec == "h:9147");
  CHECK(f.spec.settings.matches == 6);
  CHECK(f.spec.settings.play_clock == 2);
  CHECK(f.spec.settings.start_clock == 3);
  CHECK(f.spec.settings.margin_ms == 750);
  CHECK(f.spec.settings.over_http);
  CHECK(f.spec.settings.parallel == 2);
  CHECK(f.anchor == "uct:c=0.4");
  CHECK(f.out == "results");

  {
    std::ofstream out(dir / "bad.json");
    out << R"({"games": [], "players": [], "playclocks": 2})";
  }
  CHECK_THROWS_WITH_AS(read_tournament_file((dir / "bad.json").string()),
                       doctest::Contains("unknown key 'playclocks'"), std::runtime_error);
  fs::remove_all(dir);
}

TEST_CASE("tournament file: a variable's relative path is the working directory's, not the file's") {
  const fs::path dir = ggp::testing::fresh_folder("ggp_tfile_vars");
  fs::create_directories(dir);
  {
    std::ofstream out(dir / "t.json");
    out << R"({"games": ["${GGP_TFILE_CORPUS}/games/a.kif", "${GGP_TFILE_ABSOLUTE}/b.kif"],
               "players": ["uct", "random"]})";
  }
  ::setenv("GGP_TFILE_CORPUS", "../corpus", 1);
  ::setenv("GGP_TFILE_ABSOLUTE", "/abs", 1);
  const TournamentFile f = read_tournament_file((dir / "t.json").string());
  REQUIRE(f.spec.games.size() == 2);
  CHECK(fs::path(f.spec.games[0].path) == fs::absolute("../corpus") / "games/a.kif");
  CHECK(f.spec.games[1].path == "/abs/b.kif");
  ::unsetenv("GGP_TFILE_CORPUS");
  CHECK_THROWS_WITH_AS(read_tournament_file((dir / "t.json").string()),
                       doctest::Contains("needs $GGP_TFILE_CORPUS set"), std::runtime_error);
  ::unsetenv("GGP_TFILE_ABSOLUTE");
  fs::remove_all(dir);
}
