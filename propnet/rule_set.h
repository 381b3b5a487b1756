#pragma once
// The rules of a game prepared for grounding: `or` expanded into separate rules, `not` pushed onto
// atoms (De Morgan for `(not (or ...))`), every term compiled to a pattern over the term pool with
// its variables numbered per rule.
#include <cstdint>
#include <vector>

#include "gdl/ast.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// A term with variables: a ground subterm (interned), a variable slot, or a function of patterns.
struct Pattern {
  enum class Kind : uint8_t { Ground, Var, Func };
  Kind kind = Kind::Ground;
  uint32_t value = 0;  // TermId (Ground), variable slot (Var) or functor SymbolId (Func)
  std::vector<Pattern> args;
};

// Appends the variable slots of `p` (with repeats) to `out`.
void collect_slots(const Pattern& p, std::vector<uint32_t>& out);
// The variable slots of `p`, sorted, without repeats.
std::vector<uint32_t> unique_slots(const Pattern& p);
// The variable slots of `a` and `b` together, sorted, without repeats (a distinct's).
std::vector<uint32_t> unique_slots(const Pattern& a, const Pattern& b);
// The p-th argument of an atom pattern (a ground atom is one Ground pattern, its arguments in the
// pool).
Pattern argument_of(const Pattern& atom, uint32_t p, const TermPool& pool);

// One literal of a prepared rule over relation `relation` (index into RuleSet::relations).
struct PreparedAtom {
  uint32_t relation = 0;
  Pattern atom;                 // the whole atomic sentence
  std::vector<uint32_t> slots;  // its variables, without repeats
  // Binds variables during the join only, never part of a ground instance: a superset of the
  // values for which the rule can matter (see rule_split.h and demand.h).
  bool domain_only = false;
};

struct PreparedRule {
  PreparedAtom head;
  std::vector<PreparedAtom> positive;
  std::vector<PreparedAtom> negative;
  struct Distinct {  // (distinct a b), or (not (distinct a b)) when `equal`
    Pattern a, b;
    std::vector<uint32_t> slots;
    bool equal = false;
  };
  std::vector<Distinct> distinct;
  uint32_t num_slots = 0;
  // Derives the domain of a domain-only literal: its facts count, its instances are not recorded.
  bool domain = false;
  std::string text;  // the source rule, for error messages
};

struct RelationKey {
  gdl::SymbolId name;
  uint32_t arity;
  friend bool operator==(const RelationKey&, const RelationKey&) = default;
};

struct RuleSet {
  std::vector<RelationKey> relations;
  std::vector<PreparedRule> rules;
  // The index of relation (name, arity), adding it if new.
  uint32_t relation(gdl::SymbolId name, uint32_t arity);
  // The index of relation (name, arity), or UINT32_MAX.
  uint32_t find_relation(gdl::SymbolId name, uint32_t arity) const;
};

// A flag per relation: it depends on `true` or `does` (through any rule).
std::vector<char> dynamic_relations(const RuleSet& set);

// Prepares every rule of `game` except those defining `base` and `input` (never needed: the
// grounder derives both from the rules). Throws std::runtime_error("propnet: ...") for an unsafe
// rule (gdl::load_game has rewritten those that real games use: gdl/unsafe_rules.h), or an `or`
// that expands into more than a few thousand rules.
RuleSet prepare_rules(const gdl::Game& game, TermPool& pool);

}  // namespace ggp::propnet
