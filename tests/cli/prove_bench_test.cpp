// `ggp bench-prove` end to end: to a depth it reaches, two runs find the same proofs and states
// (the same signature); Connect Four's random games hold proofs to find; a game of one role is
// refused with a message; a position of a match record is proven and its moves named.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"
#include "support/temp_record.h"

namespace {

ggp::testing::CommandRun run_bench_prove(const std::string& game, const std::string& flags) {
  return ggp::testing::run_command(std::string(GGP_BINARY) + " bench-prove '" + GGP_SOURCE_ROOT +
                                   "/games_kif/" + game + "' " + flags + " 2>&1");
}

}  // namespace

TEST_CASE("ggp bench-prove: the same proofs on every run, to the depth asked") {
  const std::string flags = "--positions 6 --plies 5 --seconds 120 --json";
  const auto first = run_bench_prove("connect_four.kif", flags);
  const auto second = run_bench_prove("connect_four.kif", flags);
  REQUIRE(first.status == 0);
  REQUIRE(second.status == 0);
  const auto a = nlohmann::json::parse(first.output);
  const auto b = nlohmann::json::parse(second.output);
  CHECK(a["deepest"] == 6);  // every position searched to 5 turns, or won before
  CHECK(a["signature"] == b["signature"]);
  CHECK(a["states"] == b["states"]);
  size_t proofs = 0;
  for (const auto& p : a["positions"]) {
    CHECK(p["plies"].get<int>() <= 5);
    proofs += p["lost"].get<size_t>() + (p["won"].get<bool>() ? 1 : 0);
  }
  CHECK(proofs > 0);
}

TEST_CASE("ggp bench-prove: a game that is not for two roles exits 1 with a message") {
  const auto run = run_bench_prove("eight_puzzle.kif", "--positions 1");
  CHECK(run.status == 1);
  CHECK(run.output.find("the proof search is for two") != std::string::npos);
}

TEST_CASE("ggp bench-prove --record: the position after a record's turns, its proven moves named") {
  const ggp::testing::TempRecord record("ggp_prove_record");
  // Crosses in a corner, noughts beside it: crosses forces a win (a move, then two more turns of
  // each role at most), so the root is won within five turns and the move says four after it.
  record.write({{"(place 1 1)", "pass"}, {"pass", "(place 1 2)"}});
  const std::string flags = "--record '" + record.path() + "' --plies 3";
  const auto won = run_bench_prove("ticTacToe.kif", flags + " --turn 2");
  CHECK(won.status == 0);
  CHECK(won.output.find("won within 4 turns") != std::string::npos);
  const auto past_end = run_bench_prove("ticTacToe.kif", flags + " --turn 3");
  CHECK(past_end.status == 1);
  CHECK(past_end.output.find("the record has 2 turns") != std::string::npos);
  record.write({{"(place 1 1)", "pass"}, {"pass", "(place 1 1)"}});
  const auto illegal = run_bench_prove("ticTacToe.kif", flags + " --turn 2");
  CHECK(illegal.status == 1);
  CHECK(illegal.output.find("turn 2: (place 1 1) is not legal") != std::string::npos);
}
