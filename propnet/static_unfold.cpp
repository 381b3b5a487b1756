#include "propnet/static_unfold.h"

#include <algorithm>

namespace ggp::propnet {
namespace {

// The one rule that defines `relation`, if it may be unfolded: a body, a head of distinct
// variables, no call of itself, no domain-only parts. Else nullptr.
const PreparedRule* definition(const RuleSet& set, uint32_t relation) {
  const PreparedRule* found = nullptr;
  for (const PreparedRule& r : set.rules) {
    if (r.head.relation != relation) continue;
    if (found != nullptr) return nullptr;
    found = &r;
  }
  if (found == nullptr || found->domain || found->positive.empty()) return nullptr;
  const Pattern& head = found->head.atom;
  if (head.kind != Pattern::Kind::Func) return nullptr;
  std::vector<uint32_t> seen;
  for (const Pattern& a : head.args) {
    if (a.kind != Pattern::Kind::Var || std::find(seen.begin(), seen.end(), a.value) != seen.end())
      return nullptr;
    seen.push_back(a.value);
  }
  for (const PreparedAtom& a : found->positive)
    if (a.relation == relation || a.domain_only) return nullptr;
  for (const PreparedAtom& a : found->negative)
    if (a.relation == relation) return nullptr;
  return found;
}

// `p` (a pattern of the definition) in the calling rule's variables: `bound` maps a definition
// slot to the pattern it stands for (empty kind Ground with value UINT32_MAX: not yet mapped).
Pattern rename(const Pattern& p, std::vector<Pattern>& bound, std::vector<char>& mapped,
               uint32_t& num_slots) {
  if (p.kind == Pattern::Kind::Ground) return p;
  if (p.kind == Pattern::Kind::Var) {
    if (!mapped[p.value]) {
      bound[p.value] = {Pattern::Kind::Var, num_slots++, {}};
      mapped[p.value] = 1;
    }
    return bound[p.value];
  }
  Pattern out{Pattern::Kind::Func, p.value, {}};
  for (const Pattern& a : p.args) out.args.push_back(rename(a, bound, mapped, num_slots));
  return out;
}

PreparedAtom renamed_atom(const PreparedAtom& a, std::vector<Pattern>& bound,
                          std::vector<char>& mapped, uint32_t& num_slots) {
  PreparedAtom out;
  out.relation = a.relation;
  out.atom = rename(a.atom, bound, mapped, num_slots);
  out.slots = unique_slots(out.atom);
  return out;
}

}  // namespace

bool has_unfoldable_literal(const RuleSet& set, uint32_t rule, const std::vector<char>& dynamic) {
  for (const PreparedAtom& a : set.rules[rule].positive)
    if (!dynamic[a.relation] && !a.domain_only && definition(set, a.relation) != nullptr)
      return true;
  return false;
}

size_t unfold_static_literals(RuleSet& set, TermPool& pool, uint32_t rule,
                              const std::vector<char>& dynamic) {
  if (!has_unfoldable_literal(set, rule, dynamic)) return 0;
  std::vector<PreparedAtom> kept, added_positive;
  std::vector<PreparedAtom> added_negative;
  std::vector<PreparedRule::Distinct> added_distinct;
  size_t unfolded = 0;
  uint32_t num_slots = set.rules[rule].num_slots;
  for (const PreparedAtom& literal : set.rules[rule].positive) {
    const PreparedRule* def = literal.domain_only || dynamic[literal.relation]
                                  ? nullptr
                                  : definition(set, literal.relation);
    if (def == nullptr) {
      kept.push_back(literal);
      continue;
    }
    ++unfolded;
    std::vector<Pattern> bound(def->num_slots);
    std::vector<char> mapped(def->num_slots, 0);
    for (uint32_t i = 0; i < def->head.atom.args.size(); ++i) {
      const uint32_t slot = def->head.atom.args[i].value;
      bound[slot] = argument_of(literal.atom, i, pool);
      mapped[slot] = 1;
    }
    for (const PreparedAtom& a : def->positive)
      added_positive.push_back(renamed_atom(a, bound, mapped, num_slots));
    for (const PreparedAtom& a : def->negative)
      added_negative.push_back(renamed_atom(a, bound, mapped, num_slots));
    for (const PreparedRule::Distinct& d : def->distinct) {
      PreparedRule::Distinct out;
      out.a = rename(d.a, bound, mapped, num_slots);
      out.b = rename(d.b, bound, mapped, num_slots);
      out.equal = d.equal;
      out.slots = unique_slots(out.a);
      for (uint32_t s : unique_slots(out.b)) out.slots.push_back(s);
      std::sort(out.slots.begin(), out.slots.end());
      out.slots.erase(std::unique(out.slots.begin(), out.slots.end()), out.slots.end());
      added_distinct.push_back(std::move(out));
    }
  }
  PreparedRule& r = set.rules[rule];
  r.positive = std::move(kept);
  for (PreparedAtom& a : added_positive) r.positive.push_back(std::move(a));
  for (PreparedAtom& a : added_negative) r.negative.push_back(std::move(a));
  for (PreparedRule::Distinct& d : added_distinct) r.distinct.push_back(std::move(d));
  r.num_slots = num_slots;
  return unfolded;
}

}  // namespace ggp::propnet
