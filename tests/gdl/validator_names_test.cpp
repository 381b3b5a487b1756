#include <doctest/doctest.h>

#include "gdl/findings.h"
#include "validation_helpers.h"

using namespace ggp::gdl;
using namespace ggp::gdl::testing;

TEST_CASE("validator: the base game of these tests is valid, without warnings") {
  ValidationReport r = report_of(kGame);
  CHECK(join(r.errors) == "");
  CHECK(join(r.warnings) == "");
}

TEST_CASE("validator: at least one role") {
  std::string e = join(report_of("(init p)\n(<= (legal r a) (true p))\n").errors);
  CHECK(e.find("no (role ...) fact") != std::string::npos);
}

TEST_CASE("validator: a logical operator cannot name a sentence") {
  CHECK(errors_with("(<= (or a b) (true p))\n").find("t.kif:7:1: 'or' cannot name a sentence") !=
        std::string::npos);
}

TEST_CASE("validator: check_game collects every error; validate throws them all") {
  std::string text = std::string(kGame) + "(<= (or a b) (true p))\n(<= (next (q ?x)) (true p))\n";
  Game game = parse_game(text, "t.kif");
  try {
    validate(game);
    FAIL("expected a GdlError");
  } catch (const GdlError& e) {
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(e.diagnostics()[0].where.line == 7);
    CHECK(e.diagnostics()[1].where.line == 8);
  }
}

TEST_CASE("validator: a huge number of errors is capped, with a count of the rest") {
  std::string text(kGame);
  for (int i = 0; i < 1000; ++i) text += "(<= (next (q ?x)) (true p))\n";
  ValidationReport r = report_of(text);
  REQUIRE(r.errors.size() == Findings::kMaxKept + 1);
  CHECK(r.errors.back().message == "... and 900 more errors");
}
