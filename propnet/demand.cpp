#include "propnet/demand.h"

#include <algorithm>

namespace ggp::propnet {
namespace {

constexpr uint32_t kNegated = UINT32_MAX;

struct Call {
  uint32_t rule;
  uint32_t index;  // among the caller's positive literals; kNegated for a call under `not`
  Pattern atom;    // the called atom, as written in the caller
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

bool shares_slot(const std::vector<uint32_t>& a, const std::vector<uint32_t>& sorted) {
  return std::any_of(a.begin(), a.end(), [&](uint32_t s) { return contains(sorted, s); });
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

class Demand {
 public:
  Demand(RuleSet& set, const TermPool& pool, bool through_dynamic)
      : set_(set),
        pool_(pool),
        through_dynamic_(through_dynamic),
        dynamic_(dynamic_relations(set)),
        calls_(set.relations.size()),
        restricted_(set.relations.size(), 0),
        positions_(set.relations.size()) {
    std::vector<char> derived(set.relations.size(), 0);  // has a rule with a body
    for (uint32_t ri = 0; ri < set.rules.size(); ++ri) {
      const PreparedRule& r = set.rules[ri];
      if (!r.positive.empty()) derived[r.head.relation] = 1;
      for (uint32_t i = 0; i < r.positive.size(); ++i)
        calls_[r.positive[i].relation].push_back({ri, i, r.positive[i].atom});
      for (const PreparedAtom& a : r.negative) calls_[a.relation].push_back({ri, kNegated, a.atom});
    }
    for (uint32_t rel = 0; rel < set.relations.size(); ++rel)
      restricted_[rel] = set.relations[rel].name >= gdl::kw::count &&
                         set.relations[rel].arity > 0 && derived[rel] && !calls_[rel].empty();
  }

  // The restricted relations X and their demanded positions. X starts with every candidate and
  // drops those left without a demanded position until both agree; within one X the positions are
  // the greatest fixpoint (a dynamic relation's positions follow its callers' demand).
  size_t choose() {
    for (bool changed = true; changed;) {
      changed = false;
      blocked_ = dependents(set_, restricted_);
      for (uint32_t rel = 0; rel < restricted_.size(); ++rel) {
        positions_[rel].clear();
        if (restricted_[rel])
          for (uint32_t p = 0; p < set_.relations[rel].arity; ++p) positions_[rel].push_back(p);
      }
      for (bool shrinking = true; shrinking;) {
        shrinking = false;
        for (uint32_t rel = 0; rel < restricted_.size(); ++rel) {
          if (!restricted_[rel]) continue;
          std::vector<uint32_t> p = demanded_positions(rel);
          if (p != positions_[rel]) positions_[rel] = std::move(p), shrinking = true;
        }
      }
      for (uint32_t rel = 0; rel < restricted_.size(); ++rel)
        if (restricted_[rel] && positions_[rel].empty()) restricted_[rel] = 0, changed = true;
    }
    return std::count(restricted_.begin(), restricted_.end(), 1);
  }

  void rewrite() {
    const size_t num_relations = restricted_.size();
    std::vector<uint32_t> demand_relation(num_relations, UINT32_MAX);
    for (uint32_t rel = 0; rel < num_relations; ++rel)
      if (restricted_[rel])
        demand_relation[rel] =
            set_.relation(kDemandSymbol + rel, static_cast<uint32_t>(positions_[rel].size()));
    auto demand_of = [&](uint32_t rel, const Pattern& atom) {
      return demand_atom(demand_relation[rel], kDemandSymbol + rel, at_positions(rel, atom));
    };

    std::vector<PreparedRule> demand_rules;
    std::vector<std::pair<uint32_t, PreparedAtom>> restrictions;  // (rule, domain-only literal)
    for (uint32_t rel = 0; rel < num_relations; ++rel) {
      if (!restricted_[rel]) continue;
      for (const Call& c : calls_[rel]) {
        const PreparedRule& caller = set_.rules[c.rule];
        PreparedRule d;
        d.head = demand_of(rel, c.atom);
        d.num_slots = caller.num_slots;
        d.domain = true;
        d.text = "(the demand of) " + caller.text;
        // The binders that mention a demanded variable (one step only: following chains of
        // binders, as in `(sum ?a ?b ?c) (sum ?c ?d ?e) ...`, could join far more than the caller
        // itself, whose other atoms restrict the join), then the caller's own demand where it
        // shares a variable with them.
        std::vector<uint32_t> joined = d.head.slots;
        for (const PreparedAtom* a : binders(c, rel))
          if (shares_slot(a->slots, d.head.slots)) {
            d.positive.push_back(*a);
            d.positive.back().domain_only = false;
            joined.insert(joined.end(), a->slots.begin(), a->slots.end());
          }
        std::sort(joined.begin(), joined.end());
        const uint32_t head = caller.head.relation;
        if (passes_caller_demand(rel, head)) {
          PreparedAtom own = demand_of(head, caller.head.atom);
          if (shares_slot(own.slots, joined)) d.positive.push_back(std::move(own));
        }
        demand_rules.push_back(std::move(d));
      }
      for (uint32_t ri = 0; ri < set_.rules.size(); ++ri) {
        const PreparedRule& r = set_.rules[ri];
        if (r.head.relation != rel || r.positive.empty()) continue;
        PreparedAtom lit = demand_of(rel, r.head.atom);
        lit.domain_only = true;
        restrictions.push_back({ri, std::move(lit)});
      }
    }
    for (auto& [ri, lit] : restrictions) set_.rules[ri].positive.push_back(std::move(lit));
    for (PreparedRule& d : demand_rules) set_.rules.push_back(std::move(d));
  }

 private:
  // Whether a call of `rel` in a rule for `head` passes that rule's own demand on (magic sets'
  // sideways passing): only between dynamic relations, whose domains are one least fixpoint, so
  // that no demand feeds back into the exact, stratified evaluation of a static relation.
  bool passes_caller_demand(uint32_t rel, uint32_t head) const {
    return passes_through(rel) && restricted_[head] && !positions_[head].empty();
  }
  // Whether demand reaches `rel` through dynamic atoms and its callers' demand.
  bool passes_through(uint32_t rel) const { return through_dynamic_ && dynamic_[rel]; }

  // The literals of the caller that bind the variables of call `c` of `rel`: the static atoms
  // whose relations depend on no restricted relation (exact: each demand then holds every call
  // that can fire, and no demand feeds back into what it restricts); for a dynamic `rel` also
  // every positive literal before the call (all of them for a negated call).
  // Never the call itself or a later literal: two calls binding each other would each wait for the
  // other's demand, and neither would ever be derived.
  std::vector<const PreparedAtom*> binders(const Call& c, uint32_t rel) const {
    std::vector<const PreparedAtom*> out;
    const PreparedRule& caller = set_.rules[c.rule];
    for (uint32_t i = 0; i < caller.positive.size(); ++i) {
      const PreparedAtom& a = caller.positive[i];
      const bool exact = !dynamic_[a.relation] && !blocked_[a.relation];
      if (i != c.index && (exact || (passes_through(rel) && i < c.index))) out.push_back(&a);
    }
    return out;
  }

  std::vector<uint32_t> demanded_positions(uint32_t rel) const {
    const uint32_t arity = set_.relations[rel].arity;
    std::vector<char> demanded(arity, 1);
    for (const Call& c : calls_[rel]) {
      std::vector<uint32_t> bound;
      for (const PreparedAtom* a : binders(c, rel))
        bound.insert(bound.end(), a->slots.begin(), a->slots.end());
      const PreparedRule& caller = set_.rules[c.rule];
      if (passes_caller_demand(rel, caller.head.relation))
        for (uint32_t p : positions_[caller.head.relation])
          collect_slots(argument_of(caller.head.atom, p, pool_), bound);
      std::sort(bound.begin(), bound.end());
      for (uint32_t p = 0; p < arity; ++p) {
        std::vector<uint32_t> s;
        collect_slots(argument_of(c.atom, p, pool_), s);
        for (uint32_t v : s) demanded[p] &= contains(bound, v);
      }
    }
    std::vector<uint32_t> out;
    for (uint32_t p = 0; p < arity; ++p)
      if (demanded[p]) out.push_back(p);
    return out;
  }

  std::vector<Pattern> at_positions(uint32_t rel, const Pattern& atom) const {
    std::vector<Pattern> args;
    for (uint32_t p : positions_[rel]) args.push_back(argument_of(atom, p, pool_));
    return args;
  }

  RuleSet& set_;
  const TermPool& pool_;
  const bool through_dynamic_;
  const std::vector<char> dynamic_;
  std::vector<std::vector<Call>> calls_;  // by called relation
  std::vector<char> restricted_, blocked_;
  std::vector<std::vector<uint32_t>> positions_;
};

}  // namespace

size_t restrict_to_demand(RuleSet& set, const TermPool& pool, bool through_dynamic) {
  Demand demand(set, pool, through_dynamic);
  const size_t count = demand.choose();
  demand.rewrite();
  return count;
}

}  // namespace ggp::propnet
