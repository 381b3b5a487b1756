#include "propnet/network.h"

#include "propnet/scc.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

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

bool parse_goal_value(const std::string& text, int& value) {
  if (text.empty() || text.size() > 6) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  return true;
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
  net.goals.resize(game.roles.size());
  for (TermId a : g.goal_atoms) {
    uint32_t r = role_index(game, pool, pool.args(a)[0]);
    int value = 0;
    if (r != UINT32_MAX && parse_goal_value(pool.text(pool.args(a)[1], game.symbols), value))
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

namespace {

class Optimizer {
 public:
  explicit Optimizer(Network& net) : net_(net), n_(static_cast<uint32_t>(net.gates.size())) {
    rep_.resize(n_);
    for (uint32_t i = 0; i < n_; ++i) rep_[i] = i << 1;
  }

  void run() {
    fold();
    for (int round = 0; round < 8 && merge_equal(); ++round) fold();
    compact();
  }

 private:
  Lit resolve(Lit l) {
    for (;;) {
      uint32_t node = lit_node(l);
      Lit r = rep_[node];
      if (r == node << 1) return l;
      l = r ^ (l & 1);
    }
  }
  bool alias(uint32_t g) const { return rep_[g] != g << 1; }

  // Simplifies gate g; returns true if it became an alias of another literal.
  bool simplify(uint32_t g) {
    Gate& gate = net_.gates[g];
    const bool is_and = gate.kind == Gate::Kind::And;
    const Lit absorbing = is_and ? kFalseLit : kTrueLit;
    const Lit neutral = is_and ? kTrueLit : kFalseLit;
    scratch_.clear();
    for (Lit in : gate.inputs) {
      Lit l = resolve(in);
      if (lit_node(l) == g) {
        if (lit_negated(l)) throw error("a component depends negatively on itself (not stratified)");
        if (is_and) return set_alias(g, kFalseLit);  // least fixpoint of g = g and ...
        continue;                                     // g = g or x  is  g = x
      }
      if (l == absorbing) return set_alias(g, absorbing);
      if (l != neutral) scratch_.push_back(l);
    }
    std::sort(scratch_.begin(), scratch_.end());
    scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
    for (size_t i = 1; i < scratch_.size(); ++i)
      if ((scratch_[i] ^ 1) == scratch_[i - 1]) return set_alias(g, absorbing);
    if (scratch_.empty()) return set_alias(g, neutral);
    if (scratch_.size() == 1) return set_alias(g, scratch_[0]);
    gate.inputs = scratch_;
    return false;
  }
  bool set_alias(uint32_t g, Lit l) {
    rep_[g] = l;
    net_.gates[g].inputs.clear();
    return true;
  }

  // Constant propagation and one-input aliasing: each gate once, after its inputs (components in
  // dependency order); gates of a cycle until none changes.
  void fold() {
    std::vector<uint32_t> offsets(n_ + 1, 0), targets;
    for (uint32_t v = 0; v < n_; ++v) {
      if (!alias(v))
        for (Lit l : net_.gates[v].inputs) targets.push_back(lit_node(resolve(l)));
      offsets[v + 1] = static_cast<uint32_t>(targets.size());
    }
    Components comps = strongly_connected(offsets, targets);
    for (size_t c = 0; c < comps.count(); ++c) {
      uint32_t b = comps.begin[c], e = comps.begin[c + 1];
      for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = b; i < e; ++i) {
          uint32_t g = comps.nodes[i];
          if (g < net_.first_gate() || alias(g)) continue;
          size_t before = net_.gates[g].inputs.size();
          if (simplify(g) || net_.gates[g].inputs.size() != before) changed = e - b > 1;
        }
      }
    }
  }

  struct KeyHash {
    size_t operator()(const std::vector<Lit>& v) const {
      uint64_t h = 0x9e3779b97f4a7c15ull;
      for (Lit l : v) h = (h ^ l) * 0xff51afd7ed558ccdull;
      return static_cast<size_t>(h ^ (h >> 32));
    }
  };

  // Merges gates of the same kind over the same inputs; returns whether any was merged.
  bool merge_equal() {
    std::unordered_map<std::vector<Lit>, uint32_t, KeyHash> seen;
    bool merged = false;
    std::vector<Lit> key;
    for (uint32_t g = net_.first_gate(); g < n_; ++g) {
      if (alias(g)) continue;
      Gate& gate = net_.gates[g];
      for (Lit& l : gate.inputs) l = resolve(l);
      std::sort(gate.inputs.begin(), gate.inputs.end());
      key.assign(1, static_cast<Lit>(gate.kind));
      key.insert(key.end(), gate.inputs.begin(), gate.inputs.end());
      auto [it, inserted] = seen.try_emplace(key, g);
      if (inserted) continue;
      merged = set_alias(g, it->second << 1);
    }
    return merged;
  }

  // Drops aliases and gates nothing observable needs; renumbers the remaining gates.
  void compact() {
    std::vector<Lit*> roots;
    for (Lit& l : net_.next) roots.push_back(&l);
    for (Lit& l : net_.legal) roots.push_back(&l);
    for (auto& goals : net_.goals)
      for (auto& [v, l] : goals) roots.push_back(&l);
    roots.push_back(&net_.terminal);
    std::vector<char> live(n_, 0);
    std::vector<uint32_t> stack;
    for (Lit* l : roots) {
      *l = resolve(*l);
      stack.push_back(lit_node(*l));
    }
    while (!stack.empty()) {
      uint32_t v = stack.back();
      stack.pop_back();
      if (live[v]) continue;
      live[v] = 1;
      for (Lit& l : net_.gates[v].inputs) {
        l = resolve(l);
        if (!live[lit_node(l)]) stack.push_back(lit_node(l));
      }
    }
    std::vector<uint32_t> renumber(n_, UINT32_MAX);
    uint32_t next = 0;
    for (uint32_t v = 0; v < n_; ++v)
      if (v < net_.first_gate() || live[v]) {
        renumber[v] = next;
        if (next != v) net_.gates[next] = std::move(net_.gates[v]);
        ++next;
      }
    net_.gates.resize(next);
    auto map = [&](Lit l) { return renumber[lit_node(l)] << 1 | (l & 1); };
    for (Gate& gate : net_.gates)
      for (Lit& l : gate.inputs) l = map(l);
    for (Lit* l : roots) *l = map(*l);
  }

  Network& net_;
  const uint32_t n_;
  std::vector<Lit> rep_;
  std::vector<Lit> scratch_;
};

}  // namespace

void optimize(Network& net) { Optimizer(net).run(); }

}  // namespace ggp::propnet
