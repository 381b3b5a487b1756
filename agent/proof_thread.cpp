#include "agent/proof_thread.h"

#include <limits>

namespace ggp::agent {

using reasoner::RoleIndex;
using reasoner::State;

ProofThread::ProofThread(std::unique_ptr<reasoner::StateMachine> machine, int max_plies)
    : machine_(std::move(machine)), search_(*machine_), max_plies_(max_plies) {
  thread_ = std::thread([this] { run(); });
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
    request_ = {root, mover, std::move(moves), other_move, request_.generation + 1};
    ending_ = std::move(ending);
    found_.clear();
    plies_done_ = 0;
  }
  abandon_ = true;
  wake_.notify_all();
}

std::vector<ProofThread::Proof> ProofThread::take(const State& root) {
  std::lock_guard lock(mutex_);
  if (!(request_.root == root)) return {};
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
      search_.set_ending_hint(std::move(ending_));
      abandon_ = false;
    }
    prove(r);
  }
}

void ProofThread::publish(const Request& r, Proof proof) {
  std::lock_guard lock(mutex_);
  if (request_.generation == r.generation) found_.push_back(proof);
}

void ProofThread::prove(const Request& r) {
  SearchLimits limits;
  limits.stop = &abandon_;
  const uint64_t unlimited = std::numeric_limits<uint64_t>::max() / 2;
  const RoleIndex other = 1 - r.mover;
  std::vector<uint8_t> lost(r.moves.size(), 0);
  reasoner::JointMove joint(2);
  State child;
  for (int plies = 1; plies <= max_plies_; plies += 2) {
    // Root moves the other role answers with a forced win within `plies`.
    for (size_t i = 0; i < r.moves.size(); ++i) {
      if (lost[i]) continue;
      joint[r.mover] = r.moves[i];
      joint[other] = r.other_move;
      machine_->next_state(r.root, joint, child);
      if (machine_->is_terminal(child)) continue;
      const ForcedWinSearch::Outcome outcome = search_.prove(child, other, plies, limits, unlimited);
      if (outcome == ForcedWinSearch::Outcome::Unknown) return;  // abandoned for a new root
      if (outcome == ForcedWinSearch::Outcome::Win) {
        lost[i] = 1;
        publish(r, {i, other});
      }
    }
    // The root won within two more turns.
    const ForcedWinSearch::Outcome won = search_.prove(r.root, r.mover, plies + 2, limits, unlimited);
    if (won == ForcedWinSearch::Outcome::Unknown) return;
    {
      std::lock_guard lock(mutex_);
      if (request_.generation != r.generation) return;
      plies_done_ = plies;
      states_ = search_.nodes();
    }
    if (won == ForcedWinSearch::Outcome::Win) {
      for (size_t i = 0; i < r.moves.size(); ++i)
        if (r.moves[i] == search_.winning_move()) publish(r, {i, r.mover});
      return;
    }
  }
}

}  // namespace ggp::agent
