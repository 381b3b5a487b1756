#include "propnet/static_unfold.h"

#include <algorithm>
#include <optional>

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

// The definition's variables in the calling rule: a head variable stands for the literal's
// argument, any other for a new variable of the calling rule (numbered from num_slots up).
class Renaming {
 public:
  Renaming(const PreparedRule& def, const PreparedAtom& literal, const TermPool& pool,
           uint32_t& num_slots)
      : to_(def.num_slots), num_slots_(num_slots) {
    for (uint32_t i = 0; i < def.head.atom.args.size(); ++i)
      to_[def.head.atom.args[i].value] = argument_of(literal.atom, i, pool);
  }

  Pattern operator()(const Pattern& p) {
    if (p.kind == Pattern::Kind::Ground) return p;
    if (p.kind == Pattern::Kind::Var) {
      std::optional<Pattern>& to = to_[p.value];
      if (!to) to = Pattern{Pattern::Kind::Var, num_slots_++, {}};
      return *to;
    }
    Pattern out{Pattern::Kind::Func, p.value, {}};
    for (const Pattern& a : p.args) out.args.push_back((*this)(a));
    return out;
  }

  PreparedAtom operator()(const PreparedAtom& a) {
    PreparedAtom out;
    out.relation = a.relation;
    out.atom = (*this)(a.atom);
    out.slots = unique_slots(out.atom);
    return out;
  }

 private:
  std::vector<std::optional<Pattern>> to_;  // by slot of the definition
  uint32_t& num_slots_;
};

}  // namespace

bool has_unfoldable_literal(const RuleSet& set, uint32_t rule, const std::vector<char>& dynamic) {
  for (const PreparedAtom& a : set.rules[rule].positive)
    if (!dynamic[a.relation] && !a.domain_only && definition(set, a.relation) != nullptr)
      return true;
  return false;
}

size_t unfold_static_literals(RuleSet& set, const TermPool& pool, uint32_t rule,
                              const std::vector<char>& dynamic) {
  PreparedRule unfolded_body;  // the literals that replace the unfolded ones
  std::vector<PreparedAtom> kept;
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
    Renaming rename(*def, literal, pool, num_slots);
    for (const PreparedAtom& a : def->positive) unfolded_body.positive.push_back(rename(a));
    for (const PreparedAtom& a : def->negative) unfolded_body.negative.push_back(rename(a));
    for (const PreparedRule::Distinct& d : def->distinct) {
      PreparedRule::Distinct out{rename(d.a), rename(d.b), {}, d.equal};
      out.slots = unique_slots(out.a, out.b);
      unfolded_body.distinct.push_back(std::move(out));
    }
  }
  if (unfolded == 0) return 0;
  PreparedRule& r = set.rules[rule];
  r.positive = std::move(kept);
  for (PreparedAtom& a : unfolded_body.positive) r.positive.push_back(std::move(a));
  for (PreparedAtom& a : unfolded_body.negative) r.negative.push_back(std::move(a));
  for (PreparedRule::Distinct& d : unfolded_body.distinct) r.distinct.push_back(std::move(d));
  r.num_slots = num_slots;
  return unfolded;
}

}  // namespace ggp::propnet
