// The rewrite of unsafe rules (gdl/unsafe_rules.h), one step at a time on small rule sheets. How
// the machines then play the rewritten games is tested in tests/propnet/unsafe_rules_test.cpp.
#include "gdl/unsafe_rules.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gdl/loader.h"
#include "gdl/parser.h"
#include "rule_texts.h"

using namespace ggp::gdl;
using ggp::gdl::testing::rule_texts;

namespace {

bool has_rule(const Game& g, const std::string& text) {
  std::vector<std::string> all = rule_texts(g);
  return std::find(all.begin(), all.end(), text) != all.end();
}

// The rules of `rules` after the rewrite, which must leave no unsafe rule.
Game rewritten(const std::string& rules, UnsafeRewrite* report = nullptr) {
  Game g = parse_game(rules);
  UnsafeRewrite r = make_rules_safe(g);
  CHECK(r.unsafe_left == 0);
  CHECK(std::all_of(g.rules.begin(), g.rules.end(), [](const Rule& x) { return is_safe(x); }));
  if (report) *report = r;
  return g;
}

constexpr const char* kFrame = "(role a) (role b) (index 1) (index 2) (init (s 1)) ";

// `n` copies of `pattern`, each with its `#` replaced by its number (0, 1, ...), space separated.
std::string repeat(const std::string& pattern, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    for (char c : pattern) out += c == '#' ? std::to_string(i) : std::string(1, c);
    out += ' ';
  }
  return out;
}

// A sheet whose call of c binds ?x0 to (f ?b0 ?b0), ?b0 to (f ?b1 ?b1), and so on up to ?b(n-1):
// unfolded, (index ?x0) becomes a term of 2^(n+1) - 1 nodes.
std::string nested_bindings(int n) {
  return std::string(kFrame) + "(<= (c " + repeat("(f ?b# ?b#)", n) + repeat("?b#", n) +
         ") (index ?z)) (<= (legal a go) (c " + repeat("?x#", n) + repeat("?x#", n + 1).substr(4) +
         ") " + repeat("(index ?x#)", n + 1) + ")";
}

}  // namespace

TEST_CASE("unsafe rules: is_safe reads 'or' as its expansions") {
  auto safe = [](const char* text) { return is_safe(parse_game(text).rules.at(0)); };
  CHECK(safe("(<= (p ?x) (q ?x) (not (r ?x)))"));
  CHECK(safe("(<= (p ?x) (not (r ?x)) (q ?x))"));  // bound later in the body is bound
  CHECK(safe("(<= (p ?x) (or (q ?x) (r ?x)))"));
  CHECK(safe("(<= (p ?x) (q ?x) (or (r ?y) (s ?y)) (distinct ?x ?y))"));
  CHECK(safe("(<= (p ?x) (q ?x) (or (and ?y) (not (s ?x))))"));  // `and` is an atom here
  CHECK_FALSE(safe("(<= (p ?x) (or (q ?x) (r 1)))"));
  CHECK_FALSE(safe("(<= (p ?x) (q ?x) (or (r ?y) (not (s ?y))))"));
  CHECK_FALSE(safe("(<= (p ?x) (q ?x) (distinct ?x ?y))"));
  CHECK_FALSE(safe("(p ?x)"));
}

TEST_CASE("unsafe rules: a game of safe rules comes back unchanged, 'or's and all") {
  const std::string rules = std::string(kFrame) +
                            "(<= (legal ?p go) (role ?p) (or (true (s 1)) (true (s 2))))"
                            "(<= (next (s ?y)) (true (s ?x)) (index ?y) (distinct ?x ?y))"
                            "(<= terminal (not (true (s 1))))";
  Game before = parse_game(rules);
  UnsafeRewrite report;
  Game after = rewritten(rules, &report);
  CHECK_FALSE(report.changed());
  CHECK(rule_texts(after) == rule_texts(before));
  CHECK(after.symbols.size() == before.symbols.size());
}

