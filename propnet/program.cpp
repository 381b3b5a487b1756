#include "propnet/program.h"

#include <algorithm>
#include <stdexcept>

#include "gdl/scc.h"

namespace ggp::propnet {

std::shared_ptr<const Program> compile_program(Network net, std::shared_ptr<const gdl::Game> game) {
  auto p = std::make_shared<Program>();
  const uint32_t n = static_cast<uint32_t>(net.gates.size());
  const uint32_t first = net.first_gate();

  // Topological order of the gates (dependencies first) and their cycles.
  std::vector<uint32_t> offsets(n + 1, 0), targets;
  for (uint32_t v = 0; v < n; ++v) {
    for (Lit l : net.gates[v].inputs) targets.push_back(lit_node(l));
    offsets[v + 1] = static_cast<uint32_t>(targets.size());
  }
  gdl::Components comps = gdl::strongly_connected(offsets, targets);
  // Four parts, each reading only itself and the parts before it (see Program::query_end):
  // what legal and terminal read; the transition gates that goals read too; the other transition
  // gates; the gates only goals read, which a playout settles only in its last state.
  enum Part : uint8_t { kQuery = 1, kShared = 2, kTransition = 4, kGoal = 8 };
  std::vector<uint8_t> part(n, 0);
  // Adds `kind` to the parts of the cone of `roots` outside the query part; returns whether the
  // cone reads a move.
  auto cone = [&](const std::vector<Lit>& roots, Part kind) {
    bool reads_moves = false;
    std::vector<uint32_t> stack;
    for (Lit l : roots) stack.push_back(lit_node(l));
    while (!stack.empty()) {
      uint32_t v = stack.back();
      stack.pop_back();
      if (part[v] & (kind | kQuery)) continue;
      part[v] |= kind;
      if (v >= net.input_node(0) && v < first) reads_moves = true;
      for (Lit l : net.gates[v].inputs) stack.push_back(lit_node(l));
    }
    return reads_moves;
  };
  std::vector<Lit> queries = net.legal, goal_roots;
  queries.push_back(net.terminal);
  queries.insert(queries.end(), net.guard.begin(), net.guard.end());
  for (const auto& goals : net.goals)
    for (const auto& [v, l] : goals) goal_roots.push_back(l);
  p->queries_read_moves = cone(queries, kQuery);
  // Where goals read moves (invalid GDL), moves are unset on every change of state, and the goal
  // gates are queries like the others.
  if (cone(goal_roots, kGoal)) {
    p->queries_read_moves = true;
    for (uint8_t& k : part) k = k ? kQuery : 0;
  }
  cone(net.next, kTransition);
  auto part_of = [&](uint32_t v) -> Part {
    if (part[v] & kQuery) return kQuery;
    if (part[v] == (kGoal | kTransition)) return kShared;
    return part[v] == kGoal ? kGoal : kTransition;  // the unread gates with the transition
  };
  std::vector<uint32_t> renum(n);
  for (uint32_t v = 0; v < first; ++v) renum[v] = v;
  uint32_t next = first;
  for (Part kind : {kQuery, kShared, kTransition, kGoal}) {
    for (uint32_t v : comps.nodes)
      if (v >= first && part_of(v) == kind) renum[v] = next++;
    if (kind == kQuery) p->query_end = next;
    if (kind == kShared) p->shared_end = next;
    if (kind == kTransition) p->goal_begin = next;
  }
  std::vector<uint32_t> cycle_of(n, UINT32_MAX);  // old index -> cycle
  std::vector<uint8_t> value(n, 0);
  auto eval = [&](uint32_t v) {
    const Gate& g = net.gates[v];
    size_t sat = 0;
    for (Lit l : g.inputs) sat += value[lit_node(l)] ^ (l & 1);
    return sat >= (g.kind == Gate::Kind::And ? g.inputs.size() : 1);
  };
  for (size_t c = 0; c < comps.count(); ++c) {
    uint32_t b = comps.begin[c], e = comps.begin[c + 1];
    uint32_t v0 = comps.nodes[b];
    if (v0 < first) continue;
    bool cyclic = e - b > 1;
    for (Lit l : net.gates[v0].inputs) cyclic |= lit_node(l) == v0;
    if (!cyclic) {
      value[v0] = eval(v0);
      continue;
    }
    uint32_t id = static_cast<uint32_t>(p->cycle_begin.size());
    p->cycle_begin.push_back(static_cast<uint32_t>(p->cycle_nodes.size()));
    for (uint32_t i = b; i < e; ++i) {
      cycle_of[comps.nodes[i]] = id;
      p->cycle_nodes.push_back(renum[comps.nodes[i]]);
    }
    for (uint32_t i = b; i < e; ++i)
      for (Lit l : net.gates[comps.nodes[i]].inputs)
        if (comps.of[lit_node(l)] == c && lit_negated(l))
          throw std::runtime_error("propnet: negation inside a cycle (the rules are not stratified)");
    for (bool changed = true; changed;) {  // least fixpoint; monotone inside a cycle
      changed = false;
      for (uint32_t i = b; i < e; ++i) {
        uint32_t v = comps.nodes[i];
        if (!value[v] && eval(v)) value[v] = changed = 1;
      }
    }
  }
  p->cycle_begin.push_back(static_cast<uint32_t>(p->cycle_nodes.size()));
  p->cycle_index.assign(n, 0);
  for (size_t c = 0; c + 1 < p->cycle_begin.size(); ++c) {
    uint32_t b = p->cycle_begin[c], e = p->cycle_begin[c + 1];
    p->cycle_head.push_back(*std::min_element(p->cycle_nodes.begin() + b, p->cycle_nodes.begin() + e));
    for (uint32_t i = b; i < e; ++i) p->cycle_index[p->cycle_nodes[i]] = i - b;
    p->max_cycle = std::max(p->max_cycle, e - b);
  }

  // Flat arrays in the new numbering.
  p->num_nodes = n;
  p->num_facts = net.num_facts;
  p->num_moves = net.num_moves;
  p->num_roles = static_cast<uint32_t>(net.role_names.size());
  p->num_gates = n - first;
  std::vector<uint32_t> old_of(n);
  for (uint32_t v = 0; v < n; ++v) old_of[renum[v]] = v;
  p->flags.assign(n, 0);
  p->cycle_of.assign(n, UINT32_MAX);
  p->init_counters.assign(n, 0);
  enum Segment { kPos, kNeg, kCyc, kInner };
  std::vector<std::vector<uint32_t>> segments[4];
  for (auto& seg : segments) seg.resize(n);
  for (uint32_t nv = 0; nv < n; ++nv) {
    uint32_t v = old_of[nv];
    const Gate& g = net.gates[v];
    if (cycle_of[v] != UINT32_MAX) {
      p->flags[nv] |= Program::kCyclic;
      p->cycle_of[nv] = cycle_of[v];
    }
    if (v < first) {
      p->init_counters[nv] = static_cast<uint32_t>(value[v]) << 31;
      continue;
    }
    uint32_t t = g.kind == Gate::Kind::And ? static_cast<uint32_t>(g.inputs.size()) : 1;
    uint32_t sat = 0;
    for (Lit l : g.inputs) sat += value[lit_node(l)] ^ (l & 1);
    p->init_counters[nv] = 0x80000000u - t + sat;
    for (Lit l : g.inputs) {
      uint32_t u = lit_node(l);
      if (cycle_of[v] == UINT32_MAX) segments[lit_negated(l) ? kNeg : kPos][renum[u]].push_back(nv);
      else if (cycle_of[u] == cycle_of[v]) segments[kInner][renum[u]].push_back(nv);
      else segments[kCyc][renum[u]].push_back(nv << 1 | (l & 1));
    }
  }
  p->fanout.resize(n + 1);
  for (uint32_t v = 0; v <= n; ++v) {
    uint32_t* offsets[4] = {&p->fanout[v].pos, &p->fanout[v].neg, &p->fanout[v].cyc, &p->fanout[v].inner};
    for (int k = 0; k < 4; ++k) {
      *offsets[k] = static_cast<uint32_t>(p->out.size());
      if (v < n) p->out.insert(p->out.end(), segments[k][v].begin(), segments[k][v].end());
    }
  }
  p->num_edges = static_cast<uint32_t>(p->out.size());
  p->fanin_begin.assign(n + 1, 0);
  for (uint32_t nv = 0; nv < n; ++nv) {
    const Gate& g = net.gates[old_of[nv]];
    if (g.kind == Gate::Kind::Or) p->flags[nv] |= Program::kOr;
    if (old_of[nv] >= first)
      for (Lit l : g.inputs) p->fanin.push_back(renum[lit_node(l)] << 1 | (l & 1));
    p->fanin_begin[nv + 1] = static_cast<uint32_t>(p->fanin.size());
  }

  // Observers, with the values of the all-false state.
  auto map = [&](Lit l) { return renum[lit_node(l)] << 1 | (l & 1); };
  auto lit_value = [&](Lit l) { return (value[lit_node(l)] ^ (l & 1)) != 0; };
  std::vector<std::vector<uint32_t>> watch(n);
  size_t fact_words = (p->num_facts + 63) / 64, move_words = (p->num_moves + 63) / 64;
  p->init_next_words.assign(fact_words, 0);
  p->init_legal_words.assign(move_words, 0);
  for (uint32_t f = 0; f < p->num_facts; ++f) {
    Lit l = net.next[f];
    if (lit_value(l)) p->init_next_words[f / 64] |= uint64_t{1} << (f % 64);
    if (lit_node(l) != 0) watch[renum[lit_node(l)]].push_back(f | (l & 1 ? Program::kWatchNegated : 0));
  }
  for (uint32_t m = 0; m < p->num_moves; ++m) {
    Lit l = net.legal[m];
    if (lit_value(l)) p->init_legal_words[m / 64] |= uint64_t{1} << (m % 64);
    if (lit_node(l) != 0)
      watch[renum[lit_node(l)]].push_back(m | Program::kWatchLegal |
                                          (l & 1 ? Program::kWatchNegated : 0));
  }
  p->watch_begin.resize(n + 1);
  for (uint32_t v = 0; v < n; ++v) {
    p->watch_begin[v] = static_cast<uint32_t>(p->watches.size());
    p->watches.insert(p->watches.end(), watch[v].begin(), watch[v].end());
    if (!watch[v].empty()) p->flags[v] |= Program::kWatched;
  }
  p->watch_begin[n] = static_cast<uint32_t>(p->watches.size());

  for (Lit l : net.next) p->next_lit.push_back(map(l));
  for (Lit l : net.legal) p->legal_lit.push_back(map(l));
  p->terminal = map(net.terminal);
  for (Lit l : net.guard) p->legal_guard.push_back(map(l));
  p->guarded_words.assign(move_words, 0);
  for (uint32_t m = 0; m < p->num_moves; ++m)
    if (net.guarded[m]) p->guarded_words[m / 64] |= uint64_t{1} << (m % 64);
  p->goals = net.goals;
  for (auto& goals : p->goals)
    for (auto& [v, l] : goals) l = map(l);
  p->role_moves.assign(p->num_roles + 1, 0);
  for (uint32_t r : net.move_role) ++p->role_moves[r + 1];
  for (uint32_t r = 0; r < p->num_roles; ++r) p->role_moves[r + 1] += p->role_moves[r];
  p->initial.reserve_facts(p->num_facts);
  for (uint32_t f : net.init_facts) p->initial.set(f);

  p->role_names = std::move(net.role_names);
  p->fact_texts = std::move(net.fact_texts);
  p->move_texts = std::move(net.move_texts);
  for (uint32_t f = 0; f < p->num_facts; ++f) p->fact_ids.emplace(p->fact_texts[f], f);
  p->move_ids.resize(p->num_roles);
  for (uint32_t m = 0; m < p->num_moves; ++m) p->move_ids[net.move_role[m]].emplace(p->move_texts[m], m);
  p->game = std::move(game);
  return p;
}

}  // namespace ggp::propnet
