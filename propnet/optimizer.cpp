// The optimisation passes of the propnet (network.h): constant folding, aliasing, merging of equal
// gates, factoring of frame axioms, complemented move sets, legal guards, flattening and removal
// of what no observed literal needs.
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "propnet/network.h"
#include "propnet/scc.h"

namespace ggp::propnet {
namespace {

constexpr Lit kNoLit = UINT32_MAX;

std::runtime_error error(const std::string& what) { return std::runtime_error("propnet: " + what); }

// Rewrites a network in place. Gates that become equivalent to a literal are recorded as aliases
// in rep_ and dropped by compact(); every pass keeps the node layout (constant, bases, inputs).
class Optimizer {
 public:
  Optimizer(Network& net, const Deadline& deadline) : net_(net), deadline_(deadline) {
    rep_.resize(net.gates.size());
    for (uint32_t i = 0; i < rep_.size(); ++i) rep_[i] = i << 1;
  }

  void run() {
    simplify_all();
    factor();
    compact();  // drops the ANDs factor() bypassed
    simplify_all();
    complement_moves();
    simplify_all();
    guard_legals();
    simplify_all();
    flatten();
    simplify_all();
  }

  // The literal `l` stands for, following aliases (with path compression).
  Lit resolve(Lit l) {
    Lit cur = l;
    for (;;) {
      uint32_t n = lit_node(cur);
      if (rep_[n] == n << 1) break;
      cur = rep_[n] ^ (cur & 1);
    }
    const Lit root = cur;
    for (cur = l;;) {
      uint32_t n = lit_node(cur);
      Lit r = rep_[n];
      if (r == n << 1) break;
      rep_[n] = root ^ (cur & 1);
      cur = r ^ (cur & 1);
    }
    return root;
  }
  bool alias(uint32_t g) const { return rep_[g] != g << 1; }
  bool is_gate(uint32_t g, Gate::Kind kind) const {
    return g >= net_.first_gate() && !alias(g) && net_.gates[g].kind == kind;
  }
  uint32_t add_gate(Gate::Kind kind, std::vector<Lit> inputs) {
    uint32_t g = static_cast<uint32_t>(net_.gates.size());
    net_.gates.push_back({kind, std::move(inputs)});
    rep_.push_back(g << 1);
    return g;
  }
  std::vector<Lit*> observed() {
    std::vector<Lit*> roots;
    for (Lit& l : net_.next) roots.push_back(&l);
    for (Lit& l : net_.legal) roots.push_back(&l);
    for (Lit& l : net_.guard) roots.push_back(&l);
    for (auto& goals : net_.goals)
      for (auto& [v, l] : goals) roots.push_back(&l);
    roots.push_back(&net_.terminal);
    return roots;
  }

  // Folds, then renumbers the live gates so that later passes work on the live network only.
  void simplify_all() {
    fold();
    compact();
  }

  // OR(AND(c, a...), AND(c, b...), x...) becomes OR(AND(c, OR(AND(a...), AND(b...))), x...) when
  // the ANDs feed nothing else: fewer edges, and a change of c reaches one gate instead of many.
  // The frame axioms of board games produce exactly this shape.
  void factor() {
    std::vector<uint32_t> uses(net_.gates.size(), 0);
    for (uint32_t g = net_.first_gate(); g < net_.gates.size(); ++g)
      if (!alias(g))
        for (Lit& l : net_.gates[g].inputs) ++uses[lit_node(l = resolve(l))];
    for (Lit* l : observed()) ++uses[lit_node(*l = resolve(*l))];
    auto factorable = [&](Lit l) { return !lit_negated(l) && is_gate(lit_node(l), Gate::Kind::And) && uses[lit_node(l)] == 1; };
    std::vector<uint32_t> todo;
    for (uint32_t g = net_.first_gate(); g < net_.gates.size(); ++g)
      if (is_gate(g, Gate::Kind::Or)) todo.push_back(g);
    std::vector<uint32_t> count(2 * net_.gates.size(), 0), counted;
    while (!todo.empty()) {
      uint32_t g = todo.back();
      todo.pop_back();
      if ((++steps_ & 1023) == 0) deadline_.check("optimisation");
      Lit best = kNoLit;
      for (Lit l : net_.gates[g].inputs) {
        if (!factorable(l)) continue;
        for (Lit x : net_.gates[lit_node(l)].inputs) {
          if (count[x]++ == 0) counted.push_back(x);
          if (count[x] >= 2 && (best == kNoLit || count[x] > count[best])) best = x;
        }
      }
      for (Lit x : counted) count[x] = 0;
      counted.clear();
      if (best == kNoLit) continue;
      std::vector<Lit> keep, rests;
      for (Lit l : net_.gates[g].inputs) {
        auto& in = net_.gates[lit_node(l)].inputs;
        if (factorable(l) && std::find(in.begin(), in.end(), best) != in.end()) {
          in.erase(std::find(in.begin(), in.end(), best));
          rests.push_back(in.size() == 1 ? in[0] : l);  // a one-input AND is its input
        } else {
          keep.push_back(l);
        }
      }
      uint32_t h = add_gate(Gate::Kind::Or, std::move(rests));
      uint32_t a = add_gate(Gate::Kind::And, {best, h << 1});
      keep.push_back(a << 1);
      net_.gates[g].inputs = std::move(keep);
      uses.push_back(1);
      uses.push_back(1);
      count.resize(2 * net_.gates.size(), 0);
      todo.push_back(g);
      todo.push_back(h);
    }
  }

