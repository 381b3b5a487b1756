// The propnet's runtime shortcuts against the prover: queries that settle only the query gates and
// leave the transition gates marked for next_state (Program::query_end), goal gates settled only
// where a goal is asked (Program::goal_begin), clones taken in between,
// and the pivot rewrite of complemented move sets (optimizer.cpp) on simultaneous moves, where
// both roles may play their pivot or both may not.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/program.h"
#include "propnet/propnet_machine.h"
#include "propnet/small_games.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"
#include "reasoner/random.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

// Simultaneous marks on six cells. A blank cell stays blank when some role marks another cell
// (the frame shape of breakthrough: an OR over both roles' moves except this cell's and noop),
// or when both pass.
constexpr const char* kSimultaneousMarks = R"(
  (role red) (role blue)
  (cellid 1) (cellid 2) (cellid 3) (cellid 4) (cellid 5) (cellid 6)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (<= (init (cell ?c b)) (cellid ?c))
  (init (step 0))
  (<= (legal ?r noop) (role ?r))
  (<= (legal ?r (mark ?c)) (role ?r) (true (cell ?c b)))
  (<= (next (cell ?c ?r)) (does ?r (mark ?c)) (true (cell ?c b)))
  (<= (next (cell ?c b)) (true (cell ?c b)) (does ?r (mark ?d)) (distinct ?c ?d))
  (<= (next (cell ?c b)) (true (cell ?c b)) (does red noop) (does blue noop))
  (<= (next (cell ?c ?x)) (true (cell ?c ?x)) (distinct ?x b))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 5)))
  (<= (goal ?r 100) (role ?r) (true (cell 1 ?r)))
  (<= (goal ?r 0) (role ?r) (not (true (cell 1 ?r))))
)";

// `state` of machine `from` as a state of machine `to`, through fact texts.
State translate(StateMachine& from, StateMachine& to, const State& state) {
  State out;
  for (const std::string& text : reasoner::state_texts(from, state)) {
    auto f = to.fact_from_text(text);
    REQUIRE(f);
    out.set(*f);
  }
  return out;
}

std::vector<MoveId> translate(StateMachine& from, StateMachine& to,
                              const std::vector<MoveId>& joint) {
  std::vector<MoveId> out;
  for (RoleIndex r = 0; r < joint.size(); ++r) {
    auto m = to.move_from_text(r, from.move_text(joint[r]));
    REQUIRE(m);
    out.push_back(*m);
  }
  return out;
}

// Every joint move of `state` (the prover's), in lexicographic order.
std::vector<std::vector<MoveId>> joint_moves(StateMachine& m, const State& state) {
  std::vector<std::vector<MoveId>> all{{}};
  for (RoleIndex r = 0; r < m.num_roles(); ++r) {
    std::span<const MoveId> legal = m.legal_moves(state, r);
    std::vector<MoveId> moves(legal.begin(), legal.end());
    std::vector<std::vector<MoveId>> longer;
    for (const auto& prefix : all)
      for (MoveId move : moves) {
        longer.push_back(prefix);
        longer.back().push_back(move);
      }
    all = std::move(longer);
  }
  return all;
}

// Walks random playouts on the prover; at every state, every joint move's successor on the propnet
// must match, while queries on the successor, on an unrelated earlier state and clones taken
// between a query and next_state interleave with the steps.
void check_every_joint_move(std::shared_ptr<const gdl::Game> rules, const std::string& name,
                            int playouts) {
  auto net = make_propnet(rules);
  auto ref = reasoner::make_prover(rules);
  reasoner::Random rng(7);
  std::vector<State> seen;  // the propnet's form of earlier states
  size_t compared = 0;
  for (int p = 0; p < playouts; ++p) {
    State state = ref->initial_state();
    while (!ref->is_terminal(state)) {
      const State here = translate(*ref, *net, state);
      auto joints = joint_moves(*ref, state);
      REQUIRE(!joints.empty());
      for (const auto& joint : joints) {
        State expected, got;
        ref->next_state(state, joint, expected);
        const auto net_joint = translate(*ref, *net, joint);
        if (!seen.empty()) net->is_terminal(seen[rng.below(static_cast<uint32_t>(seen.size()))]);
        CHECK(net->is_terminal(here) == false);
        std::unique_ptr<StateMachine> clone = net->clone();  // marks pending from the query
        clone->next_state(here, net_joint, got);
        CHECK(reasoner::state_texts(*clone, got) == reasoner::state_texts(*ref, expected));
        net->next_state(here, net_joint, got);
        INFO(name << ": " << reasoner::state_texts(*ref, state).size() << " facts");
        CHECK(reasoner::state_texts(*net, got) == reasoner::state_texts(*ref, expected));
        CHECK(net->is_terminal(got) == ref->is_terminal(expected));
        for (RoleIndex r = 0; r < ref->num_roles(); ++r)
          CHECK(net->goal(got, r) == ref->goal(expected, r));
        ++compared;
      }
      seen.push_back(here);
      state = [&] {
        State next;
        ref->next_state(state, joints[rng.below(static_cast<uint32_t>(joints.size()))], next);
        return next;
      }();
    }
  }
  CHECK(compared > 0);
}

