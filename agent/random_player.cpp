#include "agent/random_player.h"

#include "agent/search_player.h"

namespace ggp::agent {

RandomSearcher::RandomSearcher(reasoner::StateMachine& machine, uint64_t seed)
    : machine_(machine), rng_(seed), chosen_(machine.num_roles()) {
  set_root(machine_.initial_state());
}

void RandomSearcher::set_root(const reasoner::State& state) {
  root_ = state;
  chosen_.assign(machine_.num_roles(), std::nullopt);
}

reasoner::MoveId RandomSearcher::best_move(reasoner::RoleIndex role) {
  if (!chosen_[role]) {
    std::span<const reasoner::MoveId> legal = machine_.legal_moves(root_, role);
    chosen_[role] = legal.empty() ? 0 : legal[rng_.below(static_cast<uint32_t>(legal.size()))];
  }
  return *chosen_[role];
}

SearchStats RandomSearcher::stats() const {
  SearchStats s;
  s.root_solved = true;
  return s;
}

std::unique_ptr<Player> make_random_player(uint64_t seed) {
  SearchPlayerConfig config;
  config.name = "random";
  config.think_at_start = false;
  return std::make_unique<SearchPlayer>(
      config,
      [](reasoner::StateMachine& m, uint64_t s) -> std::unique_ptr<Searcher> {
        return std::make_unique<RandomSearcher>(m, s);
      },
      seed);
}

}  // namespace ggp::agent
