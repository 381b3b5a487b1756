#pragma once
// The propositional network built from a grounding, and its optimisation passes.
//
// Literals are `node << 1 | negated`. Node 0 is the constant false, so literal 0 is false and
// literal 1 is true. Nodes 1..F are the base propositions (one per fact, `(true X)`), then one
// input per move (`(does R M)`), then AND / OR gates. Transitions are not edges: `next[f]` is the
// literal that fact f takes in the next state. Cycles without a transition are allowed and mean
// the least fixpoint (GDL's stratified semantics: no negation inside a cycle).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gdl/ast.h"
#include "propnet/deadline.h"
#include "propnet/grounder.h"

namespace ggp::propnet {

using Lit = uint32_t;
inline constexpr Lit kFalseLit = 0;
inline constexpr Lit kTrueLit = 1;
inline constexpr uint32_t lit_node(Lit l) { return l >> 1; }
inline constexpr bool lit_negated(Lit l) { return l & 1; }

struct Gate {
  enum class Kind : uint8_t { Constant, Base, Input, And, Or };
  Kind kind = Kind::Constant;
  std::vector<Lit> inputs;
};

struct Network {
  std::vector<Gate> gates;
  uint32_t num_facts = 0;
  uint32_t num_moves = 0;
  // Observed literals.
  std::vector<Lit> next;   // by fact
  std::vector<Lit> legal;  // by move: the move is legal iff this literal (and its guard) hold
  // A move with `guarded[m]` is legal only when its role's guard literal holds too: a literal
  // common to most of the role's legal rules (typically whose turn it is), factored out by
  // optimize() so that its changes do not touch every legal gate of the role.
  std::vector<Lit> guard;       // by role; kTrueLit when none
  std::vector<uint8_t> guarded;  // by move
  std::vector<std::vector<std::pair<int, Lit>>> goals;  // by role: (value, literal)
  Lit terminal = kFalseLit;
  // Names and the initial state.
  std::vector<std::string> role_names, fact_texts, move_texts;
  std::vector<uint32_t> move_role;  // moves are grouped by role, in role order
  std::vector<uint32_t> init_facts;

  uint32_t base_node(uint32_t fact) const { return 1 + fact; }
  uint32_t input_node(uint32_t move) const { return 1 + num_facts + move; }
  uint32_t first_gate() const { return 1 + num_facts + num_moves; }
};

// The network of a grounding: one OR per derived atom over one AND per rule instance.
// Throws std::runtime_error("propnet: ...") beyond `max_gates`.
Network build_network(const gdl::Game& game, const Grounding& grounding, size_t max_gates);

// Constant folding, aliasing of one-input gates, merging of equal gates and removal of gates that
// no observed literal needs. Keeps the node layout (constant, bases, inputs) and compacts gates.
void optimize(Network& net, const Deadline& deadline);

}  // namespace ggp::propnet
