#include "gdl/dependency_graph.h"

#include <doctest/doctest.h>

#include "gdl/parser.h"
#include "gdl/rule_graph.h"
#include "gdl/unify.h"

using namespace ggp::gdl;

namespace {
SymbolId id(const Game& g, const char* name) {
  return g.symbols.find(name);
}
}  // namespace

TEST_CASE("dependency graph: components come in dependency order; recursion is detected") {
  Game g = parse_game(
      "(<= a b (not c))\n(<= b c)\n(<= c (d 1))\n(<= (d ?x) (e ?x))\n(<= (e ?x) (d ?x))\n(e 1)\n");
  DependencyGraph graph(g);
  auto comp = [&](const char* r) { return graph.component(graph.node(id(g, r))); };
  CHECK(comp("a") > comp("b"));
  CHECK(comp("b") > comp("c"));
  CHECK(comp("c") > comp("d"));
  CHECK(comp("d") == comp("e"));
  CHECK(graph.recursive(graph.node(id(g, "d"))));
  CHECK(!graph.recursive(graph.node(id(g, "a"))));
  CHECK(graph.same_component(id(g, "d"), id(g, "e")));
  CHECK(graph.path(id(g, "a"), id(g, "e")) ==
        std::vector<SymbolId>{id(g, "a"), id(g, "c"), id(g, "d"), id(g, "e")});
  std::vector<bool> above_c = graph.dependents_closure({id(g, "c")});
  CHECK(above_c[graph.node(id(g, "a"))]);
  CHECK(!above_c[graph.node(id(g, "d"))]);
  std::vector<bool> negative;
  for (const DependencyGraph::Edge& e : graph.dependencies(graph.node(id(g, "a"))))
    negative.push_back(e.negative);
  CHECK(negative == std::vector<bool>{false, true});
}

TEST_CASE("unify: renamed apart, with the occurs check") {
  Game g = parse_game("(p ?x (f ?x))\n(p a (f a))\n(p a (f b))\n(p ?y ?y)\n(q ?x)\n");
  const Term& pxfx = g.rules[0].head;
  CHECK(unifiable(pxfx, g.rules[1].head));
  CHECK(!unifiable(pxfx, g.rules[2].head));
  CHECK(!unifiable(pxfx, g.rules[3].head));  // ?y = ?x and ?y = (f ?x): occurs check
  CHECK(unifiable(pxfx, pxfx));              // renamed apart: ?x on each side differs
  CHECK(!unifiable(pxfx, g.rules[4].head));
}

TEST_CASE("rule graph: a relation cycle that no chain of unifiable rules closes") {
  Game g = parse_game(
      "(<= (goal r 0) (not (goal r 100)))\n(<= (goal r 100) (true w))\n"
      "(<= (n ?x) (n ?y) (succ ?y ?x))\n(succ 1 2)\n");
  DependencyGraph graph(g);
  RuleGraph rules(g, graph);
  REQUIRE(rules.refined());
  CHECK(!rules.in_cycle_with(0, g.rules[0].body[0].children[0]));
  CHECK(rules.in_cycle_with(2, g.rules[2].body[0]));
  CHECK(!rules.in_cycle_with(2, g.rules[2].body[1]));
}

TEST_CASE("rule graph: beyond its budget it answers like the relation graph") {
  Game g = parse_game("(<= (goal r 0) (not (goal r 100)))\n(<= (goal r 100) (true w))\n");
  DependencyGraph graph(g);
  RuleGraph rules(g, graph, 3);
  CHECK(!rules.refined());
  CHECK(rules.in_cycle_with(0, g.rules[0].body[0].children[0]));
}
