#include "server_protocol/fallback.h"

#include <algorithm>

#include "agent/match_state.h"
#include "reasoner/prover.h"

namespace ggp::server_protocol {

Fallback::Fallback(std::shared_ptr<const gdl::Game> game, const std::string& role, uint64_t seed)
    : machine_(reasoner::make_prover(std::move(game))),
      role_(agent::find_role(*machine_, role)),
      rng_(seed) {
  state_ = machine_->initial_state();
  find_legal_moves();
}

void Fallback::find_legal_moves() {
  std::span<const reasoner::MoveId> legal = machine_->legal_moves(state_, role_);
  legal_.assign(legal.begin(), legal.end());
}

void Fallback::advance(const std::vector<std::string>& joint_texts) {
  if (joint_texts.empty()) return;
  agent::apply_joint_move_texts(*machine_, state_, joint_texts);
  find_legal_moves();
}

std::optional<std::string> Fallback::random_move() {
  if (legal_.empty()) return std::nullopt;
  return machine_->move_text(legal_[rng_.below(static_cast<uint32_t>(legal_.size()))]);
}

std::optional<std::string> Fallback::legal_spelling(const std::string& text) {
  std::optional<reasoner::MoveId> move = machine_->move_from_text(role_, text);
  if (!move) return std::nullopt;
  if (std::find(legal_.begin(), legal_.end(), *move) == legal_.end()) return std::nullopt;
  return machine_->move_text(*move);
}

}  // namespace ggp::server_protocol
