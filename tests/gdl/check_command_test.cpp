// `ggp check` end to end: output and exit status (the binary must have been built).
#include <doctest/doctest.h>

#include "support/run_command.h"
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace {

using Run = ggp::testing::CommandRun;

ggp::testing::CommandRun run_check(const std::string& game, const std::string& flags = "") {
  std::string command = std::string(GGP_BINARY) + " check " + flags + " '" + game + "' 2>&1";
  return ggp::testing::run_command(command);
}

}  // namespace

TEST_CASE("ggp check: roles, counts and 'valid', or the errors and exit 1") {
  if (!std::filesystem::exists(GGP_BINARY)) {
    MESSAGE("skipped: " << GGP_BINARY << " is not built");
    return;
  }
  const std::string games = std::string(GGP_SHARED_DIR) + "/games/";
  Run ok = run_check(games + "base/ticTacToe.kif");
  CHECK(ok.status == 0);
  CHECK(ok.output.find("roles: xplayer oplayer\n") != std::string::npos);
  CHECK(ok.output.find("rules: ") != std::string::npos);
  CHECK(ok.output.find("facts: ") != std::string::npos);
  CHECK(ok.output.find("relations: ") != std::string::npos);
  CHECK(ok.output.find("valid\n") != std::string::npos);

  Run bad = run_check(games + "ggp-base_test/test_invalid_sentence_arities_differ.kif");
  CHECK(bad.status == 1);
  CHECK(bad.output.find("test_invalid_sentence_arities_differ.kif:13:1: the relation 'foo'") !=
        std::string::npos);
  CHECK(bad.output.find("in rule: (foo bar bar)") != std::string::npos);

  // base/hexPie is valid with a warning (goal negates goal); --strict rejects it.
  CHECK(run_check(games + "base/hexPie.kif").status == 0);
  Run strict = run_check(games + "base/hexPie.kif", "--strict");
  CHECK(strict.status == 1);
  CHECK(strict.output.find("warning: stratified only rule by rule") != std::string::npos);

  Run missing = run_check(games + "no_such_game.kif");
  CHECK(missing.status == 1);
  CHECK(missing.output.find("cannot open the file") != std::string::npos);
}
