#include "agent/random_player.h"

#include "agent/match_state.h"

namespace ggp::agent {

void RandomPlayer::start(std::shared_ptr<MachineSource> machines, const std::string& role,
                         Clock::time_point deadline) {
  machine_ = machines->first(deadline).machine;
  role_ = find_role(*machine_, role);
  state_ = machine_->initial_state();
  stats_ = {};
  stats_.machine = machine_->name();
}

std::string RandomPlayer::play(const std::vector<std::string>& last_joint_move,
                               Clock::time_point) {
  apply_joint_move_texts(*machine_, state_, last_joint_move);
  std::span<const reasoner::MoveId> legal = machine_->legal_moves(state_, role_);
  if (legal.empty()) throw std::runtime_error("no legal move in this state");
  return machine_->move_text(legal[rng_.below(static_cast<uint32_t>(legal.size()))]);
}

void RandomPlayer::stop(const std::vector<std::string>&) { machine_.reset(); }
void RandomPlayer::abort() { machine_.reset(); }

}  // namespace ggp::agent
