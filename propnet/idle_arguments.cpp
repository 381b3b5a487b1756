#include "propnet/idle_arguments.h"

#include <algorithm>
#include <utility>

namespace ggp::propnet {
namespace {

constexpr uint32_t kNotIdle = UINT32_MAX;    // a position's domain: none, the position is kept
constexpr uint32_t kUnset = UINT32_MAX - 1;  // a candidate no rule has been read for yet

bool mentions(const Pattern& p, uint32_t slot) {
  if (p.kind == Pattern::Kind::Var) return p.value == slot;
  return std::any_of(p.args.begin(), p.args.end(),
                     [&](const Pattern& a) { return mentions(a, slot); });
}

size_t occurrences(const Pattern& p, uint32_t slot) {
  std::vector<uint32_t> slots;
  collect_slots(p, slots);
  return static_cast<size_t>(std::count(slots.begin(), slots.end(), slot));
}

// An atom named `name` over `args`: interned whole when every argument is ground.
Pattern make_atom(gdl::SymbolId name, std::vector<Pattern> args, TermPool& pool) {
  Pattern p;
  if (std::all_of(args.begin(), args.end(),
                  [](const Pattern& a) { return a.kind == Pattern::Kind::Ground; })) {
    std::vector<TermId> ids;
    for (const Pattern& a : args) ids.push_back(a.value);
    p.kind = Pattern::Kind::Ground;
    p.value = pool.intern(name, ids);
    return p;
  }
  p.kind = Pattern::Kind::Func;
  p.value = name;
  p.args = std::move(args);
  return p;
}

class IdleAnalysis {
 public:
  IdleAnalysis(const RuleSet& set) : set_(set), dynamic_(dynamic_relations(set)) {
    find_candidates();
    while (refine()) {
    }
  }

  // The domain relation of each position of `relation` (kNotIdle where it is kept).
  const std::vector<uint32_t>& domains(uint32_t relation) const { return domain_[relation]; }
  bool has_idle(uint32_t relation) const {
    return std::any_of(domain_[relation].begin(), domain_[relation].end(),
                       [](uint32_t d) { return d != kNotIdle; });
  }

 private:
  // The slot of `atom` if it is D(v) for a unary static relation D and a variable v, else
  // kNotIdle.
  uint32_t unary_static_slot(const PreparedAtom& atom) const {
    if (set_.relations[atom.relation].arity != 1 || dynamic_[atom.relation] ||
        atom.atom.kind != Pattern::Kind::Func || atom.atom.args[0].kind != Pattern::Kind::Var)
      return kNotIdle;
    return atom.atom.args[0].value;
  }

  // The head's variable at `position` if it occurs once in the head, else kNotIdle.
  uint32_t head_variable(const PreparedRule& rule, uint32_t position) const {
    const Pattern& head = rule.head.atom;
    if (head.kind != Pattern::Kind::Func || head.args[position].kind != Pattern::Kind::Var)
      return kNotIdle;
    const uint32_t v = head.args[position].value;
    return occurrences(head, v) == 1 ? v : kNotIdle;
  }

  // Positions start as candidates (kUnset) where the relation may have idle ones, take the D of
  // their first rule, and lose it where a rule of theirs has no D over the head's variable or
  // another one. Every candidate relation has a rule, so none is left kUnset.
  void find_candidates() {
    const size_t n = set_.relations.size();
    std::vector<char> eligible(n, 0);
    for (const PreparedRule& rule : set_.rules) eligible[rule.head.relation] = 1;
    for (const PreparedRule& rule : set_.rules)
      for (const PreparedAtom& a : rule.negative) eligible[a.relation] = 0;
    domain_.resize(n);
    for (uint32_t r = 0; r < n; ++r) {
      const bool keyword = set_.relations[r].name < gdl::kw::count;
      domain_[r].assign(set_.relations[r].arity, eligible[r] && !keyword ? kUnset : kNotIdle);
    }
    for (const PreparedRule& rule : set_.rules) {
      std::vector<uint32_t>& dom = domain_[rule.head.relation];
      for (uint32_t i = 0; i < dom.size(); ++i) {
        if (dom[i] == kNotIdle) continue;
        const uint32_t d = single_domain(rule, head_variable(rule, i));
        dom[i] = dom[i] == kUnset || dom[i] == d ? d : kNotIdle;
      }
    }
  }

  // The one unary static relation the body holds over variable `v`, or kNotIdle (none, several,
  // or no variable).
  uint32_t single_domain(const PreparedRule& rule, uint32_t v) const {
    if (v == kNotIdle) return kNotIdle;
    uint32_t d = kNotIdle;
    for (const PreparedAtom& a : rule.positive) {
      if (unary_static_slot(a) != v) continue;
      if (d != kNotIdle && d != a.relation) return kNotIdle;
      d = a.relation;
    }
    return d;
  }