TEST_CASE("unsafe rules: a 'not' or 'distinct' whose variables no positive atom binds is dropped") {
  UnsafeRewrite report;
  Game g = rewritten(std::string(kFrame) +
                         "(on 1) (<= (goal ?p 0) (not (on ?p)))"
                         "(<= (goal a 100) (not (true (s ?x))))"
                         "(<= (next (s ?x)) (index ?x) (distinct ?x ?y) (not (true (s ?x))))"
                         "(<= terminal (true (s ?x)) (or (index ?z) (not (on ?z))))",
                     &report);
  CHECK(report.dropped_literals == 4);
  CHECK(has_rule(g, "(<= (goal ?p 0) (role ?p))"));  // GGP-Base: 0 for every role
  CHECK(has_rule(g, "(goal a 100)"));                // not "there is no ?x"
  CHECK(has_rule(g, "(<= (next (s ?x)) (index ?x) (not (true (s ?x))))"));
  // The unsafe `or` is expanded, and only the expansion that needs it loses its literal.
  CHECK(has_rule(g, "(<= terminal (true (s ?x)) (index ?z))"));
  CHECK(has_rule(g, "(<= terminal (true (s ?x)))"));
}

TEST_CASE("unsafe rules: an unbound role variable of legal, goal and input ranges over the roles") {
  UnsafeRewrite report;
  Game g = rewritten(std::string(kFrame) +
                         "(legal ?p wait) (<= (legal ?p ?p) (true (s 1)))"
                         "(<= (goal ?p 50) (true (s ?x))) (<= (input ?p wait))"
                         "(<= (goal ?p 100) (role ?p) (true (s 2)))",
                     &report);
  CHECK(report.role_atoms == 4);
  CHECK(has_rule(g, "(<= (legal ?p wait) (role ?p))"));
  CHECK(has_rule(g, "(<= (legal ?p ?p) (role ?p) (true (s 1)))"));
  CHECK(has_rule(g, "(<= (goal ?p 50) (role ?p) (true (s ?x)))"));
  CHECK(has_rule(g, "(<= (input ?p wait) (role ?p))"));
  CHECK(has_rule(g, "(<= (goal ?p 100) (role ?p) (true (s 2)))"));  // safe: untouched
}

TEST_CASE("unsafe rules: an unsafe rule nothing observable uses is dropped") {
  UnsafeRewrite report;
  Game g = rewritten(std::string(kFrame) +
                         "(<= (pair ?x ?y) (distinct ?x ?y)) (<= (junk ?z) (pair ?z 1))"
                         "(<= terminal (true (s 2)))",
                     &report);
  CHECK(report.dropped_rules == 1);  // `pair`; `junk` is safe and stays
  CHECK(rule_texts(g).size() == parse_game(kFrame).rules.size() + 2);
}

TEST_CASE("unsafe rules: a legal move with a variable nothing binds is dropped") {
  UnsafeRewrite report;
  Game g = rewritten(std::string(kFrame) +
                         "(<= (legal a (m ?x ?y)) (index ?x)) (<= (legal ?p (m ?x ?x)) (index ?x))",
                     &report);
  CHECK(report.dropped_rules == 1);
  CHECK(!has_rule(g, "(<= (legal a (m ?x ?y)) (index ?x))"));
  CHECK(has_rule(g, "(<= (legal ?p (m ?x ?x)) (role ?p) (index ?x))"));
}

