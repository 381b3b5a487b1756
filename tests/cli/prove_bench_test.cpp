// `ggp bench-prove` end to end: to a depth it reaches, two runs find the same proofs and states
// (the same signature); Connect Four's random games hold proofs to find; a game of one role is
// refused with a message.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

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
