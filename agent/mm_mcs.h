#pragma once
// MM-MCS: minimax over Monte-Carlo probes (comparison-of-monte-carlo-approaches seed,
// Algorithm 1). The exploration phase expands every joint move to a fixed depth; the probe phase
// picks a frontier leaf uniformly at random and scores it with a random playout, until a limit;
// the move is then chosen by minimax over the leaves' average results.
//
// Generalised to GGP: with one mover a node takes its mover's best child (max^n); where several
// roles move at once each role takes its maximin over the joint moves containing its move.
#include <vector>

#include "agent/mcts_tree.h"
#include "agent/rollout.h"
#include "agent/searcher.h"
#include "reasoner/random.h"

namespace ggp::agent {

struct MmMcsConfig {
  int depth = 2;                      // exploration depth of the full-width tree (in joint moves)
  size_t max_nodes = 200'000;         // exploration stops widening the tree at this many nodes
  size_t max_playout_depth = 10'000;  // a playout longer than this is scored where it stops
};

class MmMcsSearcher : public Searcher {
 public:
  MmMcsSearcher(const MmMcsConfig& config, reasoner::StateMachine& machine, uint64_t seed);

  std::string name() const override { return "mmmcs"; }
  void set_root(const reasoner::State& state) override;
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;

  // The minimax value of the root for `role` from the current probes.
  double root_value(reasoner::RoleIndex role);

 private:
  void explore();
  uint32_t add_node(const reasoner::State& state);
  // Minimax values of every node into values_ (children before parents).
  void evaluate();
  // `role`'s score for its move index `move` at node `id` (max^n or maximin, see above).
  double move_score(uint32_t id, reasoner::RoleIndex role, uint32_t move) const;
  std::span<const double> value_of(uint32_t id) const;

  MmMcsConfig config_;
  reasoner::StateMachine& machine_;
  reasoner::Random rng_;
  size_t num_roles_;
  reasoner::State root_state_;
  Tree tree_;  // Node::visits and Tree::value() hold each leaf's probe count and result sums
  bool explored_ = false;
  std::vector<uint32_t> leaves_;  // non-terminal frontier nodes, probed uniformly
  std::vector<bool> expanded_;
  std::vector<double> values_;  // minimax values per node, from evaluate()
  Rollout rollout_;
  Trace trace_;
  std::vector<double> results_;
  reasoner::JointMove joint_;
  reasoner::State next_;
  uint64_t playouts_ = 0;
};

}  // namespace ggp::agent
