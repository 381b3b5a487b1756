#pragma once
// The searching Player: any Searcher (the MCTS engine, MM-MCS, NMCS, NRPA, the metagame) run on one
// thread of its own for the whole match. The thread follows the match on its machine, searches
// from START to the end (through the start clock, during every turn, whether our move is forced
// or not, and with `ponder` between our reply and the next PLAY), keeps its tree from turn to turn
// (re-rooted on the joint move), and publishes its best move for the turn after every search slice,
// so a move that was searched is always there to be sent, however late the thread is to stop. It
// publishes no move when it has none: no machine yet, a failed search, an illegal proposal.
//
// Under a playout budget the player is deterministic for a seed: each decision gets one search of
// the budget, a forced move none, and there is no pondering.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "agent/player.h"
#include "agent/searcher.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct SearchPlayerConfig {
  std::string name = "mcts";       // reported by name()
  uint64_t playouts_per_move = 0;  // 0: think until the clock says stop; else this budget per
                                   // decision (a forced move is answered without search)
  bool think_at_start = true;      // search the initial position from START to the first PLAY
  bool ponder = true;              // search between our reply and the next PLAY (clock only)
  std::chrono::milliseconds slice{200};  // longest search call in a turn between two published
                                         // moves (the first calls are shorter)
};

class SearchPlayer : public Player {
 public:
  SearchPlayer(SearchPlayerConfig config, SearcherFactory searcher_factory, uint64_t seed);
  // Ends the match if it runs and waits for the thread (at most one search step).
  ~SearchPlayer() override;

  std::string name() const override { return config_.name; }
  void start(std::shared_ptr<MachineSource> machines, const std::string& role,
             Clock::time_point stop_at) override;
  std::string wait_ready(Clock::time_point until) override;
  void begin_turn(const std::vector<std::string>& last_joint_move,
                  Clock::time_point stop_at) override;
  Answer answer(Clock::time_point until) override;
  void end() override;
  bool finished() const override { return !started_ || finished_; }

 private:
  // What the thread owns: the match on its machine and the searcher.
  struct Match;
  // What a turn asks of the thread, taken under the lock.
  struct Orders {
    std::vector<std::vector<std::string>> joints;  // joint moves to apply, in order
    size_t turn = 0;                               // turns begun so far
    Clock::time_point stop_at;                     // the last turn's stop time
  };

  void run(std::shared_ptr<MachineSource> machines, std::string role, Clock::time_point stop_at);
  // Waits for orders or for work of the thread's own (`busy`); false when the match has ended.
  bool next_orders(Orders& orders, bool busy);
  void publish(size_t turn, Answer answer);
  void set_ready(std::string note);
  // Adds `note` to what the next answer() carries. Holds mutex_.
  void owe_note(const std::string& note);

  SearchPlayerConfig config_;
  SearcherFactory searcher_factory_;
  uint64_t seed_;

  std::atomic<bool> stop_{false};  // interrupts the thread's search: new orders or the end
  std::atomic<bool> started_{false};
  std::atomic<bool> finished_{false};
  mutable std::mutex mutex_;                     // guards the fields below
  std::condition_variable orders_cv_;            // wakes the thread
  std::condition_variable results_cv_;           // wakes callers waiting for an answer or readiness
  std::deque<std::vector<std::string>> joints_;  // from begin_turn, not yet taken by the thread
  size_t turn_ = 0;                              // begin_turn calls
  Clock::time_point stop_at_;
  bool ending_ = false;
  bool ready_ = false;
  std::string ready_note_;
  bool start_replied_unready_ = false;  // wait_ready gave up: set_ready's note is owed
  size_t unfinished_turn_ = 0;  // the turn answer() gave a move for before its search ended
  std::string owed_note_;  // what a reply missed (the machine, that turn's final note): the next
                           // answer() carries it
  Answer answer_;           // the latest published answer...
  size_t answer_turn_ = 0;  // ...for this turn (0: none yet)
  std::thread thread_;      // last: started by start()
};

}  // namespace ggp::agent