  // Inlines a gate used by one gate only into it when that keeps the kind: AND(x, AND(y, z)) and
  // AND(x, NOT OR(y, z)) become AND(x, y, z) and AND(x, NOT y, NOT z), and dually for OR. Fewer
  // gates means fewer values to settle per change.
  void flatten() {
    const uint32_t n = static_cast<uint32_t>(net_.gates.size());
    std::vector<uint32_t> uses(n, 0);
    for (uint32_t g = net_.first_gate(); g < n; ++g)
      if (!alias(g))
        for (Lit& l : net_.gates[g].inputs) ++uses[lit_node(l = resolve(l))];
    for (Lit* l : observed()) uses[lit_node(*l = resolve(*l))] += 2;  // observed: keep the gate
    std::vector<Lit> merged;
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
    }
  }

  // Factors out of each role's legal ANDs the literal most of them share (see Network::guard).
  void guard_legals() {
    const uint32_t roles = static_cast<uint32_t>(net_.role_names.size());
    std::unordered_map<Lit, uint32_t> count;
    for (uint32_t r = 0; r < roles; ++r) {
      count.clear();
      Lit best = kNoLit;
      for (uint32_t m = 0; m < net_.num_moves; ++m) {
        Lit l = net_.legal[m] = resolve(net_.legal[m]);
        if (net_.move_role[m] != r || lit_negated(l) || !is_gate(lit_node(l), Gate::Kind::And)) continue;
        for (Lit x : net_.gates[lit_node(l)].inputs) {
          uint32_t c = ++count[resolve(x)];
          if (c >= 2 && (best == kNoLit || c > count[best])) best = resolve(x);
        }
      }
      if (best == kNoLit) continue;
      net_.guard[r] = best;
      for (uint32_t m = 0; m < net_.num_moves; ++m) {
        Lit l = net_.legal[m];
        if (net_.move_role[m] != r || lit_negated(l) || !is_gate(lit_node(l), Gate::Kind::And)) continue;
        std::vector<Lit> rest;
        bool has = false;
        for (Lit x : net_.gates[lit_node(l)].inputs) {
          if (resolve(x) == best) has = true;
          else rest.push_back(resolve(x));
        }
        if (!has) continue;
        net_.guarded[m] = 1;
        net_.legal[m] = rest.size() == 1 ? rest[0] : add_gate(Gate::Kind::And, std::move(rest)) << 1;
      }
    }
  }

  // Whether a legal, goal or terminal literal depends on a move (invalid GDL, but then the
  // one-move-per-role assumption of complement_moves() would not hold when they are read).
  bool queries_read_moves() {
    std::vector<Lit> roots = net_.legal;
    roots.push_back(net_.terminal);
    for (const auto& goals : net_.goals)
      for (const auto& [v, l] : goals) roots.push_back(l);
    std::vector<char> seen(net_.gates.size(), 0);
    std::vector<uint32_t> stack;
    for (Lit l : roots) stack.push_back(lit_node(resolve(l)));
    while (!stack.empty()) {
      uint32_t v = stack.back();
      stack.pop_back();
      if (seen[v]) continue;
      seen[v] = 1;
      if (v >= net_.input_node(0) && v < net_.first_gate()) return true;
      for (Lit l : net_.gates[v].inputs) stack.push_back(lit_node(resolve(l)));
    }
    return false;
  }

