#pragma once
// The simplest Player: a uniformly random legal move. The baseline in tests and local matches, and
// a model of the Player contract.
#include <memory>

#include "agent/player.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed = 1) : rng_(seed) {}
  std::string name() const override { return "random"; }
  void start(std::shared_ptr<MachineSource> machines, const std::string& role,
             Clock::time_point deadline) override;
  std::string play(const std::vector<std::string>& last_joint_move,
                   Clock::time_point deadline) override;
  void stop(const std::vector<std::string>& last_joint_move) override;
  void abort() override;
  ThinkStats last_stats() const override { return stats_; }

 private:
  std::unique_ptr<reasoner::StateMachine> machine_;
  reasoner::State state_;
  reasoner::RoleIndex role_ = 0;
  reasoner::Random rng_;
  ThinkStats stats_;
};

}  // namespace ggp::agent
