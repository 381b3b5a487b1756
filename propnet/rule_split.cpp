#include "propnet/rule_split.h"

#include <algorithm>
#include <cstdint>

#include "propnet/union_find.h"

namespace ggp::propnet {
namespace {

// The literals of a rule body, numbered positives first, then negatives, then distincts.
struct BodyView {
  const PreparedRule& rule;
  size_t size() const { return rule.positive.size() + rule.negative.size() + rule.distinct.size(); }
  const std::vector<uint32_t>& slots(size_t i) const {
    size_t np = rule.positive.size(), nn = rule.negative.size();
    if (i < np) return rule.positive[i].slots;
    if (i < np + nn) return rule.negative[i - np].slots;
    return rule.distinct[i - np - nn].slots;
  }
  bool positive(size_t i) const { return i < rule.positive.size(); }
};

// A new helper relation over the variables `vars`, and its atom.
PreparedAtom helper_atom(RuleSet& set, TermPool& pool, const std::vector<uint32_t>& vars) {
  gdl::SymbolId name = kHelperSymbol + static_cast<gdl::SymbolId>(set.relations.size());
  PreparedAtom atom;
  atom.relation = set.relation(name, static_cast<uint32_t>(vars.size()));
  atom.slots = vars;
  if (vars.empty()) {
    atom.atom.kind = Pattern::Kind::Ground;
    atom.atom.value = pool.intern(name, {});
  } else {
    atom.atom.kind = Pattern::Kind::Func;
    atom.atom.value = name;
    for (uint32_t s : vars) atom.atom.args.push_back({Pattern::Kind::Var, s, {}});
  }
  return atom;
}

// Splits `rule` by the variables outside `kept` (a flag per slot, the head's variables at least):
// each group of literals linked by such variables becomes a helper rule, appended to `added`.
// Returns the number of helpers made.
size_t split_rule(PreparedRule& rule, const std::vector<char>& kept, size_t max_positive,
                  RuleSet& set, TermPool& pool, std::vector<PreparedRule>& added) {
  BodyView body{rule};
  uint32_t n = static_cast<uint32_t>(body.size());
  UnionFind groups(n);
  std::vector<uint32_t> first(rule.num_slots, UINT32_MAX);
  std::vector<char> grouped(n, 0);
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t s : body.slots(i)) {
      if (kept[s]) continue;
      grouped[i] = 1;
      if (first[s] == UINT32_MAX)
        first[s] = i;
      else
        groups.unite(i, first[s]);
    }
  std::vector<std::vector<uint32_t>> members(n);
  for (uint32_t i = 0; i < n; ++i)
    if (grouped[i]) members[groups.find(i)].push_back(i);
  size_t num_groups = 0, num_grouped = 0;
  for (const auto& m : members)
    if (!m.empty()) ++num_groups, num_grouped += m.size();
  if (num_groups == 0 || (num_groups == 1 && num_grouped == n)) return 0;

