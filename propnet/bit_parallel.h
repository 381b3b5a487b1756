#pragma once
// Bit-parallel random playouts: 64 playouts at once on one thread. Every proposition is a 64-bit
// word whose bit i is its value in lane i, and each step evaluates the whole network as two-input
// gates in topological order, with no branch per gate (x & y, or x | y, on words). The
// differential machine (propnet_machine.h) spends most of a step on mispredicted branches, a few
// per changed gate; here a step costs a fixed amount per edge, shared by 64 lanes, so it wins on
// the small and middle networks of most games (measured by `ggp bench --batch`).
//
// Lanes that end (terminal, no legal move, or max depth) are refilled from the start state until
// the requested number of playouts has begun.
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "propnet/program.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet {

// Two-input gate: dst = (a op b), with a and b literals over word slots (slot << 1 | negated).
struct BitOp {
  uint32_t a, b, dst;
  uint32_t is_or;  // 1: a | b, 0: a & b
};

// A run of ops: a cycle without transitions is re-evaluated from all-false until it is stable
// (the least fixpoint, as in Program).
struct BitSegment {
  uint32_t op_begin, op_end;
  uint32_t cycle_node_begin = 0, cycle_node_end = 0;  // nodes of the cycle; empty if acyclic
};

// The whole-network form of a Program. Slots [0, num_nodes) are the Program's nodes (slot 0 the
// constant false); the rest hold partial results of gates with more than two inputs.
struct BitProgram {
  std::shared_ptr<const Program> program;
  std::vector<BitOp> ops;
  std::vector<BitSegment> query, transition;  // gates below / from Program::query_end
  uint32_t num_slots = 0;
};

// Compiles `program` for bit-parallel evaluation. Returns null for programs whose queries read
// moves (invalid GDL that the differential machine tolerates).
std::shared_ptr<const BitProgram> compile_bit_program(std::shared_ptr<const Program> program);

// One finished playout, for tests: every joint move in order (role-major per step) and each
// role's goal in its last state (0 where none or several hold).
struct LanePlayout {
  std::vector<uint32_t> moves;
  std::vector<double> goals;
  bool completed = false;
};

// Plays random playouts on a BitProgram. Not thread-safe (one per thread); allocates only when
// constructed, not per playout.
class BitParallelPlayouts {
 public:
  static constexpr uint32_t kLanes = 64;

  explicit BitParallelPlayouts(std::shared_ptr<const BitProgram> bits);

  // As StateMachine::random_playouts. With `record`, appends each finished playout (slow; tests).
  reasoner::PlayoutTally run(const reasoner::State& start, size_t count, reasoner::Random& rng,
                             std::span<double> goal_sums, size_t max_depth,
                             std::vector<LanePlayout>* record = nullptr);

 private:
  void evaluate(std::span<const BitSegment> segments);
  uint64_t word(uint32_t lit) const { return w_[lit >> 1] ^ (0 - static_cast<uint64_t>(lit & 1)); }
  // Picks a uniformly random legal move of `role` for every lane in `movers` and sets its input
  // bit. Returns the lanes where the role has no legal move.
  uint64_t choose_moves(uint32_t role, uint64_t movers, reasoner::Random& rng);
  // The lanes among `lanes` where exactly one goal literal of `role` holds (elsewhere the goal
  // counts 0, as kNoGoal and kAmbiguousGoal do in StateMachine::random_playouts).
  uint64_t single_goal_lanes(uint32_t role, uint64_t lanes) const;
  void finish_lanes(uint64_t lanes, bool completed, std::vector<LanePlayout>* record);

  std::shared_ptr<const BitProgram> bits_;
  const Program& p_;
  std::vector<uint64_t> w_;              // by slot
  std::vector<uint64_t> next_;           // by fact: the next state, before it replaces the bases
  std::vector<uint64_t> cycle_before_;   // scratch for fixpoints
  std::vector<std::pair<uint32_t, uint64_t>> legal_;  // a role's moves legal in some lane
  std::vector<uint32_t> set_inputs_;     // input slots set this step
  std::vector<size_t> start_step_;       // by lane
  std::vector<std::vector<uint32_t>> lane_moves_;  // by lane, when recording
};

}  // namespace ggp::propnet
