#include <doctest/doctest.h>

#include <string>

#include "gdl/parser.h"

using namespace ggp::gdl;

TEST_CASE("reader: comments, whitespace, case-insensitive keywords, case-preserving symbols") {
  Game g = parse_game("; a comment\n(ROLE x)\n(Role O)\t(<= (LEGAL ?p (Mark 1 1)) (TRUE (cell b)))");
  REQUIRE(g.roles.size() == 2);
  CHECK(g.symbols.name(g.roles[1]) == "O");
  REQUIRE(g.rules.size() == 3);
  const Rule& r = g.rules[2];
  CHECK(r.head.name == kw::legal);
  CHECK(to_string(r, g.symbols) == "(<= (legal ?p (Mark 1 1)) (true (cell b)))");
}

TEST_CASE("reader: not, distinct, or") {
  Game g = parse_game("(<= p (not q) (distinct ?x (f ?y)) (or r (s ?x)) (t ?x ?y))");
  REQUIRE(g.rules.size() == 1);
  const auto& body = g.rules[0].body;
  REQUIRE(body.size() == 4);
  CHECK(body[0].kind == Literal::Kind::Not);
  CHECK(body[1].kind == Literal::Kind::Distinct);
  CHECK(body[2].kind == Literal::Kind::Or);
  CHECK(body[2].children.size() == 2);
}

TEST_CASE("reader: errors name the line and column") {
  SymbolTable symbols;
  try {
    read_sexprs("(role x)\n  (role y))", "<rules>", symbols);
    FAIL("expected an error");
  } catch (const GdlError& e) {
    CHECK(std::string(e.what()) == "<rules>:2:11: unbalanced ')': no list is open here");
  }
  CHECK_THROWS_AS(parse_game("(role x"), GdlError);
  CHECK_THROWS_AS(parse_game("(<= (p ?x) ?x)"), GdlError);
  CHECK_THROWS_AS(parse_game("(<= p (not a b))"), GdlError);
}

TEST_CASE("reader: 100,000 nested parentheses give an error, not a stack overflow") {
  std::string deep(100000, '(');
  deep += std::string(100000, ')');
  CHECK_THROWS_AS(parse_game(deep), GdlError);
}
