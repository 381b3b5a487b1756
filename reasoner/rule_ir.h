#pragma once
// The prover's first pass over the rule AST: variables numbered per rule, `or` and `not`
// normalised away into plain conjunctive rules (one rule per disjunct), and variables standing
// for a whole fact or move (`(true ?x)`, `(legal ?r ?m)`) replaced by one rule per functor.
#include <cstdint>
#include <string>
#include <vector>

#include "gdl/ast.h"

namespace ggp::reasoner {

struct ITerm {
  enum Kind : uint8_t { Const, Var, Func };
  Kind kind = Const;
  uint32_t value = 0;  // Const/Func: symbol; Var: variable number within the rule
  std::vector<ITerm> args;
  friend bool operator==(const ITerm&, const ITerm&) = default;
};

struct ILiteral {
  enum Kind : uint8_t { Positive, Negative, Distinct, Equal };
  Kind kind = Positive;
  ITerm atom;  // Positive/Negative: the atomic sentence
  ITerm a, b;  // Distinct/Equal
};

struct IRule {
  ITerm head;
  std::vector<ILiteral> body;
  uint32_t num_vars = 0;
  std::string text;
};

// (symbol, arity) of every constant and function term inside an atom, at any depth: every fact or
// move the game can produce has one of these as its functor.
struct IFunctor {
  gdl::SymbolId symbol;
  uint32_t arity;
  friend bool operator==(const IFunctor&, const IFunctor&) = default;
  friend auto operator<=>(const IFunctor&, const IFunctor&) = default;
};

// The rules of `game` as conjunctive IRules. Throws std::runtime_error if an `or` expands to
// more than `max_bodies` conjunctive bodies.
std::vector<IRule> lower_rules(const gdl::Game& game, size_t max_bodies = 4096);

std::vector<IFunctor> collect_functors(const std::vector<IRule>& rules);

// For an atom of true/next/init (argument 0) or does/legal (argument 1): the argument holding the
// fact or move; -1 for other atoms.
int family_argument(const ITerm& atom);

// Replaces every variable that stands for a whole fact or move by each functor in turn: only by the
// functors of facts (of moves) where it is the fact of a positive `true` (the move of a positive
// `does`), as no other instance can fire (a rule with two such variables over all of a sheet's
// hundreds of constants made millions of rules and gigabytes: a fuzzed sheet).
std::vector<IRule> expand_family_variables(std::vector<IRule> rules,
                                           const std::vector<IFunctor>& functors);

}  // namespace ggp::reasoner
