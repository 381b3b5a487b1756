#include <doctest/doctest.h>

#include "validation_helpers.h"

using namespace ggp::gdl::testing;

TEST_CASE("stratification: no cycle through 'not'") {
  CHECK(errors_with("(<= (legal r a) (not q))\n(<= q (true p))\n") == "");
  std::string e = errors_with("(<= (legal r a) s)\n(<= s (true p) (not q))\n(<= q s)\n");
  CHECK(has(e,
            "t.kif:8:21: negation is not stratified: s depends on (not q) and q -> s closes a "
            "cycle through the negation\n    in rule: (<= s (true p) (not q))"));
}

TEST_CASE("stratification: negations inside 'or' and nested 'not' count") {
  CHECK(has(errors_with("(<= (legal r a) s)\n(<= s (or (true p) (not s)))\n"),
            "t.kif:8:25: negation is not stratified"));
  // A double negation is still a negative edge in the dependency graph.
  CHECK(has(errors_with("(<= (legal r a) s)\n(<= s (true p) (not (not s)))\n"),
            "negation is not stratified"));
}

TEST_CASE("stratification: a cycle of relations that no chain of rules closes is a warning") {
  // The pattern of base/hexPie and base/queens*: goal defined by the absence of another goal.
  std::string snippet = "(<= (goal r 0) (not (goal r 100)))\n";
  CHECK(errors_with(snippet) == "");
  CHECK(has(warnings_with(snippet), "t.kif:7:21: warning: stratified only rule by rule"));
  // ... but a rule whose instance negates itself is an error.
  CHECK(has(errors_with("(<= (goal r 0) (not (goal r ?v)) (val ?v))\n(val 0)\n"),
            "t.kif:7:21: negation is not stratified"));
}

TEST_CASE("recursion restriction: recursive atoms use head arguments, ground or outside terms") {
  // The recursive atom's arguments are the head's, ground, or bound outside the recursion.
  CHECK(errors_with("(succ 1 2)\n(succ 2 3)\n(<= (lt ?x ?y) (succ ?x ?y))\n"
                    "(<= (lt ?x ?z) (succ ?x ?y) (lt ?y ?z))\n(<= (legal r a) (lt 1 3))\n") == "");
  // A term found inside an acyclic atom, not only as its argument, is bounded too.
  CHECK(errors_with("(<= (conn ?x ?y) (true (link ?x ?y)))\n"
                    "(<= (conn ?x ?z) (conn ?x ?y) (true (link ?y ?z)))\n"
                    "(<= (legal r a) (conn 1 1))\n") == "");
  // Building bigger terms by recursion is what the restriction forbids: a warning, since a
  // top-down prover (GGP-Base's, and ours on demand) follows it where the calls bind it.
  std::string num = "(num 0)\n(<= (num (s ?x)) (num ?x))\n(<= (legal r a) (num 0))\n";
  CHECK(errors_with(num) == "");
  CHECK(has(warnings_with(num),
            "t.kif:8:18: warning: recursion restriction violated: the argument ?x of (num ?x)"));
  // Recursive atoms inside an `or` are checked too, against the atoms outside it.
  std::string lt = "(succ 1 2)\n(<= (lt ?x ?z) (succ ?x ?z))\n(<= (legal r a) (lt 1 2))\n";
  CHECK(errors_with(lt + "(<= (lt ?x ?z) (succ ?y ?z) (or (lt ?x ?y) (succ ?x ?z)))\n") == "");
  CHECK(has(warnings_with(lt + "(<= (lt ?x ?z) (succ ?y ?w) (or (lt ?x (f ?z)) (succ ?x ?z)))\n"),
            "t.kif:10:33: warning: recursion restriction violated: the argument (f ?z) of (lt ?x "
            "(f ?z))"));
}

TEST_CASE("recursion restriction: recursion the rules never close is allowed") {
  // stanford/candydilemma: `pluss` by 10 uses `pluss` by 5, which only facts define.
  std::string snippet =
      "(pluss 0 5 5)\n(pluss 5 5 10)\n"
      "(<= (pluss ?x 10 ?y) (pluss ?x 5 ?z) (pluss ?z 5 ?y))\n"
      "(<= (legal r a) (pluss 0 10 ?v))\n";
  CHECK(errors_with(snippet) == "");
}
