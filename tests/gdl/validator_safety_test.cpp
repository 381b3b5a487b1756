#include <doctest/doctest.h>

#include "validation_helpers.h"

using namespace ggp::gdl::testing;

TEST_CASE("safety: variables of the head are bound by a positive atom") {
  CHECK(errors_with("(<= (next (m ?x)) (true (c ?x)))\n") == "");
  std::string e = errors_with("(<= (next (m ?x ?y)) (true (c ?x)))\n");
  CHECK(has(e,
            "t.kif:7:1: unsafe rule: the variable ?y of the head does not occur in a positive "
            "atom of the body\n    in rule: (<= (next (m ?x ?y)) (true (c ?x)))"));
  CHECK(!has(e, "variable ?x"));
}

TEST_CASE("safety: a variable of a legal move that nothing binds is a warning (DoubleAuctionDJ)") {
  std::string snippet = "(<= (legal r (m ?x ?y)) (true (c ?x)))\n";
  CHECK(errors_with(snippet) == "");
  CHECK(has(warnings_with(snippet),
            "t.kif:7:1: warning: unsafe rule: the variable ?y of the head does not occur in a "
            "positive atom of the body; GGP-Base answers with a move that is not ground"));
}

TEST_CASE("safety: a fact is ground") {
  CHECK(has(errors_with("(<= (legal r ?m) (cell ?m))\n(cell ?z)\n"),
            "t.kif:8:1: unsafe rule: the variable ?z of a fact: a fact must be ground"));
}

TEST_CASE("safety: variables of a 'not' are bound elsewhere") {
  CHECK(errors_with("(<= (legal r ?m) (true (c ?m)) (not (true (d ?m))))\n") == "");
  CHECK(has(errors_with("(<= (legal r ?m) (true (c ?m)) (not (true (d ?n))) (distinct ?n 1))\n"),
            "t.kif:7:32: unsafe rule: the variable ?n of a 'not'"));
}

TEST_CASE("safety: variables of a 'distinct' are bound elsewhere") {
  CHECK(errors_with("(<= (legal r ?m) (true (c ?m)) (distinct ?m b))\n") == "");
  CHECK(has(errors_with("(<= (legal r ?m) (true (c ?m)) (distinct ?m ?k))\n"),
            "t.kif:7:32: unsafe rule: the variable ?k of a 'distinct'"));
}

TEST_CASE("safety: an 'or' binds a variable only if every disjunct binds it") {
  CHECK(errors_with("(<= (legal r ?m) (or (true (c ?m)) (true (d ?m ?k))))\n") == "");
  std::string e = errors_with("(<= (next (w ?m)) (or (true (c ?m)) (true (d ?k))))\n");
  CHECK(has(e,
            "t.kif:7:1: unsafe rule: the variable ?m of the head does not occur in a positive "
            "atom of the body (an 'or' binds it in some disjuncts only)"));
  // Nested: the inner `or` binds ?m in both of its disjuncts.
  CHECK(errors_with("(<= (legal r ?m) (or (or (true (c ?m)) (true (e ?m))) (true (d ?m))))\n") ==
        "");
}

TEST_CASE("safety: a requirement inside a disjunct may use what that disjunct binds") {
  CHECK(errors_with("(<= (legal r a) (or (and1 ?x) (true (c ?y))) )\n") == "");
  CHECK(errors_with(
            "(<= (legal r a) (true p) (or (true (c ?x)) (true (d ?x))) (not (true (e ?x))))\n") ==
        "");
  CHECK(errors_with("(<= (legal r a) (or (true (c ?x)) (not (true (d ?x)))))\n") != "");
  std::string e = errors_with("(<= (legal r a) (or (true (c ?x)) (distinct ?x ?y)))\n");
  CHECK(has(e, "t.kif:7:35: unsafe rule: the variables ?x, ?y of a 'distinct'"));
}

TEST_CASE("safety: the role argument of legal or goal is bound by the query (a warning)") {
  // GGP-Base's games/test/test_case_3e.
  std::string snippet = "(<= (legal ?p ?p) (true p))\n(<= (goal ?q 50) (true p))\n";
  CHECK(errors_with(snippet) == "");
  CHECK(
      has(warnings_with(snippet), "t.kif:7:1: warning: unsafe rule: the variable ?p of the head"));
  CHECK(has(warnings_with(snippet), "it is the role argument"));
  // Only the role argument: ?v here is an error.
  CHECK(has(errors_with("(<= (goal ?p ?v) (true p))\n"), "the variable ?v"));
}

TEST_CASE("safety: arguments that every use binds are a warning (ticTacToeClassic)") {
  std::string helper =
      "(<= (distinctCell ?x ?y ?m ?n) (distinct ?x ?m))\n"
      "(<= (distinctCell ?x ?y ?m ?n) (distinct ?y ?n))\n";
  std::string bound_use =
      "(<= (legal r a) (true (c ?x ?y)) (true (c ?m ?n)) (distinctCell ?x ?y ?m ?n))\n";
  CHECK(errors_with(helper + bound_use) == "");
  CHECK(has(warnings_with(helper + bound_use), "every use of 'distinctCell' binds it"));
  std::string free_use = "(<= (legal r ?n) (true (c ?x ?y)) (distinctCell ?x ?y 1 ?n))\n";
  CHECK(has(errors_with(helper + free_use), "t.kif:7:1: unsafe rule"));
}

TEST_CASE("safety: an unsafe rule of a relation the game never uses is a warning") {
  CHECK(errors_with("(<= (helper ?x) (true p))\n") == "");
  CHECK(has(warnings_with("(<= (helper ?x) (true p))\n"), "never used by the game"));
}

TEST_CASE("safety: a variable local to one 'not' is a warning (GGP-Base drops the 'not')") {
  // dresden/RobinsonRoulette: (<= (goal player 100) (not (true (outer ?x empty)))).
  std::string local = "(<= (goal r 0) (not (true (q ?x))))\n";
  CHECK(errors_with(local) == "");
  CHECK(has(warnings_with(local), "t.kif:7:16: warning: unsafe rule: the variable ?x of a 'not'"));
  CHECK(has(warnings_with(local), "it occurs nowhere else"));
  // Shared between two negations, or also in the head, it is an error.
  CHECK(has(errors_with("(<= (goal r 0) (not (true (q ?x))) (not (true (s ?x))))\n"),
            "t.kif:7:16: unsafe rule: the variable ?x of a 'not'"));
  CHECK(has(errors_with("(<= (next (w ?x)) (not (true (q ?x))))\n"), "t.kif:7:1: unsafe rule"));
}

TEST_CASE("safety: a head argument that every use ignores is a warning (dresden/TTTblind)") {
  std::string column = "(<= (column ?m ?z) (true (cell 1 ?n ?z)))\n";
  std::string ignoring = "(<= (legal r ?z) (column ?m ?z))\n";
  CHECK(errors_with(column + ignoring) == "");
  CHECK(has(warnings_with(column + ignoring), "every use of 'column' binds it or ignores it"));
  // A use that shares the variable with another literal neither binds nor ignores it.
  std::string sharing = "(<= (legal r ?z) (column ?m ?z) (not (true (cell ?m 1 ?z))))\n";
  CHECK(has(errors_with(column + sharing), "t.kif:7:1: unsafe rule: the variable ?m"));
}
