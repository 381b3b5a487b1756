// The runner on the project's tic-tac-toe: in-process players two matches at a time, players over
// HTTP as `ggp serve` processes with their CPU measured, and the HTML report of the results.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "agent/random_player.h"
#include "support/files.h"
#include "tournament/html_report.h"
#include "tournament/runner.h"
#include "tournament/summary.h"

using namespace ggp::tournament;
namespace fs = std::filesystem;

namespace {

using ggp::testing::fresh_folder;
using ggp::testing::slurp;

TournamentSpec tic_tac_toe(int matches) {
  TournamentSpec spec;
  spec.games.push_back({"ticTacToe", std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif"});
  spec.players = {{"one", "random", ""}, {"two", "random", ""}, {"three", "random", ""}};
  spec.settings.matches = matches;
  spec.settings.start_clock = 1;
  spec.settings.play_clock = 1;
  return spec;
}

RunHooks random_players() {
  RunHooks hooks;
  hooks.make_player = [](const std::string&, uint64_t seed) {
    return ggp::agent::make_random_player(seed);
  };
  hooks.ggp_binary = GGP_BINARY;
  return hooks;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("runner: in-process players, two matches at a time, every scheduled match once") {
  const fs::path dir = fresh_folder("ggp_runner_inprocess");
  TournamentSpec spec = tic_tac_toe(2);
  spec.settings.parallel = 2;
  Tournament t(spec);
  REQUIRE(t.schedule().size() == 6);
  size_t progress_calls = 0, finished = 0;
  RunHooks hooks = random_players();
  hooks.progress = [&](const Progress& p) {
    ++progress_calls;
    finished += p.finished != nullptr;
    CHECK(p.total == 6);
    CHECK(p.running <= 2);
  };
  const auto results = t.run(dir, hooks);
  CHECK(finished == 6);
  CHECK(progress_calls > finished);  // per turn too
  REQUIRE(results.size() == 6);
  std::set<std::string> ids;
  for (const MatchResult& r : results) {
    ids.insert(r.id);
    CHECK_FALSE(r.aborted);
    CHECK(r.goals.size() == 2);
    CHECK(r.cpu_ms.empty());  // not measured in-process
    const nlohmann::json record = nlohmann::json::parse(slurp(dir / r.record));
    CHECK(record["matchId"] == r.id);
    CHECK(record["states"].size() == r.turns + 1);
  }
  CHECK(ids.size() == 6);
  CHECK(t.run(dir, random_players()).size() == 6);  // nothing left: the same results
  fs::remove_all(dir);
}

TEST_CASE("runner: players over HTTP are ggp serve processes; their CPU is measured") {
  const fs::path dir = fresh_folder("ggp_runner_http");
  TournamentSpec spec = tic_tac_toe(2);
  spec.players.pop_back();
  spec.players[1].spec = "uct:playouts=300";
  spec.settings.over_http = true;
  Tournament t(spec);
  const auto results = t.run(dir, random_players());
  REQUIRE(results.size() == 2);
  for (const MatchResult& r : results) {
    CHECK_FALSE(r.aborted);
    REQUIRE(r.cpu_ms.size() == 2);
    CHECK(r.cpu_ms[0] >= 0);
    CHECK(r.cpu_ms[1] >= 0);
    for (size_t role = 0; role < 2; ++role) {
      CHECK(r.failed[role] == 0);
      CHECK(r.timeouts[role] == 0);
    }
  }
  const nlohmann::json record = nlohmann::json::parse(slurp(dir / results[0].record));
  std::set<std::string> names = {record["playerNamesFromHost"][0], record["playerNamesFromHost"][1]};
  CHECK(names == std::set<std::string>{"one", "two"});  // each process answered INFO by name
  // The process logs a line per message, the player's notes with it.
  const std::string log = slurp(dir / "players" / "one-1.log");
  CHECK(log.find(" PLAY -> ") != std::string::npos);
  CHECK(log.find("note=") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("runner: a player of another binary plays over HTTP beside an in-process one") {
  const fs::path dir = fresh_folder("ggp_runner_binary");
  TournamentSpec spec = tic_tac_toe(2);
  spec.players.pop_back();
  spec.players[1].binary = GGP_BINARY;  // as a copy of another build would be
  Tournament t(spec);
  CHECK(t.identity()["players"][1]["binary"] == GGP_BINARY);
  const auto results = t.run(dir, random_players());
  REQUIRE(results.size() == 2);
  for (const MatchResult& r : results) {
    REQUIRE(r.cpu_ms.size() == 2);
    const size_t served = r.players[0] == "two" ? 0 : 1;
    CHECK(r.cpu_ms[served] >= 0);
    CHECK(r.cpu_ms[1 - served] < 0);  // in-process: not measured
  }
  CHECK(fs::exists(dir / "players" / "two-1.log"));
  CHECK_FALSE(fs::exists(dir / "players" / "one-1.log"));
  fs::remove_all(dir);
}

TEST_CASE("report: charts, heat maps, the match list and replay data in one file") {
  const fs::path dir = fresh_folder("ggp_runner_report");
  Tournament t(tic_tac_toe(2));
  const auto results = t.run(dir, random_players());
  ReportInput in;
  in.title = "a <test> report";
  in.summary = summarise({"ticTacToe"}, {"one", "two", "three"}, results);
  in.results = results;
  in.dir = dir;
  const std::string html = html_report(in);
  CHECK(html.find("<title>a &lt;test&gt; report</title>") != std::string::npos);
  CHECK(count(html, "<rect class=\"bar\"") == 3);
  CHECK(count(html, "<g class=\"err\">") == 3);
  CHECK(count(html, "<rect class=\"heat\"") == 3 + 6);  // players by game, then pairings
  CHECK(count(html, "href=\"#replay=") == 6);
  CHECK(count(html, "http://") == count(html, "http://www.w3.org/2000/svg"));  // no address else
  CHECK(html.find("https://") == std::string::npos);
  const size_t data = html.find("id=\"report-data\">");
  REQUIRE(data != std::string::npos);
  const size_t begin = data + 17, end = html.find("</script>", begin);
  const nlohmann::json j = nlohmann::json::parse(html.substr(begin, end - begin));
  CHECK(j["matches"].size() == 6);
  CHECK(j["games"][0]["board"]["relation"] == "square");  // tic-tac-toe's cells
  CHECK(j["games"][0]["board"]["first"].size() == 3);
  fs::remove_all(dir);
}

TEST_CASE("report: a record's states read as compact facts") {
  CHECK(record_state_facts("( ( cell 1 1 b ) ( control xplayer ) step )") ==
        std::vector<std::string>{"(cell 1 1 b)", "(control xplayer)", "step"});
  CHECK(record_state_facts("( )").empty());
  CHECK(html_escape("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;");
}
