// Leaf batching of the MCTS engine: one thread selects up to leaf_batch leaves in turn, each
// descent's visits acting as a virtual loss for the next ones (as tree parallelism does,
// mcts_parallel.cpp), then the machine plays one random playout from every leaf at once
// (StateMachine::random_playouts_from: the propnet's 64 bit-parallel lanes, propnet/bit_parallel.h)
// and the results are backed up. The playouts are uniformly random. With batch_amaf their moves
// come back and are appended to each leaf's trace, so AMAF learns from them as from a sequential
// playout; otherwise only the tree's own moves count for AMAF. MAST and PPA learn nothing from
// them (their steps carry no legal moves). As a sequential rollout, a playout is scored by the
// goals where it stops: with the goal cutoff on (agent/goal_cutoff.h), after the cutoff's depth.
#include <algorithm>

#include "agent/mcts.h"

namespace ggp::agent {

void MctsSearcher::search_batched(const SearchLimits& limits) {
  const size_t lanes = std::min(config_.leaf_batch, machine_.parallel_playouts());
  while (batch_workers_.size() < lanes)
    batch_workers_.push_back(std::make_unique<MctsWorker>(
        machine_, workers_[0]->rng.next() ^ batch_workers_.size(), config_));
  std::vector<const reasoner::State*> starts;
  std::vector<size_t> lane_worker;
  std::vector<uint8_t> expanded(lanes), completed(lanes);
  std::vector<double> results(lanes * num_roles_);
  const bool traced = config_.batch_amaf && config_.amaf != AmafMode::Off;
  batch_moves_.resize(traced ? lanes : 0);
  for (uint64_t done = 0; !tree_.node(0).solved && !limit_reached(limits, done);) {
    starts.clear();
    lane_worker.clear();
    const uint64_t room = limits.max_playouts - done;
    for (size_t i = 0; i < lanes && i < room && !tree_.node(0).solved; ++i) {
      MctsWorker& w = *batch_workers_[i];
      bool at_terminal = false;
      const Descent end = descend(w, at_terminal, /*defer_expansion=*/true);
      const reasoner::State* start = start_of_simulation(w, end, at_terminal);
      const bool playout = start != nullptr;
      if (!playout) {  // exact values: back up at once
        if (end == Descent::Expand) finish_expansion(w);
        backup(w, at_terminal);
        ++done;
        continue;
      }
      expanded[i] = end == Descent::Expand;
      starts.push_back(start);
      lane_worker.push_back(i);
    }
    if (starts.empty()) continue;
    // A batch cannot be abandoned half-way: one that would end past the deadline, judging by the
    // last one, is not begun (its descents' visits are taken back).
    const Clock::time_point begin = Clock::now();
    if (limits.deadline != Clock::time_point::max() && begin + last_batch_ > limits.deadline) {
      for (size_t i : lane_worker) undo_visits(*batch_workers_[i]);
      break;
    }
    machine_.random_playouts_from(starts, workers_[0]->rng, results,
                                  std::span(completed).first(starts.size()), playout_depth(),
                                  std::span(batch_moves_).first(traced ? starts.size() : 0));
    last_batch_ = Clock::now() - begin;
    for (size_t k = 0; k < starts.size(); ++k) {
      MctsWorker& w = *batch_workers_[lane_worker[k]];
      if (expanded[lane_worker[k]]) finish_expansion(w);
      for (reasoner::RoleIndex r = 0; r < num_roles_; ++r)
        w.results[r] = results[k * num_roles_ + r] / 100.0;
      if (traced)  // the playout's steps after the tree's (their legal moves are not kept)
        for (reasoner::MoveId m : batch_moves_[k]) w.trace.add({}, m);
      ++rollouts_;
      backup(w, /*reached_terminal=*/false);  // not a line to remember (single role: best line)
      ++done;
    }
  }
}

}  // namespace ggp::agent
