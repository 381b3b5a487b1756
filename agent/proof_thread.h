#pragma once
// Forced-win proofs on a thread of their own (MctsConfig::proof_plies), beside the tree search,
// as Sancho runs its local search for forced wins beside its tree: the searcher hands over each
// new root, the thread proves root moves lost (the other role forces a win after them) and the
// root won, deepening by two turns at a time up to its depth, on a clone of the machine, and the
// searcher takes the proofs into its tree at its next call (MctsSearcher::take_proofs). The
// deepening itself is agent/root_proofs.h.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "agent/root_proofs.h"

namespace ggp::agent {

class ProofThread {
 public:
  // A root move and the role whose forced win it is proven to be.
  struct Proof {
    size_t move = 0;  // the index among the mover's moves handed over
    reasoner::RoleIndex winner = 0;
    int turns = 0;  // after the move, the win comes within this many turns
  };

  // `nice`: the thread's niceness (0: unchanged; where the system does not allow it, unchanged).
  // `local`: each root is searched fully to 3 turns (cheap), then with the attacker's local moves
  // only up to `max_plies` (ForcedWinSearch::set_local, with its own table: deep and cheap), then
  // fully again up to `max_plies` (the quiet attacks the local search leaves out); a root proven
  // won ends the passes.
  ProofThread(std::unique_ptr<reasoner::StateMachine> machine, int max_plies, int nice = 0,
              bool local = false);
  ~ProofThread();  // stops the search and joins
  ProofThread(const ProofThread&) = delete;
  ProofThread& operator=(const ProofThread&) = delete;

  // Drops the current root's search and begins on `root`, where `mover` chooses among `moves`
  // and the other role plays `other_move`; `ending` (may be empty): the moves known to end games.
  void set_root(const reasoner::State& root, reasoner::RoleIndex mover,
                std::vector<reasoner::MoveId> moves, reasoner::MoveId other_move,
                std::vector<uint8_t> ending);
  // The proofs found for `root` since the last call (none for another root).
  std::vector<Proof> take(const reasoner::State& root);
  // The depth (turns) the full search has proven the current root's moves to, and states searched.
  std::pair<int, uint64_t> progress() const;

 private:
  struct Request {
    ProofRoot root;
    uint64_t generation = 0;
  };
  void run();
  void prove(const Request& r);
  void publish(const Request& r, Proof proof);

  std::unique_ptr<reasoner::StateMachine> machine_;
  ForcedWinSearch search_;
  std::unique_ptr<ForcedWinSearch> local_search_;  // with `local`
  const int max_plies_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  Request request_;               // guarded by mutex_
  std::vector<Proof> found_;      // guarded: proofs for request_.root
  std::vector<uint8_t> published_;  // guarded: by move of request_.root, a proof was found
  std::vector<uint8_t> ending_;   // guarded: the hint handed over with the request (moved out)
  int plies_done_ = 0;            // guarded
  uint64_t states_ = 0;           // guarded
  bool quit_ = false;             // guarded
  std::atomic<bool> abandon_{false};  // the search in progress is for an old root
  std::thread thread_;
};

}  // namespace ggp::agent
