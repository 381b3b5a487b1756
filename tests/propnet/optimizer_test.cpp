// The optimisation passes (optimizer.cpp) on synthetic networks: every observed literal keeps its
// value on every input the contract allows (exactly one move per role), and the passes that should
// shrink a shape do.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "propnet/network.h"

namespace ggp::propnet {
namespace {

// A network with `facts` bases, `moves_per_role` moves for each of `roles` roles, and no gates.
Network skeleton(uint32_t facts, uint32_t roles, uint32_t moves_per_role) {
  Network net;
  net.gates.push_back({Gate::Kind::Constant, {}});
  net.num_facts = facts;
  for (uint32_t f = 0; f < facts; ++f) net.gates.push_back({Gate::Kind::Base, {}});
  net.num_moves = roles * moves_per_role;
  for (uint32_t r = 0; r < roles; ++r) {
    net.role_names.push_back(std::to_string(r));
    for (uint32_t m = 0; m < moves_per_role; ++m) {
      net.gates.push_back({Gate::Kind::Input, {}});
      net.move_role.push_back(r);
      net.legal.push_back(kTrueLit);
    }
  }
  net.next.assign(facts, kFalseLit);
  net.guard.assign(roles, kTrueLit);
  net.guarded.assign(net.num_moves, 0);
  net.goals.resize(roles);
  return net;
}

Lit add(Network& net, Gate::Kind kind, std::vector<Lit> inputs) {
  net.gates.push_back({kind, std::move(inputs)});
  return static_cast<Lit>(net.gates.size() - 1) << 1;
}

// Values of every node for the given bases and moves (an acyclic network: sweeps to a fixpoint).
std::vector<uint8_t> evaluate(const Network& net, const std::vector<uint8_t>& bases,
                              const std::vector<uint8_t>& moves) {
  std::vector<uint8_t> value(net.gates.size(), 0);
  for (uint32_t f = 0; f < net.num_facts; ++f) value[net.base_node(f)] = bases[f];
  for (uint32_t m = 0; m < net.num_moves; ++m) value[net.input_node(m)] = moves[m];
  for (size_t sweep = 0; sweep <= net.gates.size(); ++sweep) {
    bool changed = false;
    for (uint32_t g = net.first_gate(); g < net.gates.size(); ++g) {
      const Gate& gate = net.gates[g];
      size_t sat = 0;
      for (Lit l : gate.inputs) sat += value[lit_node(l)] ^ (l & 1);
      uint8_t v = gate.kind == Gate::Kind::And ? sat == gate.inputs.size() : sat > 0;
      changed |= v != value[g];
      value[g] = v;
    }
    if (!changed) return value;
  }
  FAIL("the network did not settle");
  return value;
}

// Every observed value, legal moves with their guards.
std::vector<uint8_t> observe(const Network& net, const std::vector<uint8_t>& bases,
                             const std::vector<uint8_t>& moves) {
  std::vector<uint8_t> value = evaluate(net, bases, moves);
  auto get = [&](Lit l) { return static_cast<uint8_t>(value[lit_node(l)] ^ (l & 1)); };
  std::vector<uint8_t> out;
  for (Lit l : net.next) out.push_back(get(l));
  for (uint32_t m = 0; m < net.num_moves; ++m)
    out.push_back(get(net.legal[m]) && (!net.guarded[m] || get(net.guard[net.move_role[m]])));
  for (const auto& goals : net.goals)
    for (const auto& [v, l] : goals) out.push_back(get(l));
  out.push_back(get(net.terminal));
  return out;
}

size_t edges(const Network& net) {
  size_t e = 0;
  for (const Gate& g : net.gates) e += g.inputs.size();
  return e;
}

// Checks that `optimized` observes what `original` does on `trials` random states and joint moves
// (all states when there are few bases), one move per role.
void check_same(const Network& original, const Network& optimized, std::mt19937& rng, int trials) {
  const uint32_t facts = original.num_facts;
  const uint32_t roles = static_cast<uint32_t>(original.role_names.size());
  const bool all_states = facts <= 12;
  const uint64_t runs = all_states ? uint64_t{1} << facts : static_cast<uint64_t>(trials);
  for (uint64_t t = 0; t < runs; ++t) {
    std::vector<uint8_t> bases(facts), moves(original.num_moves, 0);
    for (uint32_t f = 0; f < facts; ++f) bases[f] = all_states ? (t >> f) & 1 : rng() & 1;
    for (uint32_t r = 0; r < roles; ++r) {
      std::vector<uint32_t> mine;
      for (uint32_t m = 0; m < original.num_moves; ++m)
        if (original.move_role[m] == r) mine.push_back(m);
      if (!mine.empty()) moves[mine[rng() % mine.size()]] = 1;
    }
    REQUIRE(observe(original, bases, moves) == observe(optimized, bases, moves));
  }
}

TEST_CASE("factoring a wide OR of ANDs with shared literals keeps every value and drops edges") {
  // next[f] = OR over 60 ANDs, each (c AND x AND y) with c one of three shared bases: the frame
  // axiom shape, where factor() pulls each c out once. Plus ANDs without a shared literal.
  Network net = skeleton(12, 1, 2);
  std::vector<Lit> terms;
  for (uint32_t i = 0; i < 60; ++i) {
    const Lit c = static_cast<Lit>(net.base_node(i % 3)) << 1;
    const Lit x = (static_cast<Lit>(net.base_node(3 + i % 5)) << 1) | (i / 5 % 2);
    const Lit y = (static_cast<Lit>(net.base_node(8 + i % 4)) << 1) | (i / 20 % 2);
    terms.push_back(add(net, Gate::Kind::And, {c, x, y}));
  }
  terms.push_back(
      add(net, Gate::Kind::And,
          {static_cast<Lit>(net.base_node(11)) << 1, static_cast<Lit>(net.input_node(0)) << 1}));
  net.next[0] = add(net, Gate::Kind::Or, terms);
  net.next[1] = terms[7];  // observed: not factorable
  net.terminal = add(net, Gate::Kind::Or, {terms[1], terms[2]});
  const Network original = net;
  optimize(net, Deadline(10));
  CHECK(edges(net) < edges(original));
  // The wide OR no longer reads 61 ANDs: the three shared bases were pulled out.
  const Gate& top = net.gates[lit_node(net.next[0])];
  CHECK(top.kind == Gate::Kind::Or);
  CHECK(top.inputs.size() < 20);
  std::mt19937 rng(7);
  check_same(original, net, rng, 0);
}

TEST_CASE("a role's guard is pulled out of the legal gates and out of their other readers") {
  // Checkers' shape: legal[m] = AND(control, x, y) for ten moves, and terminal = AND(control,
  // NOT OR(the legal gates)) (no move left). The guard leaves the legal literals, and the OR of
  // the rewritten legal gates (AND(control, rest)) gets control pulled out, so control feeds a
  // few gates rather than one per move.
  Network net = skeleton(11, 1, 11);
  const Lit control = static_cast<Lit>(net.base_node(0)) << 1;
  std::vector<Lit> legal;
  for (uint32_t m = 0; m < 10; ++m) {
    const Lit x = static_cast<Lit>(net.base_node(1 + m)) << 1;
    const Lit y = (static_cast<Lit>(net.base_node(1 + (m + 3) % 10)) << 1) | 1;
    legal.push_back(net.legal[m] = add(net, Gate::Kind::And, {control, x, y}));
  }
  net.legal[10] = control ^ 1;  // noop
  net.terminal = add(net, Gate::Kind::And, {control, add(net, Gate::Kind::Or, legal) ^ 1});
  const Network original = net;
  optimize(net, Deadline(10));
  CHECK(net.guard[0] == control);
  for (uint32_t m = 0; m < 10; ++m) CHECK(net.guarded[m]);
  size_t readers = 0;
  for (uint32_t g = net.first_gate(); g < net.gates.size(); ++g)
    for (Lit l : net.gates[g].inputs) readers += lit_node(l) == lit_node(control);
  CHECK(readers <= 2);
  std::mt19937 rng(9);
  check_same(original, net, rng, 0);
}

TEST_CASE("equal gates merge whatever the order of their inputs") {
  Network net = skeleton(4, 1, 1);
  const Lit a = static_cast<Lit>(net.base_node(0)) << 1,
            b = static_cast<Lit>(net.base_node(1)) << 1,
            c = static_cast<Lit>(net.base_node(2)) << 1 | 1;
  const Lit x = add(net, Gate::Kind::And, {a, b, c});
  const Lit y = add(net, Gate::Kind::And, {c, a, b});
  const Lit z = add(net, Gate::Kind::And, {b, c, a, a});
  net.next[0] = x;
  net.next[1] = y;
  net.next[2] = z;
  net.next[3] = add(net, Gate::Kind::Or, {x, y ^ 1});  // x OR NOT x: true
  const Network original = net;
  optimize(net, Deadline(10));
  CHECK(net.next[0] == net.next[1]);
  CHECK(net.next[1] == net.next[2]);
  CHECK(net.next[3] == kTrueLit);
  CHECK(net.gates.size() == net.first_gate() + 1);
  std::mt19937 rng(1);
  check_same(original, net, rng, 0);
}

TEST_CASE("random networks keep every observed value through the passes") {
  // Random layered networks over bases and two roles' moves (next reads moves; legal and
  // terminal do not, as in valid GDL), with wide ORs over ANDs that share literals, move sets
  // that get complemented, and shared subterms that get merged.
  std::mt19937 rng(2026);
  for (int round = 0; round < 40; ++round) {
    const uint32_t facts = 6 + rng() % 7, moves_per_role = 2 + rng() % 6;
    Network net = skeleton(facts, 2, moves_per_role);
    auto base = [&] { return static_cast<Lit>(net.base_node(rng() % facts)) << 1 | (rng() & 1); };
    auto move = [&] { return static_cast<Lit>(net.input_node(rng() % net.num_moves)) << 1; };
    std::vector<Lit> state_lits, move_lits;
    for (uint32_t f = 0; f < facts; ++f) state_lits.push_back(base());
    for (int i = 0; i < 40; ++i) {
      const bool with_moves = rng() % 3 == 0;
      std::vector<Lit>& pool = with_moves ? move_lits : state_lits;
      std::vector<Lit> in;
      const uint32_t width = 1 + rng() % 4;
      for (uint32_t k = 0; k < width; ++k) {
        uint32_t pick = rng() % 4;
        if (pick == 0 && !state_lits.empty())
          in.push_back(state_lits[rng() % state_lits.size()] ^ (rng() % 4 == 0));
        else if (pick == 1 && with_moves)
          in.push_back(move());
        else if (pick == 2 && !pool.empty())
          in.push_back(pool[rng() % pool.size()]);
        else
          in.push_back(base());
      }
      if (rng() % 8 == 0) in.push_back(rng() & 1);  // a constant
      pool.push_back(add(net, rng() & 1 ? Gate::Kind::And : Gate::Kind::Or, in));
    }
    for (int i = 0; i < 4; ++i) {  // frame-axiom ORs: most of a role's moves, or shared literals
      std::vector<Lit> terms;
      const Lit shared = state_lits[rng() % state_lits.size()];
      for (uint32_t m = 0; m < net.num_moves; ++m)
        if (rng() % 5 != 0)
          terms.push_back(
              add(net, Gate::Kind::And, {shared, static_cast<Lit>(net.input_node(m)) << 1}));
      for (uint32_t m = 0; m < net.num_moves; ++m)
        if (rng() % 4 != 0) terms.push_back(static_cast<Lit>(net.input_node(m)) << 1);
      terms.push_back(base());
      move_lits.push_back(add(net, Gate::Kind::Or, terms));
    }
    std::vector<Lit> all = state_lits;
    all.insert(all.end(), move_lits.begin(), move_lits.end());
    for (uint32_t f = 0; f < facts; ++f) net.next[f] = all[rng() % all.size()] ^ (rng() & 1);
    for (uint32_t m = 0; m < net.num_moves; ++m)
      net.legal[m] =
          add(net, Gate::Kind::And, {state_lits[rng() % 3], state_lits[rng() % state_lits.size()]});
    net.terminal = state_lits[rng() % state_lits.size()];
    net.goals[0].push_back({100, state_lits.back()});
    net.goals[1].push_back({100, state_lits.back() ^ 1});
    const Network original = net;
    optimize(net, Deadline(10));
    CHECK(edges(net) <= edges(original));
    check_same(original, net, rng, 300);
  }
}

}  // namespace
}  // namespace ggp::propnet
