// gdl/unify.h's Unifier beyond `unifiable` (tests/gdl/dependency_graph_test.cpp): one side as one
// namespace, undo to a mark, the hash index past its scan limit, and the work budget.
#include "gdl/unify.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gdl/parser.h"

using namespace ggp::gdl;

namespace {

using AstUnifier = Unifier<AstReader, Term>;

// The term a side-0 term stands for under `u`, with every bound variable replaced.
Term applied(const AstUnifier& u, const Term& t) {
  const Term& r = *u.resolve({&t, 0}).term;
  Term out{r.kind, r.name, {}};
  for (const Term& a : r.args) out.args.push_back(applied(u, a));
  return out;
}

// Charges units until `left` is spent.
struct Countdown {
  size_t* left;
  bool charge(size_t units) const {
    *left -= std::min(units, *left);
    return *left > 0;
  }
};

}  // namespace

TEST_CASE("unify: on one side the variables are one namespace") {
  Game g = parse_game("(p ?x (f ?x))\n(p a ?y)\n(p ?x ?x)\n(p a (f a))\n");
  const Term &pxfx = g.rules[0].head, &pay = g.rules[1].head, &pxx = g.rules[2].head;
  AstUnifier u;
  REQUIRE(u.unify(pxfx, 0, pay, 0));
  CHECK(applied(u, pay) == g.rules[3].head);
  CHECK(applied(u, pxfx) == g.rules[3].head);
  // (p ?x (f ?x)) against (p ?x ?x) on one side: ?x = (f ?x) fails the occurs check; on two
  // sides, renamed apart, it fails as well (?x' = ?x and ?x' = (f ?x)).
  CHECK(!AstUnifier().unify(pxfx, 0, pxx, 0));
  CHECK(!AstUnifier().unify(pxfx, 0, pxx, 1));
}

TEST_CASE("unify: undo forgets the bindings made since its mark") {
  Game g = parse_game("(p ?x ?y)\n(p a b)\n(p c d)\n");
  const Term &pxy = g.rules[0].head, &pab = g.rules[1].head, &pcd = g.rules[2].head;
  AstUnifier u;
  const size_t start = u.mark();
  REQUIRE(u.unify(pxy, 0, pab, 0));
  CHECK(!u.unify(pxy, 0, pcd, 0));  // ?x is a now
  u.undo(start);
  REQUIRE(u.unify(pxy, 0, pcd, 0));
  CHECK(applied(u, pxy) == pcd);
}

TEST_CASE("unify: past the scan limit bindings are found through the index, and undone there") {
  // (p ?v0 ... ?v39) against (p ?v1 ... ?v39 end): a chain of 40 bindings ending in `end`.
  std::string vars, shifted;
  for (int i = 0; i < 40; ++i) vars += " ?v" + std::to_string(i);
  for (int i = 1; i < 40; ++i) shifted += " ?v" + std::to_string(i);
  Game g = parse_game("(p" + vars + ")\n(p" + shifted + " end)\n(p" + shifted + " other)\n");
  const Term &chain = g.rules[0].head, &to_end = g.rules[1].head, &to_other = g.rules[2].head;
  AstUnifier u;
  const size_t start = u.mark();
  REQUIRE(u.unify(chain, 0, to_end, 0));
  const Term& end = to_end.args.back();
  for (const Term& v : chain.args) CHECK(*u.resolve({&v, 0}).term == end);
  u.undo(start);
  CHECK(u.resolve({&chain.args[0], 0}).term == &chain.args[0]);  // unbound again
  REQUIRE(u.unify(chain, 0, to_other, 0));
  CHECK(*u.resolve({&chain.args[0], 0}).term == to_other.args.back());
}

TEST_CASE("unify: a spent budget makes unify fail") {
  Game g = parse_game("(p (f (f (f a))) ?x)\n(p ?y (g ?y))\n");
  const Term &a = g.rules[0].head, &b = g.rules[1].head;
  size_t plenty = 1000;
  CHECK(Unifier<AstReader, Term, Countdown>(Countdown{&plenty}).unify(a, 0, b, 1));
  const size_t used = 1000 - plenty;
  CHECK(used > 3);
  size_t short_by_one = used;  // reaches 0 on the last unit: spent
  CHECK(!Unifier<AstReader, Term, Countdown>(Countdown{&short_by_one}).unify(a, 0, b, 1));
  size_t enough = used + 1;
  CHECK(Unifier<AstReader, Term, Countdown>(Countdown{&enough}).unify(a, 0, b, 1));
}
