// Folding, compaction and flattening (see optimizer.h), and optimize() itself.
#include "propnet/optimizer.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "gdl/scc.h"

namespace ggp::propnet {
namespace detail {
namespace {

constexpr uint64_t kEmptySlot = UINT64_MAX;

std::runtime_error error(const std::string& what) {
  return std::runtime_error("propnet: " + what);
}

}  // namespace

Optimizer::Optimizer(Network& net, const Deadline& deadline) : net_(net), deadline_(deadline) {
  rep_.resize(net.gates.size());
  for (uint32_t i = 0; i < rep_.size(); ++i) rep_[i] = i << 1;
}

void Optimizer::run() {
  simplify_and_factor();
  // A fold that settled (see fold()) is a fixpoint: after a pass that changed nothing, the next
  // fold would change nothing either.
  if (complement_moves() || !settled_) simplify_all();
  if (guard_legals()) simplify_and_factor();  // the legal gates' other readers (guard_legals)
  else if (!settled_) simplify_all();
  if (flatten() || !settled_) simplify_all();
}

void Optimizer::simplify_and_factor() {
  simplify_all();
  factor();
  compact();  // drops the ANDs factor() bypassed
  simplify_all();
}

std::vector<Lit*> Optimizer::observed() {
  std::vector<Lit*> roots;
  for (Lit& l : net_.next) roots.push_back(&l);
  for (Lit& l : net_.legal) roots.push_back(&l);
  for (Lit& l : net_.guard) roots.push_back(&l);
  for (auto& goals : net_.goals)
    for (auto& [v, l] : goals) roots.push_back(&l);
  roots.push_back(&net_.terminal);
  return roots;
}

// Constant propagation, one-input aliasing and merging of equal gates: each gate once, after its
// inputs (components in dependency order, so merges cascade in one pass); the gates of a cycle
// are simplified (a few passes) but not merged. Sets settled_ unless a cycle still changed in its
// last pass.
void Optimizer::fold() {
  const uint32_t n = static_cast<uint32_t>(net_.gates.size());
  std::vector<uint32_t> offsets(n + 1, 0), targets;
  // readers_[v] bounds from above the gate inputs that read v, with the readers of the gates
  // aliased to v added as that happens. A gate g with an input x that no other gate reads has no
  // twin, so it skips the table (a random memory access) and waits in parked_[x] until x gets a
  // second reader, if ever: a twin must read x, and x gains readers only when one of its future
  // readers' inputs folds into it, before that reader comes up.
  readers_.assign(n, 0);
  parked_.assign(n, UINT32_MAX);
  for (uint32_t v = 0; v < n; ++v) {
    if (!alias(v))
      for (Lit l : net_.gates[v].inputs) {
        targets.push_back(lit_node(resolve(l)));
        ++readers_[targets.back()];
      }
    offsets[v + 1] = static_cast<uint32_t>(targets.size());
  }
  order_ = gdl::strongly_connected(offsets, targets);
  const gdl::Components& comps = order_;
  settled_ = true;
  size_t capacity = 1024;
  while (capacity < 2 * static_cast<size_t>(n)) capacity *= 2;
  table_.assign(capacity, kEmptySlot);  // reuses the storage of the previous fold
  // Gates come in dependency order, not memory order: prefetch, a few components ahead, the
  // gate, its inputs, then the table slot its current inputs hash to (right unless they change).
  constexpr size_t kAhead = 16;
  auto gate_at = [&](size_t c) -> const Gate& { return net_.gates[comps.nodes[comps.begin[c]]]; };
  for (size_t c = 0; c < comps.count(); ++c) {
    if (c + 3 * kAhead < comps.count()) __builtin_prefetch(&gate_at(c + 3 * kAhead));
    if (c + 2 * kAhead < comps.count()) __builtin_prefetch(gate_at(c + 2 * kAhead).inputs.data());
    if (c + kAhead < comps.count())
      __builtin_prefetch(&table_[key_hash(gate_at(c + kAhead)) & (table_.size() - 1)]);
    uint32_t b = comps.begin[c], e = comps.begin[c + 1];
    if ((++steps_ & 1023) == 0) deadline_.check("optimisation");
    if (e - b == 1) {
      uint32_t g = comps.nodes[b];
      if (g < net_.first_gate() || alias(g)) continue;
      if (simplify(g)) {
        folded(g);
        continue;
      }
      const std::vector<Lit>& in = net_.gates[g].inputs;
      auto single =
          std::find_if(in.begin(), in.end(), [&](Lit l) { return readers_[lit_node(l)] <= 1; });
      if (single != in.end())
        parked_[lit_node(*single)] = g;
      else if (uint32_t twin = find_or_insert(g); twin != g) {
        set_alias(g, twin << 1);
        folded(g);
      }
      continue;
    }
    // A few passes: simplification is sound at any point, and long chains inside a cycle
    // would otherwise take a pass per link. The fold has not settled if the last one changed.
    for (int pass = 0, changed = 1; changed; ++pass) {
      if (pass == 3) {
        settled_ = false;
        break;
      }
      changed = 0;
      for (uint32_t i = b; i < e; ++i) {
        uint32_t g = comps.nodes[i];
        if (g < net_.first_gate() || alias(g)) continue;
        size_t before = net_.gates[g].inputs.size();
        if (simplify(g)) {
          folded(g);
          changed = 1;
        } else if (net_.gates[g].inputs.size() != before) {
          changed = 1;
        }
      }
    }
  }
}

// After fold() made g an alias: g's readers now read its representative.
void Optimizer::folded(uint32_t g) {
  const uint32_t v = lit_node(rep_[g]);
  readers_[v] += readers_[g];
  if (readers_[v] >= 2 && parked_[v] != UINT32_MAX) {
    find_or_insert(parked_[v]);  // finds no twin: one would read v already
    parked_[v] = UINT32_MAX;
  }
}

// The gate of table_ equal to g (same kind and inputs), or g after inserting it.
uint32_t Optimizer::find_or_insert(uint32_t g) {
  const Gate& gate = net_.gates[g];
  const uint32_t hash = key_hash(gate);
  const size_t mask = table_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const uint64_t slot = table_[i];
    if (slot == kEmptySlot) {
      table_[i] = uint64_t{hash} << 32 | g;
      return g;
    }
    const uint32_t other = static_cast<uint32_t>(slot);
    if ((slot >> 32) == hash && !alias(other) && net_.gates[other].kind == gate.kind &&
        net_.gates[other].inputs == gate.inputs)
      return other;
  }
}

// Independent of the order of the inputs, so that fold() can prefetch a gate's slot before
// simplify() sorts them.
uint32_t Optimizer::key_hash(const Gate& g) {
  uint64_t h = static_cast<uint64_t>(g.kind) + 1;
  for (Lit l : g.inputs) {
    uint64_t x = (l + 0x9e3779b97f4a7c15ull) * 0xff51afd7ed558ccdull;
    h += x ^ (x >> 31);
  }
  h *= 0xc4ceb9fe1a85ec53ull;
  return static_cast<uint32_t>(h ^ (h >> 32));
}

// Simplifies gate g; returns true if it became an alias of another literal.
bool Optimizer::simplify(uint32_t g) {
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
      continue;                                    // g = g or x  is  g = x
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

// Drops aliases and gates nothing observable needs; renumbers the remaining gates.
// With `order`, the components of the fold that just ran (readers after what they read, which
// its aliases keep true), liveness is one sweep down that order instead of a search.
void Optimizer::compact(const gdl::Components* order) {
  const uint32_t n = static_cast<uint32_t>(net_.gates.size());
  std::vector<Lit*> roots = observed();
  std::vector<char> live(n, 0);
  std::vector<uint32_t> stack;
  for (Lit* l : roots) {
    *l = resolve(*l);
    stack.push_back(lit_node(*l));
  }
  if (order) {
    for (uint32_t v : stack) live[v] = 1;
    stack.clear();
    std::vector<char> done(n, 0);
    auto mark_inputs = [&](uint32_t v) {
      for (Lit& l : net_.gates[v].inputs) live[lit_node(l = resolve(l))] = 1;
    };
    constexpr size_t kAhead = 16;
    for (size_t c = order->count(); c-- > 0;) {
      const uint32_t b = order->begin[c], e = order->begin[c + 1];
      if (c >= 2 * kAhead)
        __builtin_prefetch(&net_.gates[order->nodes[order->begin[c - 2 * kAhead]]]);
      if (c >= kAhead)
        __builtin_prefetch(net_.gates[order->nodes[order->begin[c - kAhead]]].inputs.data());
      if (e - b == 1) {
        if (live[order->nodes[b]]) mark_inputs(order->nodes[b]);
        continue;
      }
      // A cycle: simplification may have cut some of its edges, so search it from its live nodes.
      for (uint32_t i = b; i < e; ++i)
        if (live[order->nodes[i]]) stack.push_back(order->nodes[i]);
      while (!stack.empty()) {
        uint32_t v = stack.back();
        stack.pop_back();
        if (done[v]) continue;
        done[v] = 1;
        mark_inputs(v);
        for (Lit l : net_.gates[v].inputs)
          if (order->of[lit_node(l)] == c && !done[lit_node(l)]) stack.push_back(lit_node(l));
      }
    }
  }
  while (!stack.empty()) {
    uint32_t v = stack.back();
    stack.pop_back();
    if (live[v]) continue;
    live[v] = 1;
    for (Lit& l : net_.gates[v].inputs) {
      l = resolve(l);
      if (live[lit_node(l)]) continue;
      stack.push_back(lit_node(l));
      __builtin_prefetch(&net_.gates[lit_node(l)]);
    }
  }
  std::vector<uint32_t> renumber(n, UINT32_MAX);
  uint32_t next = 0;
  for (uint32_t v = 0; v < n; ++v)
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
  rep_.resize(next);
  for (uint32_t i = 0; i < next; ++i) rep_[i] = i << 1;
}

// Inlines a gate used by one gate only into it when that keeps the kind: AND(x, AND(y, z)) and
// AND(x, NOT OR(y, z)) become AND(x, y, z) and AND(x, NOT y, NOT z), and dually for OR. Fewer
// gates means fewer values to settle per change.
bool Optimizer::flatten() {
  const uint32_t n = static_cast<uint32_t>(net_.gates.size());
  std::vector<uint32_t> uses(n, 0);
  for (uint32_t g = net_.first_gate(); g < n; ++g)
    if (!alias(g))
      for (Lit& l : net_.gates[g].inputs) ++uses[lit_node(l = resolve(l))];
  for (Lit* l : observed()) uses[lit_node(*l = resolve(*l))] += 2;  // observed: keep the gate
  std::vector<Lit> merged;
  bool any = false;
  for (uint32_t g = net_.first_gate(); g < n; ++g) {
    if (alias(g)) continue;
    if ((++steps_ & 1023) == 0) deadline_.check("optimisation");
    const Gate::Kind kind = net_.gates[g].kind;
    const Gate::Kind dual = kind == Gate::Kind::And ? Gate::Kind::Or : Gate::Kind::And;
    merged.clear();
    bool changed = false;
    for (Lit l : net_.gates[g].inputs) {
      uint32_t h = lit_node(l);
      bool inline_it = h != g && uses[h] == 1 && net_.gates[h].inputs.size() <= 64 &&
                       (lit_negated(l) ? is_gate(h, dual) : is_gate(h, kind));
      if (!inline_it) {
        merged.push_back(l);
        continue;
      }
      for (Lit x : net_.gates[h].inputs) merged.push_back(resolve(x) ^ (l & 1));
      uses[h] = 0;
      set_alias(h, kFalseLit);  // no longer used anywhere
      changed = true;
    }
    if (changed) net_.gates[g].inputs = merged;
    any |= changed;
  }
  return any;
}

}  // namespace detail

void optimize(Network& net, const Deadline& deadline) {
  detail::Optimizer(net, deadline).run();
}

}  // namespace ggp::propnet
