#pragma once
// The rule compiler's first passes (reasoner/program.h's compile_program), after lowering
// (rule_ir.h): rules flattened onto the program's relations (`(true (cell ?x ?y b))` reads relation
// true:cell/3 with arguments ?x ?y b), then the rules that can never fire or that no query needs
// dropped.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "reasoner/program.h"
#include "reasoner/rule_ir.h"

namespace ggp::reasoner {

// A rule over relation ids, before its body is ordered.
struct FlatAtom {
  RelId rel = kNoId;
  std::vector<ITerm> args;
};
struct FlatLiteral {
  ILiteral::Kind kind;
  FlatAtom atom;  // Positive, Negative
  ITerm a, b;     // Distinct, Equal
};
struct FlatRule {
  FlatAtom head;
  std::vector<FlatLiteral> body;
  uint32_t num_vars;
  std::string text;
};

// The rules on the relations of `p` (added to p.relations, with p.functors, p.goal_rel and
// p.terminal_rel, as they are met); a goal value that is not an integer 0..100 gets a note.
std::vector<FlatRule> flatten_rules(Program& p, const std::vector<IRule>& rules);

// Drops rules that can never fire: a positive literal on a relation that is always empty.
// true:F can hold only if init:F or next:F can; does:F only if legal:F can.
std::vector<FlatRule> live_rules(const Program& p, std::vector<FlatRule> rules);

// Keeps the rules that the queries (init, legal, next, goal, terminal) depend on.
std::vector<FlatRule> relevant_rules(const Program& p, std::vector<FlatRule> rules);

// The relations the machine queries: goal, terminal, every legal:F and next:F.
std::vector<RelId> query_relations(const Program& p);

// The variables of a term or literal, and whether a term has no variable outside `bound`.
void vars_of(const ITerm& t, std::set<uint32_t>& out);
std::set<uint32_t> vars_of(const FlatLiteral& l);
bool ground_under(const ITerm& t, const std::set<uint32_t>& bound);

}  // namespace ggp::reasoner
