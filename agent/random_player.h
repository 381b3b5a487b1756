#pragma once
// The simplest player: a uniformly random legal move, the baseline in tests and local matches. It
// is a SearchPlayer whose searcher does not search.
#include <cstdint>
#include <memory>
#include <optional>

#include "agent/player.h"
#include "agent/searcher.h"
#include "reasoner/random.h"

namespace ggp::agent {

// No search: best_move is a uniformly random legal move, drawn once per root and role; the root
// counts as solved, so a player never spends time on it.
class RandomSearcher : public Searcher {
 public:
  RandomSearcher(reasoner::StateMachine& machine, uint64_t seed);
  std::string name() const override { return "random"; }
  void set_root(const reasoner::State& state) override;
  void search(const SearchLimits&) override {}
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;

 private:
  reasoner::StateMachine& machine_;
  reasoner::Random rng_;
  reasoner::State root_;
  std::vector<std::optional<reasoner::MoveId>> chosen_;  // per role, for this root
};

std::unique_ptr<Player> make_random_player(uint64_t seed = 1);

}  // namespace ggp::agent
