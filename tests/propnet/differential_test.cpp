// The propnet against the prover (the reference) on random playouts: at every state the same
// terminal flag, goals, sets of legal moves per role and, after a random joint move, the same
// next state.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "gdl/loader.h"
#include "propnet/corpus.h"
#include "propnet/propnet_machine.h"
#include "reasoner/prover.h"
#include "reasoner/random.h"

namespace ggp::propnet {
namespace {

using reasoner::State;
using reasoner::StateMachine;

std::vector<std::string> legal_texts(StateMachine& m, const State& s, reasoner::RoleIndex r) {
  std::vector<std::string> out;
  for (reasoner::MoveId id : m.legal_moves(s, r)) out.push_back(m.move_text(id));
  std::sort(out.begin(), out.end());
  return out;
}

// Plays random playouts on both machines for `seconds`; returns the first difference, or "".
std::string compare(StateMachine& net, StateMachine& ref, double seconds, uint64_t seed,
                    size_t& steps) {
  reasoner::Random rng(seed);
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (int playout = 0; std::chrono::steady_clock::now() < end; ++playout) {
    State a = net.initial_state(), b = ref.initial_state(), a2, b2;
    for (int depth = 0; depth < 400 && std::chrono::steady_clock::now() < end; ++depth, ++steps) {
      std::string where = "playout " + std::to_string(playout) + " step " + std::to_string(depth) + ": ";
      if (reasoner::state_texts(net, a) != reasoner::state_texts(ref, b)) return where + "states differ";
      bool terminal = ref.is_terminal(b);
      if (net.is_terminal(a) != terminal) return where + "terminal differs";
      for (reasoner::RoleIndex r = 0; r < ref.num_roles(); ++r)
        if (net.goal(a, r) != ref.goal(b, r))
          return where + "goal of role " + std::to_string(r) + ": " + std::to_string(net.goal(a, r)) +
                 " vs " + std::to_string(ref.goal(b, r));
      if (terminal) break;
      reasoner::JointMove ja, jb;
      for (reasoner::RoleIndex r = 0; r < ref.num_roles(); ++r) {
        std::vector<std::string> legal = legal_texts(ref, b, r);
        if (legal_texts(net, a, r) != legal) return where + "legal moves of role " + std::to_string(r);
        if (legal.empty()) return "";  // a broken game; both agree
        const std::string& pick = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        std::optional<reasoner::MoveId> ma = net.move_from_text(r, pick), mb = ref.move_from_text(r, pick);
        if (!ma || !mb) return where + "move_from_text failed for " + pick;
        ja.push_back(*ma);
        jb.push_back(*mb);
      }
      net.next_state(a, ja, a2);
      ref.next_state(b, jb, b2);
      std::swap(a, a2);
      std::swap(b, b2);
    }
  }
  return "";
}

// Reachability over edges the player toggles: `reach` is recursive through dynamic facts, so the
// network has a cycle without transition, including loops (b <-> c) that must not support
// themselves once the edge into them is gone.
constexpr const char* kReachability = R"(
  (role walker)
  (node a) (node b) (node c) (node d)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
  (init (at a)) (init (edge a b)) (init (edge b c)) (init (edge c b)) (init (step 0))
  (<= (reach ?x) (true (at ?x)))
  (<= (reach ?y) (node ?x) (reach ?x) (true (edge ?x ?y)))
  (<= (legal walker (toggle ?x ?y)) (node ?x) (node ?y) (distinct ?x ?y))
  (<= (legal walker (jump ?x)) (reach ?x) (not (true (at ?x))))
  (<= (next (edge ?x ?y)) (true (edge ?x ?y)) (not (does walker (toggle ?x ?y))))
  (<= (next (edge ?x ?y)) (does walker (toggle ?x ?y)) (not (true (edge ?x ?y))))
  (<= jumped (does walker (jump ?y)))
  (<= (next (at ?x)) (true (at ?x)) (not jumped))
  (<= (next (at ?y)) (does walker (jump ?y)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= (next (seen ?x)) (reach ?x))
  (<= terminal (true (step 8)))
  (<= (goal walker 100) (reach d))
  (<= (goal walker 0) (not (reach d)))
)";

TEST_CASE("the propnet agrees with the prover on recursion through dynamic facts") {
  auto rules = gdl::load_game_text(kReachability, "reachability");
  PropnetStats stats;
  auto net = make_propnet(rules, {}, &stats);
  CHECK(stats.cycles > 0);
  auto ref = reasoner::make_prover(rules);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    size_t steps = 0;
    std::string difference = compare(*net, *ref, 0.05, seed, steps);
    INFO("seed " << seed << ": " << difference);
    CHECK(difference.empty());
  }
}

TEST_CASE("corpus: the propnet agrees with the prover on random playouts of a corpus sample") {
  // GGP_PROPNET_FULL=1 compares every in-scope game; otherwise every 12th.
  const bool full = std::getenv("GGP_PROPNET_FULL") != nullptr;
  size_t compared = 0, tried = 0;
  for (const auto& g : testing::sample(testing::corpus_games(), full ? 1 : 12, 5)) {
    ++tried;
    std::unique_ptr<StateMachine> net, ref;
    try {
      auto rules = gdl::load_game_file(g.kif_path());
      PropnetLimits limits;
      limits.seconds = 3.0;
      net = make_propnet(rules, limits);
      ref = reasoner::make_prover(rules);
    } catch (const std::exception& e) {
      if (full) std::cerr << "skipped " << g.source << "/" << g.key << ": " << e.what() << "\n";
      continue;
    }
    size_t steps = 0;
    std::string difference = compare(*net, *ref, full ? 0.5 : 0.25, 7, steps);
    INFO(g.source << "/" << g.key << " (" << steps << " steps): " << difference);
    CHECK(difference.empty());
    ++compared;
  }
  MESSAGE("compared the propnet with the prover on " << compared << " of " << tried << " games");
  CHECK(compared * 2 >= tried);  // the rest exceed the budget, or the prover rejects them
}

}  // namespace
}  // namespace ggp::propnet
