#pragma once
// The searching Player: keeps the match state on the machine it is handed, and runs any Searcher
// (the MCTS engine, MM-MCS, NMCS, NRPA, the metagame) in a worker thread until the deadline, then
// answers the searcher's move. It always answers a legal move in time: if the search fails,
// overruns or proposes an illegal move, it answers a random legal move and says so in
// last_stats().note.
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>

#include "agent/player.h"
#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct SearchPlayerConfig {
  std::string name = "mcts";       // reported by name()
  uint64_t playouts_per_move = 0;  // 0: think until the deadline; else this budget per decision
                                   // (deadline holds; a forced move is answered without search)
  std::chrono::milliseconds reply_margin{25};  // stop searching this long before a deadline
  bool think_at_start = true;                  // search the initial position during the start clock
};

class SearchPlayer : public Player {
 public:
  SearchPlayer(SearchPlayerConfig config, SearcherFactory searcher_factory, uint64_t seed);
  ~SearchPlayer() override;

  std::string name() const override { return config_.name; }
  void start(std::shared_ptr<MachineSource> machines, const std::string& role,
             Clock::time_point deadline) override;
  std::string play(const std::vector<std::string>& last_joint_move,
                   Clock::time_point deadline) override;
  void stop(const std::vector<std::string>& last_joint_move) override;
  void abort() override;
  ThinkStats last_stats() const override { return stats_; }

 private:
  // Searches in the worker thread until `deadline` (minus the margin) or the playout budget;
  // returns true if the search ended in time and without error.
  bool think(Clock::time_point deadline, uint64_t playouts);
  // Waits for a running search to end (it has been told to stop).
  void finish_worker();
  // Tells a running search to stop and waits for it until `until`; true if no search runs now.
  bool worker_idle(Clock::time_point until);
  void release();
  // Appends the searcher's note (e.g. the metagame's choice) to stats_.note.
  void add_searcher_note();

  SearchPlayerConfig config_;
  SearcherFactory searcher_factory_;
  uint64_t seed_;
  reasoner::Random rng_;

  std::unique_ptr<reasoner::StateMachine> machine_;         // the match state's machine
  std::unique_ptr<reasoner::StateMachine> search_machine_;  // the searcher's clone
  std::unique_ptr<Searcher> searcher_;
  reasoner::RoleIndex role_ = 0;
  reasoner::State state_;
  std::thread worker_;
  std::future<void> worker_done_;
  std::atomic<bool> stop_{false};
  bool root_stale_ = false;  // the searcher's root lags behind state_
  ThinkStats stats_;
};

}  // namespace ggp::agent
