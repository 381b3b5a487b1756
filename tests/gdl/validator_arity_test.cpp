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

TEST_CASE("validator: a relation has one arity") {
  CHECK(errors_with("(foo a)\n(<= (bar ?x) (foo ?x))\n") == "");
  std::string e = errors_with("(foo a)\n(<= (bar ?x) (foo ?x b))\n");
  CHECK(e.find("t.kif:8:14: the relation 'foo' is used here with 2 arguments but with 1 argument "
               "at 7:1") != std::string::npos);
  CHECK(e.find("in rule: (<= (bar ?x) (foo ?x b))") != std::string::npos);
  // A proposition and a relation of the same name.
  CHECK(errors_with("q\n(q a)\n").find("t.kif:8:1: the relation 'q'") != std::string::npos);
}

TEST_CASE("validator: a function symbol has one arity, wherever it occurs") {
  CHECK(errors_with("(<= (legal r (m ?x)) (f ?x))\n(f 1)\n(<= (next (c (m 1))) (true p))\n") == "");
  std::string e = errors_with(
      "(<= (legal r (m ?x)) (f ?x))\n(f 1)\n(<= (h ?x) (f ?x) (distinct ?x (m 1 2)))\n");
  CHECK(e.find("t.kif:9:19: the function 'm' is used here with 2 arguments but with 1 argument "
               "at 7:1") != std::string::npos);
}

TEST_CASE("validator: keywords have their GDL arities") {
  std::string e = errors_with("(<= (legal r a b) (true p))\n(<= (goal r) (true p))\n");
  CHECK(e.find("t.kif:7:1: 'legal' takes 2 arguments, here 3") != std::string::npos);
  CHECK(e.find("t.kif:8:1: 'goal' takes 2 arguments, here 1") != std::string::npos);
  CHECK(errors_with("(<= (terminal x) (true p))\n").find("'terminal' takes 0 arguments") !=
        std::string::npos);
}

TEST_CASE("validator: relation keywords are not function symbols; logical ones only warn") {
  CHECK(errors_with("(<= (legal r (does r a)) (true p))\n")
            .find("t.kif:7:1: the keyword 'does' is used as a function symbol") !=
        std::string::npos);
  CHECK(errors_with("(clause 1 (not 18))\n") == "");
  CHECK(warnings_with("(clause 1 (not 18))\n").find("t.kif:7:1: warning: the keyword 'not'") !=
        std::string::npos);
}

TEST_CASE("validator: a logical operator cannot name a sentence") {
  CHECK(errors_with("(<= (or a b) (true p))\n").find("t.kif:7:1: 'or' cannot name a sentence") !=
        std::string::npos);
}

TEST_CASE("validator: check_game collects every error; validate throws them all") {
  std::string text = std::string(kGame) + "(foo a)\n(foo a b)\n(<= (legal r ?x) (true p))\n";
  Game game = parse_game(text, "t.kif");
  try {
    validate(game);
    FAIL("expected a GdlError");
  } catch (const GdlError& e) {
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(e.diagnostics()[0].where.line == 8);
    CHECK(e.diagnostics()[1].where.line == 9);
  }
}

TEST_CASE("validator: a huge number of errors is capped, with a count of the rest") {
  std::string text(kGame);
  for (int i = 0; i < 1000; ++i) text += "(<= (legal r ?x) (true p))\n";
  ValidationReport r = report_of(text);
  REQUIRE(r.errors.size() == Findings::kMaxKept + 1);
  CHECK(r.errors.back().message == "... and 900 more errors");
}
