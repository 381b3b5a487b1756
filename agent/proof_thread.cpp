#include "agent/proof_thread.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace ggp::agent {

using reasoner::RoleIndex;
using reasoner::State;

ProofThread::ProofThread(std::unique_ptr<reasoner::StateMachine> machine, int max_plies, int nice,
                         bool local)
    : machine_(std::move(machine)), search_(*machine_), max_plies_(max_plies) {
  if (local) {
    local_search_ = std::make_unique<ForcedWinSearch>(*machine_);
    local_search_->set_local(true);
  }
  thread_ = std::thread([this, nice] {
    // On Linux a thread has a nice value of its own: PRIO_PROCESS with its thread id.
    if (nice > 0) {
      const auto tid = static_cast<id_t>(syscall(SYS_gettid));
      errno = 0;
      const int now = getpriority(PRIO_PROCESS, tid);
      if (errno == 0) setpriority(PRIO_PROCESS, tid, now + nice);
    }
    run();
  });
}

ProofThread::~ProofThread() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  abandon_ = true;
  wake_.notify_all();
  thread_.join();
}

void ProofThread::set_root(const State& root, RoleIndex mover, std::vector<reasoner::MoveId> moves,
                           reasoner::MoveId other_move, std::vector<uint8_t> ending) {
  {
    std::lock_guard lock(mutex_);
    published_.assign(moves.size(), 0);
    request_ = {{root, mover, std::move(moves), other_move}, request_.generation + 1};
    ending_ = std::move(ending);
    found_.clear();
    plies_done_ = 0;
  }
  abandon_ = true;
  wake_.notify_all();
}

std::vector<ProofThread::Proof> ProofThread::take(const State& root) {
  std::lock_guard lock(mutex_);
  if (!(request_.root.state == root)) return {};
  return std::exchange(found_, {});
}

std::pair<int, uint64_t> ProofThread::progress() const {
  std::lock_guard lock(mutex_);
  return {plies_done_, states_};
}

void ProofThread::run() {
  uint64_t done = 0;  // the generation last searched
  while (true) {
    Request r;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || request_.generation != done; });
      if (quit_) return;
      r = request_;
      done = r.generation;
      if (local_search_) local_search_->set_ending_hint(ending_);
      search_.set_ending_hint(ending_);
      abandon_ = false;
    }
    prove(r);
  }
}

void ProofThread::publish(const Request& r, Proof proof) {
  std::lock_guard lock(mutex_);
  // Each move once: the passes of `local` may prove a move twice.
  if (request_.generation != r.generation || published_.at(proof.move)) return;
  published_[proof.move] = 1;
  found_.push_back(proof);
}

void ProofThread::prove(const Request& r) {
  SearchLimits limits;
  limits.stop = &abandon_;
  bool won = false;  // the root proven won: a later pass would only find the same win
  RootProofEvents events;
  events.proven = [&](size_t move, RoleIndex winner, int turns) {
    won = won || winner == r.root.mover;
    publish(r, {move, winner, turns});
  };
  // `full`: a depth of the full search is the thread's progress (the local one's is incomplete).
  const auto depth_done = [this, &r](bool full) {
    return [this, &r, full](int plies) {
      std::lock_guard lock(mutex_);
      if (request_.generation != r.generation) return false;
      if (full) plies_done_ = plies;
      states_ = search_.nodes() + (local_search_ ? local_search_->nodes() : 0);
      return true;
    };
  };
  events.depth_done = depth_done(true);
  const auto go_on = [&] { return !won && !abandon_; };
  if (local_search_) {  // full to 3 turns, local to the depth, then full to the depth
    RootProofEvents local = events;
    local.depth_done = depth_done(false);
    prove_root(search_, *machine_, r.root, std::min(3, max_plies_), limits, events);
    if (go_on()) prove_root(*local_search_, *machine_, r.root, max_plies_, limits, local);
  }
  if (go_on()) prove_root(search_, *machine_, r.root, max_plies_, limits, events);
}

}  // namespace ggp::agent
