// The results log: lines survive a reopen, a partial last line is dropped and the file truncated
// before it, a bad line elsewhere is an error, an id is logged once.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/files.h"
#include "tournament/results_log.h"

using namespace ggp::tournament;
namespace fs = std::filesystem;

namespace {

// An empty folder of the temp folder.
fs::path empty_folder(const std::string& name) {
  const fs::path dir = ggp::testing::fresh_folder("ggp_results_log_" + name);
  fs::create_directories(dir);
  return dir;
}

MatchResult result(const std::string& id) {
  MatchResult r;
  r.id = id;
  r.game = "ticTacToe";
  r.players = {"a", "b"};
  r.roles = {"x", "o"};
  r.goals = {100, 0};
  r.turns = 7;
  r.timeouts = {0, 1};
  r.illegal = {0, 0};
  r.failed = {2, 0};
  r.cpu_ms = {120.5, 99};
  r.record = "records/" + id + ".json";
  return r;
}

using ggp::testing::slurp;

}  // namespace

TEST_CASE("results log: appended lines are read back after a reopen") {
  const fs::path dir = empty_folder("reopen");
  {
    ResultsLog log(dir / "m.jsonl");
    log.append(result("one"));
    log.append(result("two"));
    CHECK_THROWS_AS(log.append(result("one")), std::runtime_error);
  }
  ResultsLog log(dir / "m.jsonl");
  CHECK_FALSE(log.dropped_partial_line());
  const auto rs = log.results();
  REQUIRE(rs.size() == 2);
  CHECK(rs[1].id == "two");
  CHECK(rs[0].goals == std::vector<int>{100, 0});
  CHECK(rs[0].failed == std::vector<int>{2, 0});
  CHECK(rs[0].cpu_ms[0] == 120.5);
  CHECK(log.contains("one"));
  CHECK_FALSE(log.contains("three"));
  fs::remove_all(dir);
}

TEST_CASE("results log: a partial last line is dropped, and the next line starts clean") {
  const fs::path dir = empty_folder("partial");
  {
    ResultsLog log(dir / "m.jsonl");
    log.append(result("one"));
  }
  const std::string whole = slurp(dir / "m.jsonl");
  {
    std::ofstream out(dir / "m.jsonl", std::ios::app);
    out << to_json(result("two")).dump().substr(0, 40);  // killed mid-write
  }
  {
    ResultsLog log(dir / "m.jsonl");
    CHECK(log.dropped_partial_line());
    CHECK(log.results().size() == 1);
    CHECK(slurp(dir / "m.jsonl") == whole);  // truncated back
    log.append(result("two"));
  }
  ResultsLog log(dir / "m.jsonl");
  CHECK_FALSE(log.dropped_partial_line());
  CHECK(log.results().size() == 2);

  {
    std::ofstream out(dir / "bad.jsonl");
    out << "{not json}\n" << to_json(result("x")).dump() << "\n";
  }
  CHECK_THROWS_AS(ResultsLog(dir / "bad.jsonl"), std::runtime_error);
  fs::remove_all(dir);
}