  std::vector<uint32_t> owner(n, UINT32_MAX);  // the helper a literal moves into
  std::vector<PreparedRule> helpers;
  std::vector<PreparedAtom> helper_atoms;
  for (const auto& group : members) {
    if (group.empty()) continue;
    // The kept variables the group mentions; each must be bound by a positive literal of the
    // group, or the helper would be unsafe (then the group stays in the rule).
    std::vector<uint32_t> interface;
    std::vector<char> bound(rule.num_slots, 0);
    size_t positives = 0;
    for (uint32_t i : group) positives += body.positive(i);
    if (positives > max_positive) continue;
    for (uint32_t i : group)
      for (uint32_t s : body.slots(i)) {
        if (kept[s]) interface.push_back(s);
        if (body.positive(i)) bound[s] = 1;
      }
    std::sort(interface.begin(), interface.end());
    interface.erase(std::unique(interface.begin(), interface.end()), interface.end());
    // A kept variable the group only filters on, as in `(distinct ?x ?x1)`, takes its values from
    // a domain-only literal: the projection of a positive literal outside the group that binds it.
    // The rule holds that literal too, so no value it can use is missed.
    std::vector<uint32_t> unbound, covers;
    for (uint32_t s : interface)
      if (!bound[s]) unbound.push_back(s);
    while (!unbound.empty()) {
      uint32_t best = UINT32_MAX;
      size_t best_cover = 0;
      for (uint32_t i = 0; i < rule.positive.size(); ++i) {
        if (std::find(group.begin(), group.end(), i) != group.end()) continue;
        const auto& ls = rule.positive[i].slots;
        size_t cover = std::count_if(unbound.begin(), unbound.end(), [&](uint32_t s) {
          return std::find(ls.begin(), ls.end(), s) != ls.end();
        });
        if (cover > best_cover) best = i, best_cover = cover;
      }
      if (best == UINT32_MAX) break;
      covers.push_back(best);
      const auto& ls = rule.positive[best].slots;
      std::erase_if(unbound,
                    [&](uint32_t s) { return std::find(ls.begin(), ls.end(), s) != ls.end(); });
    }
    if (!unbound.empty()) continue;
    std::vector<PreparedAtom> domains;
    for (uint32_t i : covers) {
      std::vector<uint32_t> vars;
      for (uint32_t s : rule.positive[i].slots)
        if (std::binary_search(interface.begin(), interface.end(), s)) vars.push_back(s);
      PreparedRule domain;
      domain.head = helper_atom(set, pool, vars);
      domain.positive.push_back(rule.positive[i]);
      domain.positive.back().domain_only = false;
      domain.num_slots = rule.num_slots;
      domain.domain = true;
      domain.text = "(the domain of) " + rule.text;
      domains.push_back(domain.head);
      domains.back().domain_only = true;
      added.push_back(std::move(domain));
    }
    PreparedAtom atom = helper_atom(set, pool, interface);
    PreparedRule helper;
    helper.head = atom;
    helper.num_slots = rule.num_slots;
    helper.domain = rule.domain;  // parts of a domain rule only derive domains too
    helper.text = rule.text.starts_with("(a part of) ") ? rule.text : "(a part of) " + rule.text;
    helper.positive = std::move(domains);
    for (uint32_t i : group) owner[i] = static_cast<uint32_t>(helpers.size());
    helpers.push_back(std::move(helper));
    helper_atoms.push_back(std::move(atom));
  }
  if (helpers.empty()) return 0;
  // Partition the body in one pass: each literal goes to its helper or stays.
  PreparedRule keep;
  size_t np = rule.positive.size(), nn = rule.negative.size();
  auto dest = [&](size_t i) -> PreparedRule& {
    return owner[i] == UINT32_MAX ? keep : helpers[owner[i]];
  };
  for (size_t i = 0; i < np; ++i) dest(i).positive.push_back(std::move(rule.positive[i]));
  for (size_t i = 0; i < nn; ++i) dest(np + i).negative.push_back(std::move(rule.negative[i]));
  for (size_t i = 0; i < rule.distinct.size(); ++i)
    dest(np + nn + i).distinct.push_back(std::move(rule.distinct[i]));
  rule.positive = std::move(keep.positive);
  rule.negative = std::move(keep.negative);
  rule.distinct = std::move(keep.distinct);
  for (PreparedAtom& a : helper_atoms) rule.positive.push_back(std::move(a));
  for (PreparedRule& h : helpers) added.push_back(std::move(h));
  return helper_atoms.size();
}

}  // namespace

