#pragma once
// Free helpers over any StateMachine: random joint moves and depth charges (random playouts).
#include <span>
#include <vector>

#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

// Fills `joint` with a uniformly random legal move per role. Returns false if some role has no
// legal move (a broken game in a non-terminal state).
bool random_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint);

// Scratch buffers for depth charges, reused between calls so that playouts do not allocate.
struct PlayoutBuffers {
  State a, b;
  JointMove joint;
};

struct PlayoutResult {
  size_t depth = 0;         // joint moves played
  bool completed = false;   // reached a terminal state (false: no legal move, or max_depth hit)
};

// Plays uniformly random joint moves from `start` to a terminal state (at most `max_depth` moves).
// The final state is left in `final_state` (a reference into `buffers`). With `moves`, the joint
// moves played are appended to it, role-major.
PlayoutResult depth_charge(StateMachine& machine, const State& start, Random& rng,
                           PlayoutBuffers& buffers, const State*& final_state,
                           size_t max_depth = 100000, std::vector<MoveId>* moves = nullptr);

}  // namespace ggp::reasoner
