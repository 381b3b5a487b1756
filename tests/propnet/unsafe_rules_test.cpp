// Games with unsafe rules (rewritten at load as GGP-Base reads them, gdl/unsafe_rules.h) build on
// both machines, agree with each other and with GGP-Base's traces, and play as a safe twin written
// by hand with GGP-Base's meaning.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "reasoner/differential.h"
#include "reasoner/perft.h"
#include "reasoner/prover.h"
#include "reasoner/trace.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

// Two players mark cells at once. Unsafe: the role variable of `noop`; `anyMarked`, whose argument
// its caller ignores; `full`, whose row only its callers bind, called positively and under `not`;
// the goal 0 rule, whose `not` GGP-Base drops (a Prolog reading: "owns no cell"); `junk`, unused.
constexpr const char* kUnsafe = R"(
  (role red) (role blue)
  (index 1) (index 2) (index 3)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (init (step 0))
  (<= (legal ?p (mark ?x)) (role ?p) (index ?x) (not (true (marked ?x))))
  (<= (legal ?p noop) (true (step ?n)))
  (<= (anyMarked ?ignored) (true (marked ?x)))
  (<= (full ?row ?p) (true (owner 1 ?p)) (true (owner 2 ?p)))
  (<= (junk ?a) (distinct ?a 1))
  (<= (next (marked ?x)) (does ?p (mark ?x)))
  (<= (next (marked ?x)) (true (marked ?x)))
  (<= (next (owner ?x ?p)) (does ?p (mark ?x)))
  (<= (next (owner ?x ?p)) (true (owner ?x ?p)))
  (<= (next seen) (anyMarked ?k))
  (<= (next (winner ?p)) (role ?p) (index ?r) (full ?r ?p))
  (<= (next (behind ?p)) (role ?p) (true (step 2)) (not (full 1 ?p)))
  (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
  (<= terminal (true (step 4)))
  (<= terminal (true (winner ?p)))
  (<= (goal ?p 100) (true (owner ?x ?p)))
  (<= (goal ?p 50) (true (behind ?p)))
  (<= (goal ?p 0) (not (true (owner ?x ?p))))
)";

// The same game, safe, with the meaning GGP-Base gives it.
constexpr const char* kSafeTwin = R"(
  (role red) (role blue)
  (index 1) (index 2) (index 3)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (init (step 0))
  (<= (legal ?p (mark ?x)) (role ?p) (index ?x) (not (true (marked ?x))))
  (<= (legal ?p noop) (role ?p) (true (step ?n)))
  (<= (full ?p) (true (owner 1 ?p)) (true (owner 2 ?p)))
  (<= (next (marked ?x)) (does ?p (mark ?x)))
  (<= (next (marked ?x)) (true (marked ?x)))
  (<= (next (owner ?x ?p)) (does ?p (mark ?x)))
  (<= (next (owner ?x ?p)) (true (owner ?x ?p)))
  (<= (next seen) (true (marked ?x)))
  (<= (next (winner ?p)) (role ?p) (full ?p))
  (<= (next (behind ?p)) (role ?p) (true (step 2)) (not (full ?p)))
  (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
  (<= terminal (true (step 4)))
  (<= terminal (true (winner ?p)))
  (<= (goal ?p 100) (true (owner ?x ?p)))
  (<= (goal ?p 50) (true (behind ?p)))
  (<= (goal ?p 0) (role ?p))
)";

std::string corpus_game(const std::string& game) {
  return ggp::testing::corpus_path("games/" + game + ".kif");
}

// `subject` against `reference`: the leaves of the move tree to depth 3, then random playouts from
// several seeds. An `endless` game never ends: the machines must agree on its first 300 moves.
void compare(reasoner::StateMachine& subject, reasoner::StateMachine& reference,
             bool endless = false) {
  CHECK(reasoner::perft(subject, subject.initial_state(), 3) ==
        reasoner::perft(reference, reference.initial_state(), 3));
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto result = reasoner::compare_random_playouts(subject, reference, seed, {20, 0.5, 300});
    INFO("seed " << seed << ": " << result.difference);
    if (endless)
      CHECK(result.difference.find("no end after") != std::string::npos);
    else
      CHECK(result.difference.empty());
    CHECK(result.playouts + result.steps > 0);
  }
}

TEST_CASE("unsafe rules: both machines play a small game as the prover plays its safe twin") {
  auto twin = reasoner::make_prover(gdl::load_game_text(kSafeTwin, "twin"));
  auto unsafe = gdl::load_game_text(kUnsafe, "unsafe");
  auto prover = reasoner::make_prover(unsafe);
  auto net = make_propnet(unsafe);
  for (reasoner::StateMachine* m : {prover.get(), net.get()}) {
    INFO(m->name());
    compare(*m, *twin);
    // The dropped `not` changes the answer: a role owning a cell has goals 100 and 0.
    reasoner::State s = m->initial_state(), next = s;
    std::vector<reasoner::MoveId> joint;
    for (const char* move : {"(mark 1)", "noop"})
      joint.push_back(*m->move_from_text(static_cast<reasoner::RoleIndex>(joint.size()), move));
    m->next_state(s, joint, next);
    CHECK(m->goal(next, 0) == reasoner::kAmbiguousGoal);
    CHECK(m->goal(next, 1) == 0);
  }
}

TEST_CASE("corpus: unsafe rules: the games that need the rewrite build on both machines and agree") {
  struct Case {
    const char* game;
    bool endless = false;  // TTTblind's moves mark no cell (`(mark X Y)` with constants)
  };
  for (const Case& c : std::vector<Case>{{"dresden/RobinsonRoulette"},
                                         {"dresden/RobinsonRoulette_no_white_peg"},
                                         {"dresden/tritactoe"},
                                         {"dresden/TTTblind", true},
                                         {"dresden/pointgrab_state"},
                                         {"stanford/coloredtrails"},
                                         {"ggp-base_test/test_case_3b"},
                                         {"ggp-base_test/test_case_3e"},
                                         {"ggp-base_test/test_case_3f"}}) {
    INFO(c.game);
    auto game = gdl::load_game_file(corpus_game(c.game));
    auto prover = reasoner::make_prover(game);
    auto net = make_propnet(game);
    compare(*net, *prover, c.endless);
  }
}

TEST_CASE("corpus: unsafe rules: both machines agree with GGP-Base's traces of test_case_3b, 3e, 3f") {
  for (const char* game : {"test_case_3b", "test_case_3e", "test_case_3f"}) {
    auto rules = gdl::load_game_file(corpus_game(std::string("ggp-base_test/") + game));
    auto prover = reasoner::make_prover(rules);
    auto net = make_propnet(rules);
    for (reasoner::StateMachine* m : {prover.get(), net.get()}) {
      reasoner::TraceCheck check = reasoner::check_trace(
          *m, ggp::testing::corpus_path(std::string("traces/ggp-base_test/") + game + ".jsonl"),
          2.0);
      INFO(game << " on " << m->name() << ": " << check.difference);
      CHECK(check.ok);
      CHECK(check.steps > 0);
    }
  }
}

}  // namespace
}  // namespace ggp::propnet