  // Whenever a literal that depends on moves is read, exactly one move per role is set (the
  // contract of next_state; legal, goal and terminal do not depend on moves in valid GDL). So an
  // OR over a set S of a role's moves equals NOT OR over the role's other moves: use the smaller.
  //
  // The complements of a role usually share one move, its pivot (typically noop: the frame axioms
  // of a turn-taking game say "any move of another cell", whose complement is "this cell's moves
  // or noop"). A pivot toggles at every turn and would flip every such gate, so when two roles'
  // complements both hold their pivots n, m around the rest sets T, U, the pair
  // NOT(T or n) or NOT(U or m) is rewritten (exact, as T and n exclude each other) as
  //   (NOT(T or U) and NOT(n and m)) or (NOT n and NOT m and NOT(T and U)),
  // whose only pivot gates, (n and m) and (NOT n and NOT m), are shared by all such ORs and keep
  // their value while the roles alternate.
  void complement_moves() {
    if (queries_read_moves()) return;
    const uint32_t roles = static_cast<uint32_t>(net_.role_names.size());
    std::vector<std::vector<Lit>> all(roles);
    for (uint32_t m = 0; m < net_.num_moves; ++m)
      all[net_.move_role[m]].push_back(net_.input_node(m) << 1);
    struct Rewrite {
      uint32_t gate;
      std::vector<Lit> others;
      std::vector<std::vector<Lit>> rest;  // by role; empty: not complemented
    };
    std::vector<Rewrite> rewrites;
    std::vector<uint32_t> pivot_count(net_.gates.size(), 0);
    std::vector<std::vector<Lit>> by_role(roles);
    const uint32_t end = static_cast<uint32_t>(net_.gates.size());
    for (uint32_t g = net_.first_gate(); g < end; ++g) {
      if (!is_gate(g, Gate::Kind::Or)) continue;
      for (auto& v : by_role) v.clear();
      Rewrite rw{g, {}, std::vector<std::vector<Lit>>(roles)};
      for (Lit l : net_.gates[g].inputs) {
        l = resolve(l);
        uint32_t n = lit_node(l);
        bool move = !lit_negated(l) && n >= net_.input_node(0) && n < net_.first_gate();
        if (move) by_role[net_.move_role[n - net_.input_node(0)]].push_back(l);
        else rw.others.push_back(l);
      }
      bool changed = false;
      for (uint32_t r = 0; r < roles; ++r) {
        std::vector<Lit>& s = by_role[r];
        std::sort(s.begin(), s.end());
        s.erase(std::unique(s.begin(), s.end()), s.end());
        std::vector<Lit> rest;
        std::set_difference(all[r].begin(), all[r].end(), s.begin(), s.end(), std::back_inserter(rest));
        if (s.empty() || rest.size() + 1 >= s.size()) {
          rw.others.insert(rw.others.end(), s.begin(), s.end());
          continue;
        }
        changed = true;
        if (rest.empty()) rw.others.push_back(kTrueLit);
        for (Lit l : rest) ++pivot_count[lit_node(l)];
        rw.rest[r] = std::move(rest);
      }
      if (changed) rewrites.push_back(std::move(rw));
    }
    // A role's pivot: the move in most of its complements.
    std::vector<Lit> pivot(roles, kNoLit);
    for (uint32_t m = 0; m < net_.num_moves; ++m) {
      Lit l = net_.input_node(m) << 1;
      Lit& best = pivot[net_.move_role[m]];
      if (pivot_count[lit_node(l)] >= 2 &&
          (best == kNoLit || pivot_count[lit_node(l)] > pivot_count[lit_node(best)]))
        best = l;
    }
    auto any = [&](std::vector<Lit> lits) {  // OR of lits, as a literal
      if (lits.empty()) return kFalseLit;
      if (lits.size() == 1) return lits[0];
      return add_gate(Gate::Kind::Or, std::move(lits)) << 1;
    };
    auto has_pivot = [&](const std::vector<Lit>& rest, uint32_t r) {
      return pivot[r] != kNoLit && std::find(rest.begin(), rest.end(), pivot[r]) != rest.end();
    };
    for (Rewrite& rw : rewrites) {
      uint32_t first = roles;  // a complemented role with its pivot, waiting for a partner
      for (uint32_t r = 0; r < roles; ++r) {
        std::vector<Lit>& rest = rw.rest[r];
        if (rest.empty()) continue;
        if (!has_pivot(rest, r)) {
          rw.others.push_back(any(std::move(rest)) ^ 1);
          continue;
        }
        if (first == roles) {
          first = r;
          continue;
        }
        std::vector<Lit> t = std::move(rw.rest[first]), u = std::move(rest);
        const Lit n = pivot[first], m = pivot[r];
        t.erase(std::find(t.begin(), t.end(), n));
        u.erase(std::find(u.begin(), u.end(), m));
        std::vector<Lit> t_or_u = t;
        t_or_u.insert(t_or_u.end(), u.begin(), u.end());
        const Lit both = add_gate(Gate::Kind::And, {n, m}) << 1;
        const Lit neither = add_gate(Gate::Kind::And, {n ^ 1, m ^ 1}) << 1;
        const Lit t_and_u = add_gate(Gate::Kind::And, {any(std::move(t)), any(std::move(u))}) << 1;
        const Lit moved = add_gate(Gate::Kind::And, {any(std::move(t_or_u)) ^ 1, both ^ 1}) << 1;
        const Lit stayed = add_gate(Gate::Kind::And, {neither, t_and_u ^ 1}) << 1;
        rw.others.push_back(moved);
        rw.others.push_back(stayed);
        first = roles;
      }
      if (first != roles) rw.others.push_back(any(std::move(rw.rest[first])) ^ 1);
      net_.gates[rw.gate].inputs = std::move(rw.others);
    }
  }

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

