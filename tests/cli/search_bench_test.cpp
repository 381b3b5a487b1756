// `ggp bench-search` end to end: with the same seed and budget two runs print the same signature,
// each chosen move is a legal move of its role in the initial state, and --json agrees with the
// text output; a search from a match record's position weighs only that position's legal moves.
#include <doctest/doctest.h>

#include "support/run_command.h"
#include "support/temp_record.h"
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"

namespace {

const std::string kGame = std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif";

using Run = ggp::testing::CommandRun;

ggp::testing::CommandRun run_bench_search(const std::string& flags) {
  std::string command =
      std::string(GGP_BINARY) + " bench-search '" + kGame + "' " + flags + " 2>&1";
  return ggp::testing::run_command(command);
}

// The text output's "key: value" lines.
std::map<std::string, std::string> fields(const std::string& output) {
  std::map<std::string, std::string> out;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    size_t colon = line.find(": ");
    if (colon != std::string::npos) out[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return out;
}

}  // namespace

TEST_CASE("ggp bench-search: a deterministic signature and legal moves") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  const std::string flags = "--searcher uct --playouts 2000 --seed 7";
  Run first = run_bench_search(flags);
  Run second = run_bench_search(flags);
  REQUIRE(first.status == 0);
  REQUIRE(second.status == 0);
  auto a = fields(first.output);
  auto b = fields(second.output);
  REQUIRE(a.count("signature") == 1);
  CHECK(a["signature"].size() == 16);
  CHECK(a["signature"] == b["signature"]);
  CHECK(a["nodes"] == b["nodes"]);
  const uint64_t playouts = std::stoull(a["playouts"]);
  CHECK(playouts > 0);
  CHECK(playouts <= 2000);

  auto game = ggp::gdl::load_game_file(kGame);
  auto built = ggp::propnet::make_machine(game, ggp::propnet::MachineKind::Prover);
  ggp::reasoner::StateMachine& m = *built.machine;
  const ggp::reasoner::State start = m.initial_state();
  for (ggp::reasoner::RoleIndex r = 0; r < m.num_roles(); ++r) {
    const std::string key = "move " + m.role_name(r);
    REQUIRE_MESSAGE(a.count(key) == 1, first.output);
    auto legal = ggp::reasoner::legal_move_texts(m, start, r);
    CHECK_MESSAGE(std::find(legal.begin(), legal.end(), a[key]) != legal.end(), a[key]);
    CHECK(a[key] == b[key]);
  }

  Run json = run_bench_search(flags + " --json");
  REQUIRE(json.status == 0);
  nlohmann::json j = nlohmann::json::parse(json.output);
  CHECK(j["signature"] == a["signature"]);
  CHECK(std::to_string(j["nodes"].get<uint64_t>()) == a["nodes"]);
}

TEST_CASE("ggp bench-search: an unknown searcher or 'random' exits 1 with a message") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  Run unknown = run_bench_search("--searcher nosuch --playouts 10");
  CHECK(unknown.status == 1);
  CHECK(unknown.output.find("unknown player 'nosuch'") != std::string::npos);
  Run random = run_bench_search("--searcher random --playouts 10");
  CHECK(random.status == 1);
  CHECK(random.output.find("not a searcher") != std::string::npos);
}

TEST_CASE("ggp bench-search --record: a search from a record's position, its root moves weighed") {
  const ggp::testing::TempRecord record("ggp_search_record");
  // Crosses in a corner, noughts beside it: crosses to move, the two squares taken are not legal.
  record.write({{"(place 1 1)", "pass"}, {"pass", "(place 1 2)"}});
  const std::string flags = "--searcher uct --playouts 2000 --record '" + record.path() + "'";
  Run run = run_bench_search(flags + " --turn 2 --json");
  REQUIRE(run.status == 0);
  const auto j = nlohmann::json::parse(run.output);
  const auto& votes = j["votes"]["crosses"];
  CHECK(votes.size() == 7);
  CHECK_FALSE(votes.contains("(place 1 1)"));
  CHECK_FALSE(votes.contains("(place 1 2)"));
  CHECK(votes.contains(j["moves"]["crosses"].get<std::string>()));
  CHECK(j["votes"]["noughts"].size() == 1);  // noughts only waits
  Run past_end = run_bench_search(flags + " --turn 3");
  CHECK(past_end.status == 1);
  CHECK(past_end.output.find("the record has 2 turns") != std::string::npos);
}

TEST_CASE("ggp bench-search --seconds and --role: a timed search that knows its role") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  Run timed = run_bench_search("--searcher uct:guard=3 --seconds 0.2 --role crosses --json");
  REQUIRE_MESSAGE(timed.status == 0, timed.output);
  const auto j = nlohmann::json::parse(timed.output);
  CHECK(j["playouts"].get<uint64_t>() > 0);
  CHECK(j["seconds"].get<double>() >= 0.2);
  // The guard checks moves only for a searcher told its role. Under a playout budget its checks
  // do not depend on the clock (in 0.2 s under heavy load the guard's share can end before its
  // first check, as it did once beside a self-play screen).
  const std::string guarded = "--searcher uct:guard=3 --playouts 500 --json";
  Run told = run_bench_search(guarded + " --role crosses");
  REQUIRE_MESSAGE(told.status == 0, told.output);
  CHECK(nlohmann::json::parse(told.output)["note"].get<std::string>().find("guard: ") !=
        std::string::npos);
  Run untold = run_bench_search(guarded);
  REQUIRE_MESSAGE(untold.status == 0, untold.output);
  CHECK(nlohmann::json::parse(untold.output)["note"].get<std::string>().find("guard: ") ==
        std::string::npos);
  Run no_role = run_bench_search("--searcher uct --seconds 0.1 --role nobody");
  CHECK(no_role.status == 1);
  CHECK(no_role.output.find("no role named 'nobody'") != std::string::npos);
  Run both = run_bench_search("--searcher uct --seconds 0.1 --playouts 10");
  CHECK(both.status != 0);
  CHECK(both.output.find("excludes") != std::string::npos);
}
