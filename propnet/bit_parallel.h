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

// Two-input gate over word slots, literals `slot << 1 | negated`: op i of a BitProgram writes
// slot first_op_slot + i, so the destination is implicit and an op is 8 bytes.
struct BitOp {
  static constexpr uint32_t kOr = 1u << 31;  // in `a`: a | b rather than a & b
  uint32_t a, b;
};

// A run of ops; in a cycle without transitions, its slots are re-evaluated from all-false until
// they are stable (the least fixpoint, as in Program).
struct BitSegment {
  uint32_t op_begin, op_end;
  bool cyclic = false;
};

// The whole-network form of a Program. Slots [0, first_op_slot) are the Program's constant, bases
// and inputs (same numbers as its nodes); each gate's value is in the slot of its last op, the
// earlier ones hold partial results of gates with more than two inputs. The Program's observed
// literals are translated to slots.
struct BitProgram {
  std::shared_ptr<const Program> program;
  std::vector<BitOp> ops;
  std::vector<BitSegment> query, transition;  // gates below / from Program::query_end
  uint32_t first_op_slot = 0, num_slots = 0;
  std::vector<uint32_t> next, legal, guard;  // by fact, move and role
  uint32_t terminal = 0;
  std::vector<std::vector<std::pair<int, uint32_t>>> goals;  // by role: (value, literal)
};

// Compiles `program` for bit-parallel evaluation. Returns null for programs whose queries read
// moves (invalid GDL that the differential machine tolerates).
std::shared_ptr<const BitProgram> compile_bit_program(std::shared_ptr<const Program> program);

// One finished playout, for tests: every joint move in order (role-major per step) and each
// role's goal in its last state, terminal or not (0 where none or several hold).
struct LanePlayout {
  uint32_t lane = 0;  // run_each: the index of its start
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
  // As StateMachine::random_playouts_from: one playout from each of the first kLanes starts. A
  // lane's results are the goals where it stopped (the query gates still hold that state).
  reasoner::PlayoutTally run_each(std::span<const reasoner::State* const> starts,
                                  reasoner::Random& rng, std::span<double> results,
                                  std::span<uint8_t> completed, size_t max_depth,
                                  std::span<std::vector<reasoner::MoveId>> moves = {},
                                  std::vector<LanePlayout>* record = nullptr);

 private:
  void evaluate(std::span<const BitSegment> segments);
  uint64_t word(uint32_t lit) const { return w_[lit >> 1] ^ (0 - static_cast<uint64_t>(lit & 1)); }
  // Picks a uniformly random legal move of `role` for every lane in `movers` and sets its input
  // bit. Returns the lanes where the role has no legal move.
  uint64_t choose_moves(uint32_t role, uint64_t movers, reasoner::Random& rng);
  template <int planes>
  uint64_t choose_moves_in(uint32_t role, uint64_t movers, reasoner::Random& rng);
  // The lanes among `lanes` where exactly one goal literal of `role` holds (elsewhere the goal
  // counts 0, as kNoGoal and kAmbiguousGoal do in StateMachine::random_playouts).
  uint64_t single_goal_lanes(uint32_t role, uint64_t lanes) const;
  // Role's goal in one lane: 0 where none or several goal literals hold.
  double lane_goal(uint32_t role, int lane) const;
  // Every lane empty (all words zero), moves recorded only when `recording`.
  void clear(bool recording);
  // Sets the base propositions of `lanes` to `state`.
  void load(const reasoner::State& state, uint64_t lanes);
  // Steps the `active` lanes until all have ended. on_end(lanes, completed) sees lanes as they end
  // (the query gates still hold their final state); restart(ended) returns the ended lanes it
  // loaded with a new start state, which go on playing.
  template <class OnEnd, class Restart>
  reasoner::PlayoutTally play(uint64_t active, reasoner::Random& rng, size_t max_depth,
                              OnEnd&& on_end, Restart&& restart);
  void finish_lanes(uint64_t lanes, bool completed, std::vector<LanePlayout>* record);

  std::shared_ptr<const BitProgram> bits_;
  const Program& p_;
  std::vector<uint64_t> w_;              // by slot
  std::vector<uint64_t> next_;           // by fact: the next state, before it replaces the bases
  std::vector<uint64_t> cycle_before_;   // scratch for fixpoints (a cyclic segment's slots)
  std::vector<std::pair<uint32_t, uint64_t>> legal_;  // a role's moves legal in some lane
  std::vector<uint32_t> set_inputs_;     // input slots set this step
  std::vector<size_t> start_step_;       // by lane
  bool recording_ = false;
  std::vector<std::vector<uint32_t>> lane_moves_;  // by lane, when recording (capacity kept)
};

}  // namespace ggp::propnet
