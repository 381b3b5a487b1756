// Tree parallelism of the MCTS engine (Chaslot, Winands & van den Herik 2008, "Parallel
// Monte-Carlo Tree Search", global mutex with virtual loss). Every access to the shared tree and
// the searcher's counters happens under tree_mutex_; a worker releases it only for its playout,
// which touches nothing but the worker's own machine clone, random stream and MAST/PPA tables.
// The visit descend() counts before the playout is the virtual loss: until backup adds the
// result, the path's edges look one lost simulation worse, so other workers spread out.
#include <algorithm>
#include <exception>
#include <thread>

#include "agent/mcts.h"

namespace ggp::agent {

void MctsSearcher::simulate_shared(MctsWorker& w, const SearchLimits& limits, uint64_t& claimed) {
  const SearchLimits rollout_limits = playout_limits(limits);
  w.policy.limits = &rollout_limits;
  while (!interrupted(limits)) {
    bool at_terminal = false;
    Descent end = Descent::Exact;
    {
      std::lock_guard lock(tree_mutex_);
      if (tree_.node(0).solved || claimed >= limits.max_playouts) break;
      ++claimed;
      end = descend(w, at_terminal, /*defer_expansion=*/true);
    }
    // The machine's half of an expansion, without the lock.
    const reasoner::State* start = start_of_simulation(w, end, at_terminal);
    const bool playout = start != nullptr;
    RolloutResult rollout;
    if (playout) rollout = w.rollout.run(*start, w.policy, w.rng, w.trace, w.results);
    std::lock_guard lock(tree_mutex_);
    if (rollout.abandoned) {
      undo_visits(w);
      break;
    }
    if (end == Descent::Expand) finish_expansion(w);
    if (playout) {
      at_terminal = rollout.completed;
      ++rollouts_;
    }
    backup(w, at_terminal);
  }
  w.policy.limits = nullptr;
}

void MctsSearcher::search_tree_parallel(const SearchLimits& limits) {
  // SP-MCTS restarts would replace the tree under running workers: not with several threads.
  uint64_t claimed = 0;
  std::vector<std::exception_ptr> errors(workers_.size());
  auto run = [&](size_t i) {
    try {
      simulate_shared(*workers_[i], limits, claimed);
    } catch (...) {
      errors[i] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (size_t i = 1; i < workers_.size(); ++i) threads.emplace_back(run, i);
  run(0);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace ggp::agent
