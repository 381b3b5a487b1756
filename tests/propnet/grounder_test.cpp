// The grounder's join (propnet/grounder.h): `distinct` over compound terms is decided on the
// bound terms without interning them, and rule instances record the facts their literals matched.
// The term pool: one id per term through the growth of its table.
#include "propnet/grounder.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "propnet/prover_agreement.h"

namespace ggp::propnet {
namespace {

// Tokens move between pairs of cells; moves and facts are compound terms that `distinct` and
// `(not (distinct ...))` compare whole, nested, and against terms with a constant inside. The
// `twin` terms occur only in a distinct, built from variables.
constexpr const char* kPairs = R"(
  (role mover)
  (cell a) (cell b) (cell c)
  (init (at (pair a b)))
  (init (at (pair b c)))
  (init (step 0))
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
  (<= (legal mover (go (pair ?x ?y) (pair ?u ?v)))
      (true (at (pair ?x ?y))) (cell ?u) (cell ?v)
      (distinct (pair ?x ?y) (pair ?u ?v))
      (distinct (pair ?u ?v) (pair ?v ?u)))
  (<= (legal mover stay) (true (at (pair ?x ?x))))
  (<= (legal mover (swap ?p)) (true (at ?p)) (not (distinct ?p (pair a b))))
  (<= (next (at ?q)) (does mover (go ?p ?q)))
  (<= (next (at ?p)) (true (at ?p)) (does mover (go ?r ?q)) (distinct ?p ?r))
  (<= (next (at ?p)) (true (at ?p)) (does mover stay))
  (<= (next (at (pair b a))) (does mover (swap (pair a b))))
  (<= (next (at ?p)) (true (at ?p)) (does mover (swap ?q)) (distinct (pair ?p ?q) (pair ?q ?q)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 6)))
  (<= won (true (at ?p)) (not (distinct (pair ?p ?p) (pair (pair a b) (pair a b)))))
  (<= won (true (at ?p)) (true (at ?q)) (not (distinct (twin ?p ?q) (twin ?q ?p))) (distinct ?p ?q))
  (<= (goal mover 100) won)
  (<= (goal mover 0) (not won))
)";

TEST_CASE("distinct compares compound terms without interning them") {
  auto rules = gdl::load_game_text(kPairs, "pairs");
  Grounding g = ground(*rules);
  const gdl::SymbolId twin = rules->symbols.find("twin");
  REQUIRE(twin != gdl::SymbolTable::kAbsent);
  size_t twins = 0;
  for (TermId t = 0; t < g.pool.size(); ++t) twins += g.pool.functor(t) == twin;
  CHECK(twins == 0);
  // Every recorded positive literal is a derived dynamic atom.
  for (const GroundRule& r : g.rules)
    for (uint32_t i = r.begin; i < r.end; ++i)
      if ((g.body[i] & 1) == 0) CHECK(g.kind_of(g.body[i] >> 1) == AtomKind::Dynamic);
}

TEST_CASE("a propnet over compound distincts agrees with the prover") {
  auto rules = gdl::load_game_text(kPairs, "pairs");
  for (double whole_share : {0.25, 0.0}) {
    PropnetLimits limits;
    limits.grounding.whole_share = whole_share;
    testing::check_agrees_with_prover(rules, limits, "whole share " + std::to_string(whole_share),
                                      20, {100, 0.2, 100});
  }
}

TEST_CASE("the term pool gives each term one dense id through every growth of its table") {
  TermPool pool;
  // Terms of arity 0 to 3 whose arguments are earlier terms, a few hundred thousand in all, so the
  // slot table grows many times; functors collide on purpose (few functors, many argument lists).
  std::vector<std::vector<TermId>> made;  // made[id] = functor, then arguments
  uint64_t x = 12345;
  auto next = [&x](uint64_t n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return (x >> 33) % n;
  };
  for (int i = 0; i < 300'000; ++i) {
    const size_t arity = pool.size() == 0 ? 0 : next(4);
    std::vector<TermId> args(arity);
    for (TermId& a : args) a = static_cast<TermId>(next(pool.size()));
    const gdl::SymbolId functor = static_cast<gdl::SymbolId>(next(arity == 0 ? 5000 : 3));
    const TermId found = pool.find(functor, args);
    const TermId id = pool.intern(functor, args);
    if (found == kNoTerm) {
      REQUIRE(id == made.size());
      made.push_back({functor});
      made.back().insert(made.back().end(), args.begin(), args.end());
    } else {
      REQUIRE(id == found);
    }
  }
  REQUIRE(pool.size() == made.size());
  CHECK(pool.size() > 100'000);
  size_t mismatches = 0, lost = 0;
  for (TermId t = 0; t < pool.size(); ++t) {
    std::span<const TermId> args(made[t].data() + 1, made[t].size() - 1);
    mismatches += pool.functor(t) != made[t][0] ||
                  !std::equal(args.begin(), args.end(), pool.args(t).begin(), pool.args(t).end());
    lost += pool.find(made[t][0], args) != t || pool.intern(made[t][0], args) != t;
  }
  CHECK(mismatches == 0);
  CHECK(lost == 0);
  CHECK(pool.size() == made.size());
  // An argument list that lives in the pool itself.
  const TermId t = static_cast<TermId>(made.size() - 1);
  CHECK(pool.intern(pool.functor(t), pool.args(t)) == t);
}

}  // namespace
}  // namespace ggp::propnet