  // Constant propagation, one-input aliasing and merging of equal gates: each gate once, after its
  // inputs (components in dependency order, so merges cascade in one pass); the gates of a cycle
  // are simplified (a few passes) but not merged.
  void fold() {
    const uint32_t n = static_cast<uint32_t>(net_.gates.size());
    std::vector<uint32_t> offsets(n + 1, 0), targets;
    for (uint32_t v = 0; v < n; ++v) {
      if (!alias(v))
        for (Lit l : net_.gates[v].inputs) targets.push_back(lit_node(resolve(l)));
      offsets[v + 1] = static_cast<uint32_t>(targets.size());
    }
    Components comps = strongly_connected(offsets, targets);
    size_t capacity = 1024;
    while (capacity < 2 * static_cast<size_t>(n)) capacity *= 2;
    std::vector<std::pair<uint64_t, uint32_t>> slots(capacity, {0, UINT32_MAX});  // (hash, gate)
    for (size_t c = 0; c < comps.count(); ++c) {
      uint32_t b = comps.begin[c], e = comps.begin[c + 1];
      if ((++steps_ & 1023) == 0) deadline_.check("optimisation");
      if (e - b == 1) {
        uint32_t g = comps.nodes[b];
        if (g < net_.first_gate() || alias(g) || simplify(g)) continue;
        const Gate& gate = net_.gates[g];
        const uint64_t hash = key_hash(gate);
        for (size_t i = hash & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
          auto [other_hash, other] = slots[i];
          if (other == UINT32_MAX) {
            slots[i] = {hash, g};
            break;
          }
          if (other_hash == hash && !alias(other) && net_.gates[other].kind == gate.kind &&
              net_.gates[other].inputs == gate.inputs) {
            set_alias(g, other << 1);
            break;
          }
        }
        continue;
      }
      // A few passes: simplification is sound at any point, and long chains inside a cycle
      // would otherwise take a pass per link.
      for (int pass = 0, changed = 1; changed && pass < 3; ++pass) {
        changed = 0;
        for (uint32_t i = b; i < e; ++i) {
          uint32_t g = comps.nodes[i];
          if (g < net_.first_gate() || alias(g)) continue;
          size_t before = net_.gates[g].inputs.size();
          if (simplify(g) || net_.gates[g].inputs.size() != before) changed = 1;
        }
      }
    }
  }

  static uint64_t key_hash(const Gate& g) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ static_cast<uint64_t>(g.kind);
    for (Lit l : g.inputs) h = (h ^ l) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 32);
  }

  // Drops aliases and gates nothing observable needs; renumbers the remaining gates.
  void compact() {
    const uint32_t n = static_cast<uint32_t>(net_.gates.size());
    std::vector<Lit*> roots = observed();
    std::vector<char> live(n, 0);
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

  Network& net_;
  const Deadline& deadline_;
  size_t steps_ = 0;
  std::vector<Lit> rep_;
  std::vector<Lit> scratch_;
};

}  // namespace

void optimize(Network& net, const Deadline& deadline) { Optimizer(net, deadline).run(); }

}  // namespace ggp::propnet