TEST_CASE("the propnet agrees with the prover on every simultaneous joint move around pivots") {
  check_every_joint_move(gdl::load_game_text(kSimultaneousMarks, "marks"), "simultaneous marks", 6);
}

TEST_CASE("the propnet agrees with the prover on every joint move of turn-taking games") {
  for (const char* name : {"ticTacToe", "breakthrough_8x8"})
    check_every_joint_move(gdl::load_game_file(ggp::testing::shipped_game_path(name)), name, 1);
}

// Every gate reads only gates of its own part or earlier ones (Program::query_end), and the
// observed literals are in the parts that the machine settles before reading them.
void check_parts(const Program& p) {
  auto part = [&](uint32_t node) {
    if (node < p.first_gate()) return 0;
    return node < p.query_end ? 1 : node < p.shared_end ? 2 : node < p.goal_begin ? 3 : 4;
  };
  for (uint32_t v = p.first_gate(); v < p.num_nodes; ++v)
    for (uint32_t k = p.fanin_begin[v]; k < p.fanin_begin[v + 1]; ++k) {
      const int from = part(p.fanin[k] >> 1), to = part(v);
      INFO("gate " << v << " (part " << to << ") reads node " << (p.fanin[k] >> 1) << " (part "
                   << from << ")");
      CHECK(from <= to);
      // No goal gate reads a transition gate outside the shared part.
      CHECK((to != 4 || from != 3));
    }
  for (uint32_t l : p.legal_lit) CHECK(part(l >> 1) <= 1);
  for (uint32_t l : p.legal_guard) CHECK(part(l >> 1) <= 1);
  CHECK(part(p.terminal >> 1) <= 1);
  for (uint32_t l : p.next_lit) CHECK(part(l >> 1) != 4);
}

// Random playouts on the propnet asking goals only in terminal states, so that the goal gates
// collect a whole playout's changes before they settle; each goal checked on the prover.
void check_goals_at_the_end(std::shared_ptr<const gdl::Game> rules, int playouts) {
  auto net = make_propnet(rules);
  auto ref = reasoner::make_prover(rules);
  reasoner::Random rng(11);
  reasoner::PlayoutBuffers buffers;
  for (int p = 0; p < playouts; ++p) {
    const State* end = nullptr;
    REQUIRE(reasoner::depth_charge(*net, net->initial_state(), rng, buffers, end).completed);
    const State there = translate(*net, *ref, *end);
    for (RoleIndex r = 0; r < net->num_roles(); ++r)
      CHECK(net->goal(*end, r) == ref->goal(there, r));
  }
}

TEST_CASE("goal gates are a part of their own, settled only where a goal is asked") {
  auto shared = gdl::load_game_text(testing::kSharedGoal, "shared goal");
  auto reversi = gdl::load_game_file(ggp::testing::shipped_game_path("reversi"));
  std::shared_ptr<const Program> small = build_program(shared), large = build_program(reversi);
  CHECK(small->shared_end > small->query_end);  // the `leads` gates
  CHECK(small->num_nodes > small->goal_begin);
  CHECK(large->num_nodes - large->goal_begin > large->num_gates / 2);  // counting discs
  check_parts(*small);
  check_parts(*large);
  check_every_joint_move(shared, "shared goal", 8);
  check_goals_at_the_end(shared, 20);
  check_goals_at_the_end(reversi, 3);
}

}  // namespace
}  // namespace ggp::propnet
