#include "gdl/normalize.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "gdl/loader.h"
#include "gdl/parser.h"
#include "gdl/validator.h"
#include "support/corpus.h"

using namespace ggp::gdl;

namespace {

std::vector<std::string> texts(const std::vector<Rule>& rules, const SymbolTable& symbols) {
  std::vector<std::string> out;
  for (const Rule& r : rules) out.push_back(to_string(r, symbols));
  return out;
}

}  // namespace

TEST_CASE("normalize: expand_or gives one rule per choice of disjuncts, in order") {
  Game g = parse_game("(<= (p ?x) (q ?x) (or (a ?x) (b ?x)) (or c (or d e)))");
  std::vector<Rule> rules = expand_or(g.rules[0], g);
  CHECK(texts(rules, g.symbols) == std::vector<std::string>{
                                       "(<= (p ?x) (q ?x) (a ?x) c)",
                                       "(<= (p ?x) (q ?x) (a ?x) d)",
                                       "(<= (p ?x) (q ?x) (a ?x) e)",
                                       "(<= (p ?x) (q ?x) (b ?x) c)",
                                       "(<= (p ?x) (q ?x) (b ?x) d)",
                                       "(<= (p ?x) (q ?x) (b ?x) e)",
                                   });
  CHECK(rules[0].where.line == 1);
}

TEST_CASE("normalize: a negated 'or' becomes a conjunction of negations") {
  Game g = parse_game("(<= (p ?x) (q ?x) (not (or (a ?x) (or b c))))");
  CHECK(texts(expand_or(g.rules[0], g), g.symbols) ==
        std::vector<std::string>{"(<= (p ?x) (q ?x) (not (a ?x)) (not b) (not c))"});
}

TEST_CASE("normalize: rules without 'or' are unchanged; the expansion is capped") {
  Game g = parse_game("(<= (p ?x) (q ?x))\n(<= p (or a b) (or a b) (or a b))");
  CHECK(texts(expand_or(g.rules[0], g), g.symbols) ==
        std::vector<std::string>{"(<= (p ?x) (q ?x))"});
  CHECK(expand_or(g.rules[1], g, 8).size() == 8);
  try {
    expand_or(g.rules[1], g, 7);
    FAIL("expected a GdlError");
  } catch (const GdlError& e) {
    CHECK(std::string(e.what()).find("<rules>:2:1: expanding the 'or's") == 0);
  }
  expand_or(g);
  CHECK(g.rules.size() == 9);
}

TEST_CASE("normalize: order_body moves 'not' and 'distinct' after their binders") {
  Game g = parse_game(
      "(<= (p ?x ?y) (distinct ?x ?y) (not (q ?x)) (r ?x) (not s) (s ?y) (distinct ?x ?z))");
  order_body(g.rules[0]);
  CHECK(to_string(g.rules[0], g.symbols) ==
        "(<= (p ?x ?y) (r ?x) (not (q ?x)) (not s) (s ?y) (distinct ?x ?y) (distinct ?x ?z))");
}

TEST_CASE("normalize: an 'or' binds what every disjunct binds") {
  Game g = parse_game("(<= (p ?x) (not (q ?x ?y)) (or (a ?x ?y) (b ?x)) (c ?y))");
  order_body(g.rules[0]);
  CHECK(to_string(g.rules[0], g.symbols) ==
        "(<= (p ?x) (or (a ?x ?y) (b ?x)) (c ?y) (not (q ?x ?y)))");
}

// The `path` of every in-scope manifest row that uses `or`.
std::vector<std::string> games_with_or(const std::string& dir) {
  std::ifstream in(dir + "manifest.tsv");
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header, games;
  auto split = [](const std::string& l) {
    std::vector<std::string> fields;
    std::stringstream s(l);
    std::string f;
    while (std::getline(s, f, '\t')) fields.push_back(f);
    return fields;
  };
  header = split(line);
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  size_t path = column("path"), uses_or = column("uses_or"), out = column("gdl2_out_of_scope");
  while (std::getline(in, line)) {
    std::vector<std::string> f = split(line);
    if (f.size() == header.size() && f[uses_or] == "true" && f[out] != "true")
      games.push_back(f[path]);
  }
  return games;
}

TEST_CASE("corpus: normalize keeps valid corpus games with 'or' valid") {
  const std::string dir = ggp::testing::corpus_path("games") + "/";
  std::vector<std::string> games = games_with_or(dir);
  REQUIRE(games.size() > 50);
  size_t checked = 0;
  for (const std::string& name : games) {
    INFO(name);
    Game g;
    try {
      g = parse_game_file(dir + name);
    } catch (const GdlError&) {
      continue;  // the broken ones are the corpus test's business
    }
    if (!check_game(g).ok()) continue;
    ++checked;
    size_t before = g.rules.size();
    expand_or(g);
    order_bodies(g);
    CHECK(g.rules.size() >= before);
    size_t ors = 0;
    for (const Rule& r : g.rules)
      for (const Literal& l : r.body) ors += l.kind == Literal::Kind::Or;
    CHECK(ors == 0);
    CHECK(check_game(g).ok());
  }
  MESSAGE(checked << " valid games with 'or' normalised and still valid");
}