TEST_CASE("unsafe rules: a relation whose callers bind its head is unfolded into them") {
  UnsafeRewrite report;
  Game g = rewritten(std::string(kFrame) +
                         "(<= (column ?m ?z) (true (s ?z)) (index ?z))"
                         "(<= (line ?z) (column ?m ?z))"  // ?m: nobody binds it
                         "(<= (next (s 2)) (index ?m) (column ?m 1))"
                         "(<= (next (s 1)) (index ?m) (not (column ?m 2)))"
                         "(<= terminal (line 2))",
                     &report);
  CHECK(report.unfolded_relations == 1);
  for (const std::string& t : rule_texts(g)) CHECK(t.find("(column ") == std::string::npos);
  CHECK(has_rule(g, "(<= (line ?z) (true (s ?z)) (index ?z))"));
  CHECK(has_rule(g, "(<= (next (s 2)) (index ?m) (true (s 1)) (index 1))"));
  // The negated call becomes the negation of a new relation, guarded by the caller's (index ?m).
  const std::vector<std::string> all = rule_texts(g);
  auto aux = std::find_if(all.begin(), all.end(),
                          [](const std::string& t) { return t.rfind("(<= (next (s 1))", 0) == 0; });
  REQUIRE(aux != all.end());
  CHECK(aux->find("(not (column~") != std::string::npos);
  CHECK(std::count_if(all.begin(), all.end(), [](const std::string& t) {
          return t.find("(<= (column~") == 0 && t.find("(index ?") != std::string::npos &&
                 t.find("(true (s 2))") != std::string::npos;
        }) == 1);
}

TEST_CASE("unsafe rules: the calls of one body are unfolded together, in order") {
  // As if unfolded one call after the other: the first call varies slowest, and the second call
  // sees the first one's bindings.
  Game g = rewritten(std::string(kFrame) +
                     "(<= (p ?a (g ?a)) (index ?a)) (p ?q ?q)"
                     "(<= (legal a (m ?x ?z)) (index ?x) (p ?x ?y) (p ?y ?z))");
  const std::vector<std::string> all = rule_texts(g);
  const std::vector<std::string> legal(all.end() - 4, all.end());
  CHECK(legal == std::vector<std::string>{
                     "(<= (legal a (m ?x (g (g ?x)))) (index ?x) (index ?x) (index (g ?x)))",
                     "(<= (legal a (m ?x (g ?x))) (index ?x) (index ?x))",
                     "(<= (legal a (m ?y (g ?y))) (index ?y) (index ?y))",
                     "(<= (legal a (m ?z ?z)) (index ?z))"});
}

TEST_CASE("unsafe rules: a body with many calls costs its result, not a copy per call") {
  // 300 calls, each replaced by 300 literals: the one rule has 90,001 (within the caps). Copied
  // once per call, as the loader did, that was 13.5 million literals and 1.6 GB.
  Game g = parse_game(std::string(kFrame) + "(<= (c ?m ?z) " + repeat("(index ?z)", 300) + ")" +
                      "(<= (legal a go) (index ?x0) " + repeat("(c ?x# ?y#)", 300) + ")");
  UnsafeRewrite report = make_rules_safe(g);
  CHECK_FALSE(report.unfolding_stopped);
  CHECK(report.unfolded_relations == 1);
  CHECK(report.unsafe_left == 0);
  CHECK(g.rules.back().body.size() == 1 + 300 * 300);
}

