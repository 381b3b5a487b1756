#pragma once
// The whole-network, three-input-op form of a Program that bit-parallel playouts evaluate
// (bit_parallel.h): every proposition is a 64-bit word, one bit per lane.
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "propnet/program.h"

namespace ggp::propnet {

// Three-input gate over word slots, literals `slot << 1 | negated` (a two-input gate repeats its
// second input): op i of a BitProgram writes slot first_op_slot + i, so the destination is
// implicit. Three inputs rather than two: speedChess's 10,058 gates (4,192 of them with three
// inputs) take 14,465 ops rather than 23,071.
struct BitOp {
  static constexpr uint32_t kOr = 1u << 31;  // in `a`: a | b | c rather than a & b & c
  uint32_t a, b, c;
};

// A run of ops; in a cycle without transitions, its slots are re-evaluated from all-false until
// they are stable (the least fixpoint, as in Program). Ops of the generic form hold literals and
// BitOp::kOr; the fixed forms (bit_levels.h) hold plain slots, and `form` says how many operands
// are negated (form & kNegatedOperands: the last ones), whether the AND of the operands is
// (kNegateResult), and whether the op has two operands, a and b (kBinary), or three.
struct BitSegment {
  static constexpr uint8_t kNegatedOperands = 3, kNegateResult = 4, kBinary = 8, kGeneric = 16;
  uint32_t op_begin, op_end;
  bool cyclic = false;
  uint8_t form = kGeneric;
};

// The whole-network form of a Program. Slots [0, first_op_slot) are the Program's constant, bases
// and inputs (same numbers as its nodes); each gate's value is in the slot of its last op, the
// earlier ones hold partial results of gates with more than three inputs. The Program's observed
// literals are translated to slots.
//
// Move inputs are sparse: a step sets at most one move per role and lane, so nearly all input
// words are zero. A gate's input literals that combine by OR (positive ones of an OR gate, negated
// ones of an AND gate: not a | not b = not (a | b)) are folded into one accumulator slot, which a
// step fills by scattering only the set inputs' words (scatter[scatter_begin[m], [m + 1]) lists
// the accumulators move m feeds) instead of evaluating an op per input edge. On speedChess this
// removed 22,342 of 23,908 transition ops (next-state ORs over every move that moves a piece to a
// cell). Accumulators are zero between steps.
struct BitProgram {
  std::shared_ptr<const Program> program;
  std::vector<BitOp> ops;
  uint32_t first_accumulator = 0;  // accumulator slots: [first_accumulator, num_slots)
  std::vector<uint32_t> scatter_begin, scatter;  // by move
  // The gates by when playouts evaluate them: `query` in every state (Program's query and shared
  // parts), `transition` with the moves, `goal` only where goals are read (Program::goal_begin).
  std::vector<BitSegment> query, transition, goal;
  uint32_t first_op_slot = 0, num_slots = 0;
  std::vector<uint32_t> next, legal, guard;  // by fact, move and role
  // Role r's moves whose legal literal is a positive slot, with that slot, read directly by the
  // move choice: plain_moves[plain_begin[2r], [2r + 1]) need no guard, [2r + 1], [2r + 2]) need
  // the role's guard (all skipped where it holds in no lane: the other side's moves in most
  // turn-taking games). Its other moves are special_moves[special_begin[r], [r + 1]).
  std::vector<uint32_t> plain_begin, plain_moves, plain_slots, special_begin, special_moves;
  uint32_t terminal = 0;
  std::vector<std::vector<std::pair<int, uint32_t>>> goals;  // by role: (value, literal)
  // For MoveBias::avoid_private, by move: in two-role games, where the other role's move of the
  // same name is legal but for its role's turn guard (its legal literal, where it is guarded);
  // kTrueLit where the move has no such twin.
  std::vector<uint32_t> twin_legal;
  // For MoveBias::pass_last, by move: legal exactly where its role's guard holds (a pass).
  std::vector<uint8_t> turn_move;
};

// Replaces every literal the playouts observe (next, legal, guard, twin_legal, terminal, goals) by
// f(literal): Program literals become slots when compiled, slots move when ops are regrouped
// (bit_levels.h).
template <class F>
void map_observed_literals(BitProgram& bits, F&& f) {
  for (auto* lits : {&bits.next, &bits.legal, &bits.guard, &bits.twin_legal})
    for (uint32_t& l : *lits) l = f(l);
  bits.terminal = f(bits.terminal);
  for (auto& goals : bits.goals)
    for (auto& goal : goals) goal.second = f(goal.second);
}

// Compiles `program` for bit-parallel evaluation. Returns null for programs whose queries read
// moves (invalid GDL that the differential machine tolerates).
std::shared_ptr<const BitProgram> compile_bit_program(std::shared_ptr<const Program> program);

}  // namespace ggp::propnet
