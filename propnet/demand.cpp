#include "propnet/demand.h"

#include <algorithm>

namespace ggp::propnet {
namespace {

struct Call {
  uint32_t rule;
  Pattern atom;  // the called atom, as written in the caller
};

// Flags the relations that depend on one of `targets` through rule bodies, `targets` included.
std::vector<char> dependents(const RuleSet& set, std::vector<char> reach) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const PreparedRule& r : set.rules) {
      if (reach[r.head.relation]) continue;
      bool hit = false;
      for (const PreparedAtom& a : r.positive) hit |= reach[a.relation] != 0;
      for (const PreparedAtom& a : r.negative) hit |= reach[a.relation] != 0;
      if (hit) reach[r.head.relation] = changed = true;
    }
  }
  return reach;
}

std::vector<uint32_t> slots_of(const std::vector<Pattern>& terms) {
  std::vector<uint32_t> s;
  for (const Pattern& p : terms) collect_slots(p, s);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

bool contains(const std::vector<uint32_t>& sorted, uint32_t x) {
  return std::binary_search(sorted.begin(), sorted.end(), x);
}

// The p-th argument of an atom pattern (a ground atom is a Ground pattern without arguments).
Pattern argument(const Pattern& atom, uint32_t p, const TermPool& pool) {
  if (atom.kind == Pattern::Kind::Func) return atom.args[p];
  return {Pattern::Kind::Ground, pool.args(atom.value)[p], {}};
}

PreparedAtom demand_atom(uint32_t relation, gdl::SymbolId name, std::vector<Pattern> args) {
  PreparedAtom a;
  a.relation = relation;
  a.slots = slots_of(args);
  a.atom.kind = Pattern::Kind::Func;
  a.atom.value = name;
  a.atom.args = std::move(args);
  return a;
}

}  // namespace

size_t restrict_to_demand(RuleSet& set, const TermPool& pool) {
  const std::vector<char> dynamic = dynamic_relations(set);
  const size_t num_relations = set.relations.size();
  std::vector<std::vector<Call>> calls(num_relations);
  std::vector<char> derived(num_relations, 0);  // has a rule with a body
  for (uint32_t ri = 0; ri < set.rules.size(); ++ri) {
    const PreparedRule& r = set.rules[ri];
    if (!r.positive.empty()) derived[r.head.relation] = 1;
    for (const auto* lits : {&r.positive, &r.negative})
      for (const PreparedAtom& a : *lits) calls[a.relation].push_back({ri, a.atom});
  }
  // The restricted relations X and the binders, the static atoms whose relations depend on no
  // relation of X: exact, so each demand holds every call that can fire, and no demand feeds back
  // into what it restricts. X starts with every candidate and drops those left without a
  // demanded position until both agree.
  std::vector<char> restricted(num_relations, 0);
  for (uint32_t rel = 0; rel < num_relations; ++rel)
    restricted[rel] = set.relations[rel].name >= gdl::kw::count && set.relations[rel].arity > 0 &&
                      derived[rel] && !calls[rel].empty();
  std::vector<char> blocked;
  auto binders = [&](const PreparedRule& caller) {
    std::vector<const PreparedAtom*> out;
    for (const PreparedAtom& a : caller.positive)
      if (!dynamic[a.relation] && !blocked[a.relation]) out.push_back(&a);
    return out;
  };
  std::vector<std::vector<uint32_t>> positions(num_relations);
  for (bool changed = true; changed;) {
    changed = false;
    blocked = dependents(set, restricted);
    for (uint32_t rel = 0; rel < num_relations; ++rel) {
      if (!restricted[rel]) continue;
      const uint32_t arity = set.relations[rel].arity;
      std::vector<char> demanded(arity, 1);
      for (const Call& c : calls[rel]) {
        std::vector<uint32_t> bound;
        for (const PreparedAtom* a : binders(set.rules[c.rule]))
          bound.insert(bound.end(), a->slots.begin(), a->slots.end());
        std::sort(bound.begin(), bound.end());
        for (uint32_t p = 0; p < arity; ++p) {
          std::vector<uint32_t> s;
          collect_slots(argument(c.atom, p, pool), s);
          for (uint32_t v : s) demanded[p] &= contains(bound, v);
        }
      }
      positions[rel].clear();
      for (uint32_t p = 0; p < arity; ++p)
        if (demanded[p]) positions[rel].push_back(p);
      if (positions[rel].empty()) restricted[rel] = 0, changed = true;
    }
  }

  std::vector<PreparedRule> demand_rules;
  std::vector<std::pair<uint32_t, PreparedAtom>> restrictions;  // (rule, domain-only literal)
  size_t count = 0;
  for (uint32_t rel = 0; rel < num_relations; ++rel) {
    if (!restricted[rel]) continue;
    ++count;
    const gdl::SymbolId name = kDemandSymbol + rel;
    const uint32_t demand = set.relation(name, static_cast<uint32_t>(positions[rel].size()));
    auto at_positions = [&](const Pattern& atom) {
      std::vector<Pattern> args;
      for (uint32_t p : positions[rel]) args.push_back(argument(atom, p, pool));
      return args;
    };
    for (const Call& c : calls[rel]) {
      const PreparedRule& caller = set.rules[c.rule];
      PreparedRule d;
      d.head = demand_atom(demand, name, at_positions(c.atom));
      d.num_slots = caller.num_slots;
      d.text = "(the demand of) " + caller.text;
      // The caller's binders that mention a demanded variable (one step only: following chains
      // of binders, as in `(sum ?a ?b ?c) (sum ?c ?d ?e) ...`, could join far more than the
      // caller itself, whose dynamic atoms restrict the join).
      for (const PreparedAtom* a : binders(caller))
        if (std::any_of(a->slots.begin(), a->slots.end(),
                        [&](uint32_t s) { return contains(d.head.slots, s); })) {
          d.positive.push_back(*a);
          d.positive.back().domain_only = false;
        }
      demand_rules.push_back(std::move(d));
    }
    for (uint32_t ri = 0; ri < set.rules.size(); ++ri) {
      const PreparedRule& r = set.rules[ri];
      if (r.head.relation != rel || r.positive.empty()) continue;
      PreparedAtom lit = demand_atom(demand, name, at_positions(r.head.atom));
      lit.domain_only = true;
      restrictions.push_back({ri, std::move(lit)});
    }
  }
  for (auto& [ri, lit] : restrictions) set.rules[ri].positive.push_back(std::move(lit));
  for (PreparedRule& d : demand_rules) set.rules.push_back(std::move(d));
  return count;
}

}  // namespace ggp::propnet