size_t eliminate_variables(RuleSet& set, TermPool& pool, uint32_t index) {
  size_t made = 0;
  std::vector<PreparedRule> added;
  std::vector<char> failed(set.rules[index].num_slots, 0);  // could not be projected out
  for (;;) {
    PreparedRule& rule = set.rules[index];
    BodyView body{rule};
    const uint32_t n = static_cast<uint32_t>(body.size());
    std::vector<char> in_head(rule.num_slots, 0);
    for (uint32_t s : rule.head.slots) in_head[s] = 1;
    std::vector<std::vector<uint32_t>> bucket(rule.num_slots);  // literals by variable
    for (uint32_t i = 0; i < n; ++i)
      for (uint32_t s : body.slots(i)) bucket[s].push_back(i);
    uint32_t best = UINT32_MAX;
    size_t best_cost = SIZE_MAX;
    std::vector<char> best_kept;
    for (uint32_t v = 0; v < rule.num_slots; ++v) {
      if (in_head[v] || failed[v] || bucket[v].empty() || bucket[v].size() == n) continue;
      // The variables of v's bucket that occur outside it (or in the head) stay; the others go.
      std::vector<char> inside(n, 0);
      for (uint32_t i : bucket[v]) inside[i] = 1;
      std::vector<char> kept(rule.num_slots, 1);
      size_t cost = 0;
      std::vector<char> seen(rule.num_slots, 0);
      for (uint32_t i : bucket[v])
        for (uint32_t s : body.slots(i)) {
          if (seen[s]) continue;
          seen[s] = 1;
          bool private_var = !in_head[s] && std::all_of(bucket[s].begin(), bucket[s].end(),
                                                        [&](uint32_t j) { return inside[j]; });
          if (private_var)
            kept[s] = 0;
          else
            ++cost;
        }
      if (cost < best_cost) best = v, best_cost = cost, best_kept = std::move(kept);
    }
    if (best == UINT32_MAX) break;
    size_t got = split_rule(rule, best_kept, SIZE_MAX, set, pool, added);
    if (got == 0) failed[best] = 1;
    made += got;
  }
  for (PreparedRule& h : added) set.rules.push_back(std::move(h));
  return made;
}

bool has_eliminable_variable(const PreparedRule& rule) {
  BodyView body{rule};
  std::vector<uint32_t> uses(rule.num_slots, 0);
  for (size_t i = 0; i < body.size(); ++i)
    for (uint32_t s : body.slots(i)) ++uses[s];
  for (uint32_t s : rule.head.slots) uses[s] = 0;
  return std::any_of(uses.begin(), uses.end(),
                     [&](uint32_t u) { return u > 0 && u < body.size(); });
}

size_t split_rules(RuleSet& set, TermPool& pool) {
  size_t made = 0;
  // Pass 1: groups linked by variables outside the head.
  std::vector<PreparedRule> added;
  for (PreparedRule& rule : set.rules) {
    std::vector<char> kept(rule.num_slots, 0);
    for (uint32_t s : rule.head.slots) kept[s] = 1;
    made += split_rule(rule, kept, SIZE_MAX, set, pool, added);
  }
  for (PreparedRule& h : added) set.rules.push_back(std::move(h));
  // Pass 2: a dynamic atom whose variables neither the head nor a static atom mentions is
  // projected apart (with the negations and distincts on those variables) from the static atoms,
  // which cost nothing once grounded: `(does ?r (play ?a ?b ?c ?d))` with `(adjacent ?x ?y ?a ?b)`
  // grounds the moves once, projected on (?a ?b), instead of once per (?x ?y). A projection has
  // at most as many instances as its atom; a group of several dynamic atoms is left whole, since
  // apart from the static atoms that constrain it, its join could be far larger.
  std::vector<char> dynamic = dynamic_relations(set);
  added.clear();
  for (PreparedRule& rule : set.rules) {
    std::vector<char> kept(rule.num_slots, 0);
    for (uint32_t s : rule.head.slots) kept[s] = 1;
    bool any_static = false;
    for (const PreparedAtom& a : rule.positive)
      if (!dynamic[a.relation]) {
        any_static = true;
        for (uint32_t s : a.slots) kept[s] = 1;
      }
    if (any_static) made += split_rule(rule, kept, 1, set, pool, added);
  }
  for (PreparedRule& h : added) set.rules.push_back(std::move(h));
  return made;
}

}  // namespace ggp::propnet
