// PPA in the bit-parallel lanes (MctsConfig::PpaGreedy, batched search). The lanes play by the
// first worker's PPA weights, epsilon-greedy (reasoner::MoveBias), but PPA's update (Cazenave
// 2015, Algorithm 2) needs the legal moves of every step, which the lanes do not return: a few
// lanes of each batch (ppa_replays, spread over its leaves) are replayed one move at a time on the
// machine, from the lane's start state with the moves it recorded, and the winners of each replayed
// playout adapt the weights over the tree's steps (legal moves from the tree) and the playout's.
// On breakthrough (one 4 s run each), against 1 replay a batch of 64: 4 cost no playouts
// measurably, 16 cost 14% of them and all 64 cost 46% (docs/strength.md, section 2).
#include <algorithm>

#include "agent/mcts.h"

namespace ggp::agent {

void MctsSearcher::learn_ppa_from_lanes(std::span<const reasoner::State* const> starts,
                                        std::span<const size_t> lane_worker,
                                        std::span<const double> results) {
  if (config_.ppa_replays == 0) return;  // (a batch has at least one lane)
  PolicyWeights& weights = workers_[0]->ppa;
  const size_t stride = std::max<size_t>(1, starts.size() / config_.ppa_replays);
  for (size_t lane = 0; lane < starts.size(); lane += stride) {
    ppa_trace_ = batch_workers_[lane_worker[lane]]->trace;  // the tree's steps, legal moves kept
    replay_lane(*starts[lane], batch_moves_[lane]);
    weights.adapt_winners(ppa_trace_, results.subspan(lane * num_roles_, num_roles_),
                          config_.ppa_alpha);
  }
}

void MctsSearcher::replay_lane(const reasoner::State& start,
                               std::span<const reasoner::MoveId> joint_moves) {
  ppa_state_ = start;
  for (size_t at = 0; at + num_roles_ <= joint_moves.size(); at += num_roles_) {
    const std::span<const reasoner::MoveId> joint = joint_moves.subspan(at, num_roles_);
    for (reasoner::RoleIndex r = 0; r < num_roles_; ++r)
      ppa_trace_.add(machine_.legal_moves(ppa_state_, r), joint[r]);
    machine_.next_state(ppa_state_, joint, ppa_next_);
    std::swap(ppa_state_, ppa_next_);
  }
}

}  // namespace ggp::agent
