// Leaf batching of the MCTS engine: one thread selects up to leaf_batch leaves in turn, each
// descent's visits acting as a virtual loss for the next ones (as tree parallelism does,
// mcts_parallel.cpp), then the machine plays one random playout from every leaf at once
// (StateMachine::random_playouts_from: the propnet's 64 bit-parallel lanes, propnet/bit_parallel.h)
// and the results are backed up. The playouts are uniformly random and not traced, so AMAF, MAST
// and PPA learn nothing from them; the tree's own moves still count for AMAF.
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
                                  std::span(completed).first(starts.size()),
                                  config_.max_playout_depth);
    last_batch_ = Clock::now() - begin;
    for (size_t k = 0; k < starts.size(); ++k) {
      MctsWorker& w = *batch_workers_[lane_worker[k]];
      if (expanded[lane_worker[k]]) finish_expansion(w);
      for (reasoner::RoleIndex r = 0; r < num_roles_; ++r)
        w.results[r] = results[k * num_roles_ + r] / 100.0;
      ++rollouts_;
      backup(w, /*reached_terminal=*/false);  // the playout's moves are not traced (best line)
      ++done;
    }
  }
}

}  // namespace ggp::agent