  // Whether the body uses `v` only in D(v) and as the whole argument at positions idle with D.
  bool only_idle_uses(const PreparedRule& rule, uint32_t v, uint32_t d) const {
    for (const PreparedAtom& a : rule.positive) {
      if (a.relation == d && unary_static_slot(a) == v) continue;
      if (!mentions(a.atom, v)) continue;
      for (size_t j = 0; j < a.atom.args.size(); ++j) {
        const Pattern& arg = a.atom.args[j];
        if (arg.kind == Pattern::Kind::Var && arg.value == v) {
          if (domain_[a.relation][j] != d) return false;
        } else if (mentions(arg, v)) {
          return false;
        }
      }
    }
    for (const PreparedAtom& a : rule.negative)
      if (mentions(a.atom, v)) return false;
    for (const PreparedRule::Distinct& x : rule.distinct)
      if (std::find(x.slots.begin(), x.slots.end(), v) != x.slots.end()) return false;
    return true;
  }

  // One round towards the greatest set of idle positions; whether any position was dropped.
  bool refine() {
    bool changed = false;
    for (std::vector<uint32_t>& dom : domain_)  // a domain relation keeps its arguments
      for (uint32_t d : dom)
        if (d != kNotIdle)
          for (uint32_t& e : domain_[d]) changed |= std::exchange(e, kNotIdle) != kNotIdle;
    for (const PreparedRule& rule : set_.rules) {
      std::vector<uint32_t>& dom = domain_[rule.head.relation];
      for (uint32_t i = 0; i < dom.size(); ++i) {
        if (dom[i] == kNotIdle || only_idle_uses(rule, head_variable(rule, i), dom[i])) continue;
        dom[i] = kNotIdle;
        changed = true;
      }
    }
    return changed;
  }

  const RuleSet& set_;
  std::vector<char> dynamic_;
  std::vector<std::vector<uint32_t>> domain_;
};

// Rewrites `atom` of a relation with idle positions (already renamed in `set`): the idle
// arguments dropped and, where `domain_atoms` is given, D(argument) appended there for each.
void drop_from_atom(PreparedAtom& atom, const std::vector<uint32_t>& domains, const RuleSet& set,
                    TermPool& pool, std::vector<PreparedAtom>* domain_atoms) {
  std::vector<Pattern> args;
  if (atom.atom.kind == Pattern::Kind::Ground) {
    for (TermId t : pool.args(atom.atom.value)) args.push_back({Pattern::Kind::Ground, t, {}});
  } else {
    args = std::move(atom.atom.args);
  }
  std::vector<Pattern> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    if (domains[i] == kNotIdle) {
      kept.push_back(std::move(args[i]));
    } else if (domain_atoms) {
      PreparedAtom d;
      d.relation = domains[i];
      std::vector<Pattern> arg;
      arg.push_back(std::move(args[i]));
      d.atom = make_atom(set.relations[d.relation].name, std::move(arg), pool);
      d.slots = unique_slots(d.atom);
      domain_atoms->push_back(std::move(d));
    }
  }
  atom.atom = make_atom(set.relations[atom.relation].name, std::move(kept), pool);
  atom.slots = unique_slots(atom.atom);
}

// Whether the domain literal `b` is `a` already: the same ground atom, or D(v) over the same
// variable. Others (D of a function term) are never matched: a repeat costs nothing but a join.
bool same_literal(const PreparedAtom& a, const PreparedAtom& b) {
  if (a.relation != b.relation || a.atom.kind != b.atom.kind) return false;
  if (a.atom.kind == Pattern::Kind::Ground) return a.atom.value == b.atom.value;
  return a.atom.args.size() == 1 && b.atom.args.size() == 1 &&
         a.atom.args[0].kind == Pattern::Kind::Var && b.atom.args[0].kind == Pattern::Kind::Var &&
         a.atom.args[0].value == b.atom.args[0].value;
}

}  // namespace

size_t drop_idle_arguments(RuleSet& set, TermPool& pool) {
  const IdleAnalysis idle(set);
  size_t changed = 0;
  for (uint32_t r = 0; r < set.relations.size(); ++r) {
    if (!idle.has_idle(r)) continue;
    const auto& dom = idle.domains(r);
    const auto dropped = static_cast<uint32_t>(
        std::count_if(dom.begin(), dom.end(), [](uint32_t d) { return d != kNotIdle; }));
    set.relations[r] = {kIdleSymbol + r, set.relations[r].arity - dropped};
    ++changed;
  }
  if (changed == 0) return 0;
  for (PreparedRule& rule : set.rules) {
    if (idle.has_idle(rule.head.relation))
      drop_from_atom(rule.head, idle.domains(rule.head.relation), set, pool, nullptr);
    std::vector<PreparedAtom> domain_atoms;
    for (PreparedAtom& a : rule.positive)
      if (idle.has_idle(a.relation))
        drop_from_atom(a, idle.domains(a.relation), set, pool, &domain_atoms);
    for (PreparedAtom& d : domain_atoms) {
      const bool present = std::any_of(rule.positive.begin(), rule.positive.end(),
                                       [&](const PreparedAtom& a) { return same_literal(a, d); });
      if (!present) rule.positive.push_back(std::move(d));
    }
  }
  return changed;
}

}  // namespace ggp::propnet
