#pragma once
// The prover's compiled form of a validated rule sheet: `or` expanded, `true`/`next`/`init`
// flattened into one relation per fact functor (`(true (cell ?x ?y b))` reads relation
// true:cell/3 with arguments ?x ?y b) and `does`/`legal` likewise on the move, rules that can never
// fire dropped, relations grouped into strongly connected components in dependency order (stratified
// negation), body literals ordered at compile time so that positive literals bind variables before
// `distinct`/`not` test them, with one hashed column per positive literal to probe.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "gdl/ast.h"
#include "reasoner/relation_table.h"
#include "reasoner/state_machine.h"
#include "reasoner/term_store.h"

namespace ggp::reasoner {

using RelId = uint32_t;

// What a relation's extension depends on: nothing dynamic, the state (`true`), or the joint move.
enum class RelClass : uint8_t { Static, State, Move };

// One node of a term pattern in preorder; a Func node is followed by its arguments' subtrees.
struct PatternNode {
  enum Kind : uint8_t { Const, Var, Func };
  Kind kind = Const;
  uint32_t value = 0;  // Const: TermId; Var: variable slot; Func: symbol
  uint32_t arity = 0;  // Func only
  uint32_t size = 1;   // nodes in this subtree
};

struct CompiledLiteral {
  enum class Kind : uint8_t { Positive, Negative, Distinct, Equal };
  Kind kind = Kind::Positive;
  RelId rel = kNoId;                 // Positive, Negative
  std::vector<PatternNode> nodes;    // all argument patterns, one after another
  std::vector<uint32_t> arg_start;   // index in `nodes` of each argument (Distinct/Equal: two)
  int32_t index_slot = -1;           // Positive: the table's index to probe, or -1
  std::vector<uint32_t> index_args;  // the arguments giving the probe key (bound when reached)
  bool all_bound = false;            // Positive: every argument bound, a membership test
  bool stop_after_first = false;     // Positive: no variable bound here is used later
  bool recursive = false;            // Positive: on a relation of the rule's own recursive SCC
  int32_t demand = -1;               // on a demand relation: its variant for this call pattern
  std::vector<uint32_t> binds;       // variables first bound by this literal
};

struct CompiledRule {
  RelId head = kNoId;
  std::vector<PatternNode> head_nodes;
  std::vector<uint32_t> head_args;
  std::vector<CompiledLiteral> body;
  uint32_t num_vars = 0;
  std::string text;  // the source rule, for messages
  // In a recursive SCC: the rule once per literal on the SCC's relations, that literal first.
  std::vector<CompiledRule> delta_variants;
  bool demand = false;  // a rule of a demand variant: its head rows answer the call
};

// A static relation too large to materialise, or with a rule whose head variables only its calls
// bind (gdl/safety.cpp lets such rules through), is evaluated on demand, top-down: a call with some
// arguments bound runs the relation's rules with those head arguments matched first, and the
// answers are memoised per call. A call that recurses into itself sees the answers found so far
// (GGP-Base's prover cuts such recursion the same way).
struct DemandVariant {
  RelId rel = kNoId;
  std::vector<uint8_t> bound;       // per argument: bound at the call
  std::vector<CompiledRule> rules;  // the relation's rules, ordered with those arguments bound
};

struct Relation {
  std::string name;  // e.g. "goal/2", "true:cell/3"
  uint32_t arity = 0;
  RelClass cls = RelClass::Static;
  std::vector<IndexColumns> indexes;  // the column sets that literals probe
  bool input = false;  // true:* or does:*, filled from the state or the joint move
  bool demand = false;  // evaluated on demand (DemandVariant), never materialised
};

// A strongly connected component of the rule dependency graph (rule B depends on rule A when a
// literal of B unifies with A's head).
struct Scc {
  std::vector<RelId> relations;  // the heads of its rules
  std::vector<uint32_t> rules;
  bool recursive = false;
  bool demand = false;  // its relations are evaluated on demand: never run bottom-up
  RelClass cls = RelClass::Static;
};

// A function symbol with its arity (or a constant, arity 0) that facts and moves may have.
struct Functor {
  gdl::SymbolId symbol = 0;
  uint32_t arity = 0;
  RelId true_rel = kNoId, next_rel = kNoId, init_rel = kNoId, does_rel = kNoId, legal_rel = kNoId;
};

struct Program {
  std::shared_ptr<const gdl::Game> game;
  std::shared_ptr<TermStore> terms;  // shared by every machine of the family
  std::vector<Relation> relations;
  std::vector<CompiledRule> rules;
  std::vector<Scc> sccs;  // dependencies first
  std::vector<Functor> functors;
  std::unordered_map<uint64_t, uint32_t> functor_index;  // functor_key(symbol, arity) -> index
  std::vector<TermId> roles;                             // role constants in rule-sheet order
  RelId goal_rel = kNoId, terminal_rel = kNoId;
  // The non-static SCCs each query needs, in evaluation order.
  std::vector<uint32_t> legal_plan, terminal_plan, goal_plan, next_plan;
  std::vector<uint32_t> move_sccs;  // the SCCs of class Move
  std::vector<DemandVariant> demand;
  size_t max_vars = 0;
  // What users should know about how the rules were read (ignored goal values, relations
  // evaluated on demand).
  std::vector<std::string> notes;

  static uint64_t functor_key(gdl::SymbolId s, uint32_t arity) { return uint64_t{s} << 32 | arity; }
  const Functor* functor(gdl::SymbolId s, uint32_t arity) const {
    auto it = functor_index.find(functor_key(s, arity));
    return it == functor_index.end() ? nullptr : &functors[it->second];
  }
};

// How the compiler has static relations evaluated as it goes (their sizes order later joins).
struct StaticEvaluation {
  // Evaluates static SCC `scc` of the program being compiled; its rules, and those of every SCC
  // before it, are compiled. May throw.
  std::function<void(const Program&, uint32_t scc)> evaluate;
  // Rows of an evaluated static relation.
  std::function<size_t(RelId)> rows;
};

// Compiles a validated game (relations, rules, SCCs, plans), evaluating its static part through
// `statics`. Throws std::runtime_error for unstratified negation, unsafe variables or an `or`
// that expands to too many rules.
// The relations named in `demand` (by Relation::name) are evaluated on demand.
std::unique_ptr<Program> compile_program(std::shared_ptr<const gdl::Game> game,
                                         const StaticEvaluation& statics,
                                         const std::vector<std::string>& demand = {});

}  // namespace ggp::reasoner
