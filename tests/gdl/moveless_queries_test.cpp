// The moveless reading of legal, goal and terminal (gdl/moveless_queries.h), on rule texts. The
// machines' play of such games is tested in tests/propnet/moveless_queries_test.cpp.
#include "gdl/moveless_queries.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gdl/parser.h"
#include "rule_texts.h"

using namespace ggp::gdl;
using ggp::gdl::testing::rule_texts;

TEST_CASE("moveless queries: does is false in legal, goal and terminal, and only there") {
  const std::string rules =
      "(role a) (init s) (index 1)"
      "(<= (legal a (pick ?x)) (index ?x))"
      "(<= (legal a (echo ?x)) (does a (pick ?x)))"
      "(<= (legal a rest) (not picked))"
      "(<= picked (does a (pick 1)))"
      "(<= picked (true s) (not (does a (pick 2))))"
      "(<= (next flag) picked)"
      "(<= terminal (or (does a (pick 1)) (true flag)))"
      "(<= (goal a 0) (or (not (does a (pick 1))) (true flag)))";
  Game g = parse_game(rules);
  CHECK(read_queries_without_moves(g) == 1);
  CHECK(rule_texts(g) ==
        std::vector<std::string>{
            "(role a)", "(init s)", "(index 1)", "(<= (legal a (pick ?x)) (index ?x))",
            "(<= (legal a rest) (not picked~moveless))", "(<= picked (does a (pick 1)))",
            "(<= picked (true s) (not (does a (pick 2))))", "(<= (next flag) picked)",
            "(<= terminal (true flag))", "(goal a 0)", "(<= picked~moveless (true s))"});
}

TEST_CASE("moveless queries: a sheet whose queries do not depend on does comes back unchanged") {
  const std::string rules =
      "(role a) (init s) (<= (legal a go) (true s)) (<= (next t) (does a go))"
      "(<= terminal (true t)) (<= (goal a 100) (true t))";
  Game g = parse_game(rules);
  CHECK(read_queries_without_moves(g) == 0);
  CHECK(rule_texts(g) == rule_texts(parse_game(rules)));
}