TEST_CASE("unsafe rules: unfolding stops at its work budget and leaves the rest unsafe") {
  // The shapes of the kif regression inputs unfolding-*, on a small budget.
  constexpr size_t kBudget = 100'000;
  SUBCASE("branches that all fail at the last call") {
    // Each of c's 10 rules matches each of the first 7 calls, and none the last: 10^7 branches
    // that give no rule.
    const std::string rules = std::string(kFrame) + repeat("(<= (c ?m #) (index ?z))", 10) +
                              "(<= (legal a go) " + repeat("(c ?x# ?y#)", 7) + "(c 1 99))";
    Game g = parse_game(rules);
    UnsafeRewrite report = make_rules_safe(g, kBudget);
    CHECK(report.unfolding_stopped);
    CHECK(report.unfolding_work == kBudget);
    CHECK(report.unfolded_relations == 0);
    CHECK(report.unsafe_left == 10);  // c's rules, as written
    CHECK(rule_texts(g) == rule_texts(parse_game(rules)));
  }
  SUBCASE("a unifier whose bindings nest") {
    Game g = parse_game(nested_bindings(30));
    UnsafeRewrite report = make_rules_safe(g, kBudget);
    CHECK(report.unfolding_stopped);
    CHECK(report.unfolded_relations == 0);
    CHECK(report.unsafe_left == 1);
  }
  SUBCASE("many small unfoldings after a large one") {
    // c0 unfolds into 2^10 rules; then each of 200 relations is unfolded in turn, and each
    // unfolding goes over every rule of the game.
    Game g = parse_game(std::string(kFrame) + "(c0 ?m 1) (c0 ?m 2) (<= (legal a go) " +
                        repeat("(c0 ?x# ?y#)", 10) + "(index ?w))" +
                        repeat("(<= (d# ?m) (index ?z)) (<= (legal a (m#)) (d# 1))", 200));
    UnsafeRewrite report = make_rules_safe(g, kBudget);
    CHECK(report.unfolding_stopped);
    CHECK(report.unfolded_relations >= 1);
    CHECK(report.unfolded_relations < 201);
    CHECK(report.unsafe_left > 0);
  }
}

TEST_CASE("unsafe rules: the loader unfolds within the default budget") {
  // (index ?x0) would become a term of 2^31 - 1 nodes: the game loads, c's rule left unsafe.
  auto g = load_game_text(nested_bindings(30));
  CHECK(std::count_if(g->rules.begin(), g->rules.end(),
                      [](const Rule& r) { return !is_safe(r); }) == 1);
  CHECK(rule_texts(*g) == rule_texts(parse_game(nested_bindings(30))));
}

TEST_CASE("unsafe rules: what cannot be unfolded stays unsafe") {
  // A recursive relation whose head variable only its callers bind.
  Game g = parse_game(
      std::string(kFrame) +
      "(edge 1 2) (<= (far ?x ?y) (edge ?z ?y)) (<= (far ?x ?z) (far ?x ?y) (edge ?y ?z))"
      "(<= (legal a go) (true (s ?x)) (far ?x 2))");
  UnsafeRewrite report = make_rules_safe(g);
  CHECK(report.unfolded_relations == 0);
  CHECK(report.unsafe_left == 1);  // the first rule of `far`
}

TEST_CASE("unsafe rules: load_game rewrites, so every machine sees safe rules") {
  auto g = load_game_text(std::string(kFrame) +
                          "(<= (legal ?p go) (true (s 1)))"
                          "(<= (next (s 2)) (true (s 1)))"
                          "(<= terminal (true (s 2)))"
                          "(<= (goal ?p 0) (not (true (s ?x))))");
  CHECK(std::all_of(g->rules.begin(), g->rules.end(), [](const Rule& r) { return is_safe(r); }));
}

TEST_CASE("unsafe rules: a chain of specialisations keeps its new names short") {
  // Nothing binds filled's ?x. The guard of the negated call is (filled ?x ?z) (succ ?z ?y), so
  // the specialisation calls filled and is as unsafe as it: the next round specialises the
  // specialisation, and so on until the work budget is spent. Named after the relation it
  // specialised, each new name was longer than the last: a fuzzed sheet of this shape made
  // 68,034 names of up to 66 kB (2 GB under the sanitizers).
  Game g = parse_game(std::string(kFrame) +
                      "(succ 1 2) (<= (filled ?x ?y) (true (s ?y)))"
                      "(<= (landing ?x ?y) (filled ?x ?z) (succ ?z ?y) (not (filled ?x ?y)))"
                      "(<= open (landing ?x ?y)) (<= terminal (not open))");
  UnsafeRewrite report = make_rules_safe(g);
  CHECK(report.unfolding_stopped);
  size_t longest = 0;
  for (size_t id = 0; id < g.symbols.size(); ++id)
    longest = std::max(longest, g.symbols.name(static_cast<SymbolId>(id)).size());
  CHECK(longest <= std::string("filled~").size() + 7);
}
