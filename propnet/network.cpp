#include "propnet/network.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "reasoner/state_machine.h"

namespace ggp::propnet {
namespace {

constexpr Lit kNoLit = UINT32_MAX;

std::runtime_error error(const std::string& what) { return std::runtime_error("propnet: " + what); }

// The role index of a role term, or UINT32_MAX.
uint32_t role_index(const gdl::Game& game, const TermPool& pool, TermId t) {
  if (!pool.args(t).empty()) return UINT32_MAX;
  auto it = std::find(game.roles.begin(), game.roles.end(), pool.functor(t));
  return it == game.roles.end() ? UINT32_MAX : static_cast<uint32_t>(it - game.roles.begin());
}

}  // namespace

Network build_network(const gdl::Game& game, const Grounding& g, size_t max_gates) {
  const TermPool& pool = g.pool;
  Network net;
  for (gdl::SymbolId r : game.roles) net.role_names.push_back(game.symbols.name(r));
  std::vector<Lit> lit_of(pool.size(), kNoLit);
  net.gates.push_back({Gate::Kind::Constant, {}});

  net.num_facts = static_cast<uint32_t>(g.true_atoms.size());
  for (uint32_t f = 0; f < net.num_facts; ++f) {
    lit_of[g.true_atoms[f]] = static_cast<Lit>(net.gates.size()) << 1;
    net.gates.push_back({Gate::Kind::Base, {}});
    net.fact_texts.push_back(pool.text(pool.args(g.true_atoms[f])[0], game.symbols));
  }
  std::vector<std::pair<uint32_t, TermId>> moves;
  for (TermId a : g.does_atoms) {
    uint32_t r = role_index(game, pool, pool.args(a)[0]);
    if (r == UINT32_MAX) lit_of[a] = kFalseLit;
    else moves.push_back({r, a});
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  net.num_moves = static_cast<uint32_t>(moves.size());
  for (auto [r, a] : moves) {
    lit_of[a] = static_cast<Lit>(net.gates.size()) << 1;
    net.gates.push_back({Gate::Kind::Input, {}});
    net.move_role.push_back(r);
    net.move_texts.push_back(pool.text(pool.args(a)[1], game.symbols));
  }

  auto new_gate = [&](Gate::Kind kind) {
    if (net.gates.size() >= max_gates)
      throw error("network too large (more than " + std::to_string(max_gates) + " components)");
    net.gates.push_back({kind, {}});
    return static_cast<uint32_t>(net.gates.size() - 1);
  };
  auto atom_lit = [&](TermId a) -> Lit {
    if (a == kNoTerm) return kFalseLit;
    if (lit_of[a] != kNoLit) return lit_of[a];
    switch (g.kind_of(a)) {
      case AtomKind::Absent: return kFalseLit;
      case AtomKind::Static: return kTrueLit;
      case AtomKind::Dynamic: break;
    }
    return lit_of[a] = new_gate(Gate::Kind::Or) << 1;
  };

  for (const GroundRule& rule : g.rules) {
    uint32_t head = lit_node(atom_lit(rule.head));
    Lit body;
    if (rule.end == rule.begin) {
      body = kTrueLit;
    } else if (rule.end - rule.begin == 1) {
      uint32_t l = g.body[rule.begin];
      body = atom_lit(l >> 1) ^ (l & 1);
    } else {
      uint32_t a = new_gate(Gate::Kind::And);
      for (uint32_t i = rule.begin; i < rule.end; ++i) {
        Lit l = atom_lit(g.body[i] >> 1) ^ (g.body[i] & 1);
        net.gates[a].inputs.push_back(l);
      }
      body = a << 1;
    }
    net.gates[head].inputs.push_back(body);
  }

  for (uint32_t f = 0; f < net.num_facts; ++f)
    net.next.push_back(atom_lit(pool.find(gdl::kw::next, pool.args(g.true_atoms[f]))));
  for (auto [r, a] : moves) net.legal.push_back(atom_lit(pool.find(gdl::kw::legal, pool.args(a))));
  net.guard.assign(game.roles.size(), kTrueLit);
  net.guarded.assign(net.num_moves, 0);
  net.goals.resize(game.roles.size());
  for (TermId a : g.goal_atoms) {
    uint32_t r = role_index(game, pool, pool.args(a)[0]);
    int value = 0;
    if (r != UINT32_MAX &&
        (value = reasoner::goal_value_of(pool.text(pool.args(a)[1], game.symbols))) >= 0)
      net.goals[r].push_back({value, atom_lit(a)});
  }
  for (auto& goals : net.goals) std::sort(goals.begin(), goals.end());
  net.terminal = atom_lit(pool.find(gdl::kw::terminal, {}));
  for (TermId a : g.init_atoms) {
    TermId t = pool.find(gdl::kw::true_, pool.args(a));
    net.init_facts.push_back(lit_node(lit_of[t]) - 1);
  }
  std::sort(net.init_facts.begin(), net.init_facts.end());
  return net;
}

}  // namespace ggp::propnet
