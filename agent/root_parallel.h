#pragma once
// Root parallelism (Cazenave & Jouandeau 2007; Chaslot et al. 2008): independent searchers, each
// with its own machine clone and seed, search the same root in their own threads; the move is the
// one with the most votes summed over them (MCTS: root visits; proven wins first). Deterministic
// for a seed under a playout budget (the budget is split evenly), as each searcher is.
#include <memory>
#include <vector>

#include "agent/searcher.h"

namespace ggp::agent {

class RootParallelSearcher : public Searcher {
 public:
  // `threads` searchers from `factory`, over clones of `machine`, seeded seed, seed + 1, ...
  RootParallelSearcher(const SearcherFactory& factory, size_t threads,
                       reasoner::StateMachine& machine, uint64_t seed);

  std::string name() const override;
  void set_root(const reasoner::State& state) override;
  void set_own_role(reasoner::RoleIndex role) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;
  std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) override;
  std::string note() override;  // the first searcher's (the others' are dropped)

 private:
  std::vector<std::unique_ptr<reasoner::StateMachine>> machines_;
  std::vector<std::unique_ptr<Searcher>> searchers_;
};

}  // namespace ggp::agent
