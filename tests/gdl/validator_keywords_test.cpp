#include <doctest/doctest.h>

#include "validation_helpers.h"

using namespace ggp::gdl;
using namespace ggp::gdl::testing;

TEST_CASE("keywords: roles are ground facts, declared once") {
  CHECK(errors_with("(role s)\n") == "");
  CHECK(has(errors_with("(<= (role s) (true p))\n"),
            "t.kif:7:1: 'role' must be given by facts, not by rules"));
  CHECK(has(errors_with("(role r)\n"), "t.kif:7:1: the role r is declared twice (first at 1:1)"));
  CHECK(has(errors_with("(role (team a))\n"), "t.kif:7:1: a role must be a constant"));
}

TEST_CASE("keywords: 'true' and 'does' are never heads") {
  CHECK(has(errors_with("(true q)\n"), "t.kif:7:1: 'true' cannot be the head of a rule or a fact"));
  CHECK(has(errors_with("(<= (does r b) (true p))\n"),
            "t.kif:7:1: 'does' cannot be the head of a rule or a fact"));
}

TEST_CASE("keywords: 'next' never in a body; 'init' in a body is a warning") {
  CHECK(has(errors_with("(<= (legal r b) (next p))\n"),
            "t.kif:7:17: 'next' cannot be used in the body of a rule"));
  // stanford/capturetheflag reads init in a body; GGP-Base plays it.
  CHECK(errors_with("(<= (legal r b) (init p))\n") == "");
  CHECK(
      has(warnings_with("(<= (legal r b) (init p))\n"), "t.kif:7:17: warning: 'init' should not"));
}

TEST_CASE("keywords: legal, goal and terminal depending on 'does' is a warning") {
  std::string snippet = "(<= moved (does r a))\n(<= (goal r 0) moved)\n";
  CHECK(errors_with(snippet) == "");
  CHECK(has(warnings_with(snippet),
            "t.kif:8:16: warning: 'goal' must not depend on 'does', but goal -> moved -> does"));
  CHECK(warnings_with("(<= (next q) (does r a))\n") == "");
}

TEST_CASE("keywords: init, base and input do not depend on the state or the moves") {
  CHECK(errors_with("(<= (init q) (cell 1))\n(cell 1)\n") == "");
  CHECK(has(errors_with("(<= (init q) (true p))\n"),
            "t.kif:7:14: 'init' must not depend on 'true', but init -> true"));
  CHECK(has(errors_with("(<= s terminal)\n(<= (base q) s)\n"),
            "t.kif:8:14: 'base' must not depend on 'terminal', but base -> s -> terminal"));
}

TEST_CASE("keywords: relations used but never defined are a warning") {
  CHECK(has(warnings_with("(<= (legal r b) (true p) (ghost 1))\n"),
            "t.kif:7:26: warning: 'ghost' is never defined, so it is always false"));
}

TEST_CASE("keywords: a constant role argument that is no role, a goal value out of 0..100") {
  CHECK(errors_with("(<= (legal s a) (true p))\n") == "");
  CHECK(has(warnings_with("(<= (legal s a) (true p))\n"),
            "t.kif:7:1: warning: 's' in (legal s a) is not a role"));
  CHECK(has(warnings_with("(<= (goal r 101) (true p))\n"),
            "t.kif:7:1: warning: the goal value 101 is not an integer from 0 to 100"));
  CHECK(warnings_with("(<= (goal r 0) (true p))\n(<= (goal r ?v) (val ?v))\n(val 50)\n") == "");
}
