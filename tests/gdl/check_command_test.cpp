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
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  Run ok = run_check(std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif");
  CHECK(ok.status == 0);
  CHECK(ok.output.find("roles: crosses noughts\n") != std::string::npos);
  CHECK(ok.output.find("rules: ") != std::string::npos);
  CHECK(ok.output.find("facts: ") != std::string::npos);
  CHECK(ok.output.find("relations: ") != std::string::npos);
  CHECK(ok.output.find("valid\n") != std::string::npos);

  const std::string kif = std::string(GGP_SOURCE_ROOT) + "/tests/kif/";
  // A name used with two arities is two names, as GGP-Base reads it: a warning, an error under
  // --strict.
  Run lax = run_check(kif + "arity_mismatch.kif");
  CHECK(lax.status == 0);
  CHECK(lax.output.find("arity_mismatch.kif:9:44: warning: the relation 'adjacent' is used here "
                        "with 3 arguments but with 2 arguments at 7:1") != std::string::npos);
  CHECK(lax.output.find("in rule: (<= (legal alice (step ?y)) (true (at ?x)) (adjacent ?x ?y "
                        "left))") != std::string::npos);
  Run bad = run_check(kif + "arity_mismatch.kif", "--strict");
  CHECK(bad.status == 1);
  CHECK(bad.output.find("arity_mismatch.kif:9:44: warning: the relation 'adjacent'") !=
        std::string::npos);

  // goal_self_negation is valid with a warning (goal negates goal); --strict rejects it.
  CHECK(run_check(kif + "goal_self_negation.kif").status == 0);
  Run strict = run_check(kif + "goal_self_negation.kif", "--strict");
  CHECK(strict.status == 1);
  CHECK(strict.output.find("warning: stratified only rule by rule") != std::string::npos);

  Run missing = run_check(kif + "no_such_game.kif");
  CHECK(missing.status == 1);
  CHECK(missing.output.find("cannot open the file") != std::string::npos);
}
