// Complemented move sets and legal guards (see optimizer.h).
#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "propnet/optimizer.h"

namespace ggp::propnet::detail {

// Whether a legal, goal or terminal literal depends on a move (invalid GDL, but then the
// one-move-per-role assumption of complement_moves() would not hold when they are read).
bool Optimizer::queries_read_moves() {
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
bool Optimizer::complement_moves() {
  if (queries_read_moves()) return false;
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
      if (move)
        by_role[net_.move_role[n - net_.input_node(0)]].push_back(l);
      else
        rw.others.push_back(l);
    }
    bool changed = false;
    for (uint32_t r = 0; r < roles; ++r) {
      std::vector<Lit>& s = by_role[r];
      std::sort(s.begin(), s.end());
      s.erase(std::unique(s.begin(), s.end()), s.end());
      // s holds moves of r only, so its complement has all[r].size() - s.size() of them.
      if (s.empty() || all[r].size() - s.size() + 1 >= s.size()) {
        rw.others.insert(rw.others.end(), s.begin(), s.end());
        continue;
      }
      std::vector<Lit> rest;
      std::set_difference(all[r].begin(), all[r].end(), s.begin(), s.end(),
                          std::back_inserter(rest));
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
  return !rewrites.empty();
}

// Factors out of each role's legal ANDs the literal most of them share (see Network::guard).
bool Optimizer::guard_legals() {
  const uint32_t roles = static_cast<uint32_t>(net_.role_names.size());
  std::unordered_map<Lit, uint32_t> count;
  bool any = false;
  for (uint32_t r = 0; r < roles; ++r) {
    count.clear();
    Lit best = kNoLit;
    for (uint32_t m = 0; m < net_.num_moves; ++m) {
      Lit l = net_.legal[m] = resolve(net_.legal[m]);
      if (net_.move_role[m] != r || lit_negated(l) || !is_gate(lit_node(l), Gate::Kind::And))
        continue;
      for (Lit x : net_.gates[lit_node(l)].inputs) {
        uint32_t c = ++count[resolve(x)];
        if (c >= 2 && (best == kNoLit || c > count[best])) best = resolve(x);
      }
    }
    if (best == kNoLit) continue;
    any = true;
    net_.guard[r] = best;
    for (uint32_t m = 0; m < net_.num_moves; ++m) {
      Lit l = net_.legal[m];
      if (net_.move_role[m] != r || lit_negated(l) || !is_gate(lit_node(l), Gate::Kind::And))
        continue;
      std::vector<Lit> rest;
      bool has = false;
      for (Lit x : net_.gates[lit_node(l)].inputs) {
        if (resolve(x) == best)
          has = true;
        else
          rest.push_back(resolve(x));
      }
      if (!has) continue;
      net_.guarded[m] = 1;
      const Lit without =
          rest.size() == 1 ? rest[0] : add_gate(Gate::Kind::And, std::move(rest)) << 1;
      // The legal gate itself becomes AND(guard, without) for its other readers (checkers'
      // has_legal_move), whose OR factor() can then pull the guard out of: otherwise the guard
      // feeds every one of the role's legal gates, and each step flips it.
      net_.gates[lit_node(l)].inputs = {best, without};
      net_.legal[m] = without;
    }
  }
  return any;
}

}  // namespace ggp::propnet::detail
