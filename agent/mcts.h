#pragma once
// The MCTS engine: one searcher assembled from small policies chosen by MctsConfig.
//
// - Selection: decoupled UCB1 (Kocsis & Szepesvári 2006) per role and node, each role maximising
//   its own goal in [0,1]; optional alpha-AMAF or RAVE values and the SP-MCTS variance term.
// - Expansion: one node per simulation once the leaf has expand_threshold visits; at the node cap
//   the tree stops growing and simulations go on as playouts from the frontier.
// - Playout: agent/rollout.h (random, MAST or PPA; decisive and anti-decisive moves).
// - Backup: mean results per edge; AMAF counters for every move played later in the simulation
//   (Hsu's AMAF update rules); MAST averages; PPA adaptation of the winners' moves (Cazenave 2015,
//   Algorithm 2); MCTS-Solver (Winands et al. 2008): exact values propagate when a mover has a
//   proven top result or all children are proven.
// - Final move: a proven win at once; for a single role, the best line seen; else the most visited
//   move (robust child) or a draw with probability visits^(1/T).
#include <optional>

#include "agent/mcts_config.h"
#include "agent/mcts_tree.h"
#include "agent/move_tables.h"
#include "agent/rollout.h"
#include "agent/searcher.h"
#include "agent/trace.h"
#include "reasoner/random.h"

namespace ggp::agent {

class MctsSearcher : public Searcher {
 public:
  MctsSearcher(const MctsConfig& config, reasoner::StateMachine& machine, uint64_t seed);

  std::string name() const override { return "mcts"; }
  void set_root(const reasoner::State& state) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;
  std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) override;

  // Inspection, for tests and reports.
  const Tree& tree() const { return tree_; }
  const PolicyWeights& ppa_weights() const { return ppa_; }
  // The root's proven value for `role` (scaled goal), if MCTS-Solver proved it.
  std::optional<double> proven_value(reasoner::RoleIndex role) const;
  // The mean result of `role`'s root move, or nullopt if it was never tried.
  std::optional<double> root_mean(reasoner::RoleIndex role, reasoner::MoveId move) const;
  // Single role: the best line seen from the root and its result (empty if none).
  const std::vector<reasoner::MoveId>& best_line() const { return best_line_; }
  double best_line_result() const { return best_line_result_; }

 private:
  void iterate();
  void restart_tree();
  uint32_t create_node(const reasoner::State& state);
  // Chooses each role's edge at `id` (recorded in path_edges_, trace_, joint_); returns the
  // joint move's index among the node's children.
  uint64_t select(uint32_t id);
  // `floor`: the mover's best proven child value at this node (-1: none, or not the mover).
  double edge_score(uint32_t id, reasoner::RoleIndex role, uint32_t edge, double log_visits,
                    double floor);
  double proven_floor(uint32_t id, reasoner::RoleIndex mover) const;
  // Progressive pruning: the best lower bound among the edges [begin, end) (-inf: no pruning
  // yet), an edge's upper bound (+inf: not comparable), and whether an edge takes part.
  double pruning_bound(uint32_t begin, uint32_t end) const;
  double upper_bound(uint32_t edge) const;
  bool prunable(uint32_t edge, double& sigma) const;
  void backup(bool reached_terminal);
  void update_amaf();
  bool try_solve(uint32_t id);
  // The only role with more than one move at node `id`, or -1.
  int node_mover(uint32_t id) const;

  MctsConfig config_;
  reasoner::StateMachine& machine_;
  reasoner::Random rng_;
  size_t num_roles_;
  Tree tree_;
  Rollout rollout_;
  RolloutPolicy rollout_policy_;
  MoveAverages mast_;
  PolicyWeights ppa_;
  uint64_t playouts_ = 0;
  uint64_t rollouts_ = 0;

  // Per-simulation scratch, reused.
  Trace trace_;
  std::vector<uint32_t> path_;        // nodes from the root
  std::vector<uint32_t> path_edges_;  // per tree step, the chosen edge of each role
  reasoner::JointMove joint_;
  reasoner::State next_;
  std::vector<double> results_;
  std::vector<uint32_t> seen_;  // AMAF: stamp per MoveId of the moves played later
  uint32_t stamp_ = 0;

  std::vector<reasoner::MoveId> best_line_;
  double best_line_result_ = -1;
};

}  // namespace ggp::agent
