#pragma once
// Free helpers over any StateMachine: random and greedy joint moves (PlayoutPolicy) and depth
// charges (playouts).
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

// Fills `joint` with a uniformly random legal move per role. Returns false if some role has no
// legal move (a broken game in a non-terminal state).
bool random_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint);

// The only role with more than one legal move in `state`, or -1 (none, or several). With
// `forced`, also each role's first legal move (the other roles' only ones), where it has one.
int only_mover(StateMachine& machine, const State& state, JointMove* forced = nullptr);

// The move of `legal` (not empty) of highest value(move), ties broken uniformly at random
// (reservoir sampling: the k-th tie replaces the pick with probability 1/k).
template <class Value>
MoveId top_valued_move(std::span<const MoveId> legal, Value&& value, Random& rng) {
  MoveId best = legal[0];
  auto top = value(best);
  uint32_t ties = 1;
  for (MoveId m : legal.subspan(1)) {
    const auto v = value(m);
    if (v > top) top = v, best = m, ties = 1;
    else if (v == top && rng.below(++ties) == 0) best = m;
  }
  return best;
}

// Epsilon-greedy (Tak, Winands & Björnsson 2012): with probability `epsilon` a uniformly random
// move of `legal` (not empty), else top_valued_move. One uniform draw decides, then the choice's.
template <class Value>
MoveId epsilon_greedy_move(std::span<const MoveId> legal, Value&& value, double epsilon,
                           Random& rng) {
  if (rng.uniform() < epsilon) return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  return top_valued_move(legal, value, rng);
}

// The rank of `move` as a capture in `state`: the least rank of its victims that hold there, or
// Captures::kMaxRanks where none holds (not a capture).
uint8_t capture_rank(const Captures& captures, MoveId move, const State& state);

// Whether `move` is a capture in `state` (one of its victims holds there).
inline bool is_capture(const Captures& captures, MoveId move, const State& state) {
  return capture_rank(captures, move, state) < Captures::kMaxRanks;
}

// With probability captures.share, a capture of `legal` in `state` drawn uniformly among those of
// the least rank, where it has one; else nullopt. Draws nothing where the captures are not active.
std::optional<MoveId> capture_move(std::span<const MoveId> legal, const Captures& captures,
                                   const State& state, Random& rng);

// A move of `legal` (not empty) in `state` chosen by `bias`: a capture (capture_move), else
// epsilon-greedy on its values, or uniformly where those are not active.
MoveId biased_move(std::span<const MoveId> legal, const MoveBias& bias, const State& state,
                   Random& rng);

// Scratch of the greedy choice, reused between calls so that it does not allocate once warm.
struct GreedyBuffers {
  State probe, reply;
  JointMove joint, reply_joint;
  std::vector<std::vector<MoveId>> legal, reply_legal;
  std::vector<MoveId> safe;
};

// Asked before each move a scan tries, with the move's index: true stops the scan.
using ScanInterrupt = std::function<bool(size_t)>;

// The index in `legal` (the mover's legal moves) of a move that wins at once for `mover`: the state
// after it is terminal and the mover's goal there is kWinGoal. The other roles play their moves in
// `joint` (their only ones; joint[mover] is ignored). -1 if none. The machine's
// decisive_move_at_once where it answers, else decisive_move_one_at_a_time: one next_state per
// move tried, before each of which `interrupted` (where given) is asked; once it says stop, -1
// (a win may be missed, never invented).
int decisive_move(StateMachine& machine, const State& state, std::span<const MoveId> joint,
                  RoleIndex mover, std::span<const MoveId> legal, GreedyBuffers& buffers,
                  const ScanInterrupt& interrupted = {});
int decisive_move_one_at_a_time(StateMachine& machine, const State& state,
                                std::span<const MoveId> joint, RoleIndex mover,
                                std::span<const MoveId> legal, GreedyBuffers& buffers,
                                const ScanInterrupt& interrupted = {});

// Whether after `joint` from `state` the next state is not terminal and a single role other than
// `mover` has more than one move, one of which wins at once for it.
bool gives_immediate_win(StateMachine& machine, const State& state, std::span<const MoveId> joint,
                         RoleIndex mover, GreedyBuffers& buffers);

// Fills `joint` with a move per role chosen by PlayoutPolicy::Greedy (state_machine.h), testing
// every legal move for a win. Returns false if some role has no legal move. With `unsafe_picks`,
// adds one when the uniformly random move drawn first let the next mover win at once.
// The random draws follow `bias`: the first draw, and the draw among the moves that leave no win.
bool greedy_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint,
                       GreedyBuffers& buffers, size_t* unsafe_picks = nullptr,
                       const MoveBias& bias = {});

// Scratch buffers for depth charges, reused between calls so that playouts do not allocate.
struct PlayoutBuffers {
  State a, b;
  JointMove joint;
  GreedyBuffers greedy;
};

struct PlayoutResult {
  size_t depth = 0;         // joint moves played
  bool completed = false;   // reached a terminal state (false: no legal move, or max_depth hit)
  size_t unsafe_picks = 0;  // greedy: as PlayoutTally::unsafe_picks
};

// Plays joint moves chosen by `policy` and `bias` from `start` to a terminal state (at most
// `max_depth` moves). The final state is left in `final_state` (a reference into `buffers`). With `moves`, the
// joint moves played are appended to it, role-major.
PlayoutResult depth_charge(StateMachine& machine, const State& start, Random& rng,
                           PlayoutBuffers& buffers, const State*& final_state,
                           size_t max_depth = 100000, std::vector<MoveId>* moves = nullptr,
                           PlayoutPolicy policy = PlayoutPolicy::Random,
                           const MoveBias& bias = {});

}  // namespace ggp::reasoner
