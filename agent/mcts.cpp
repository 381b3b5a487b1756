#include "agent/mcts.h"

#include <algorithm>
#include <cmath>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

MctsSearcher::MctsSearcher(const MctsConfig& config, reasoner::StateMachine& machine, uint64_t seed)
    : config_(config),
      machine_(machine),
      rng_(seed),
      num_roles_(machine.num_roles()),
      rollout_(machine),
      mast_(config.mast_unseen) {
  rollout_policy_.mode = config_.playout;
  rollout_policy_.mast_temperature = config_.mast_temperature;
  rollout_policy_.mast = &mast_;
  rollout_policy_.weights = &ppa_;
  rollout_policy_.decisive = config_.decisive_in_playout;
  rollout_policy_.anti_decisive = config_.anti_decisive;
  rollout_policy_.max_depth = config_.max_playout_depth;
  results_.resize(num_roles_);
  joint_.resize(num_roles_);
  set_root(machine_.initial_state());
}

void MctsSearcher::set_root(const State& state) {
  tree_.reset(num_roles_);
  create_node(state);
  mast_.clear();
  ppa_.clear();
  playouts_ = rollouts_ = 0;
  best_line_.clear();
  best_line_result_ = -1;
}

SearchStats MctsSearcher::stats() const {
  return {playouts_, rollouts_, tree_.size(), tree_.node(0).solved};
}

void MctsSearcher::search(const SearchLimits& limits) {
  bool restarts = num_roles_ == 1 && config_.sp_restart_playouts > 0;
  rollout_policy_.limits = &limits;
  for (uint64_t done = 0; !tree_.node(0).solved && !limit_reached(limits, done); ++done) {
    if (restarts && done > 0 && done % config_.sp_restart_playouts == 0) restart_tree();
    iterate();
  }
  rollout_policy_.limits = nullptr;
}

void MctsSearcher::restart_tree() {
  // SP-MCTS randomized restarts (Schadd et al. 2008): a fresh tree, the random stream going on,
  // the best line kept.
  State root = tree_.node(0).state;
  uint64_t playouts = playouts_, rollouts = rollouts_;
  std::vector<MoveId> line = std::move(best_line_);
  double line_result = best_line_result_;
  set_root(root);
  playouts_ = playouts, rollouts_ = rollouts;
  best_line_ = std::move(line), best_line_result_ = line_result;
}

uint32_t MctsSearcher::create_node(const State& state) {
  uint32_t id = tree_.add_node(state);
  Node& n = tree_.node(id);
  bool broken = false;
  n.terminal = machine_.is_terminal(n.state);
  if (!n.terminal) {
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      std::span<const MoveId> legal = machine_.legal_moves(n.state, r);
      broken |= legal.empty();
      tree_.add_role_moves(legal);
    }
  }
  if (n.terminal || broken) {  // a role without moves ends the game where it stands
    tree_.finish_node(id);
    n.terminal = n.solved = true;
    n.joint_count = 0;
    scaled_goals(machine_, n.state, tree_.value(id));
    return id;
  }
  tree_.finish_node(id);
  if (config_.decisive_in_tree) {
    int mover = node_mover(id);
    if (mover >= 0) {
      auto m = static_cast<RoleIndex>(mover);
      for (RoleIndex r = 0; r < num_roles_; ++r) joint_[r] = tree_.moves(id, r)[0];
      int win = rollout_.find_decisive(n.state, joint_, m, tree_.moves(id, m));
      if (win >= 0) {  // proven: the mover takes the win; its terminal child is linked
        joint_[m] = tree_.moves(id, m)[static_cast<size_t>(win)];
        machine_.next_state(n.state, joint_, next_);
        uint32_t child = create_node(next_);
        tree_.set_child(id, static_cast<uint64_t>(win), child);
        std::span<const double> v = tree_.value(child);
        std::copy(v.begin(), v.end(), tree_.value(id).begin());
        n.solved = true;
      }
    }
  }
  return id;
}

int MctsSearcher::node_mover(uint32_t id) const {
  int mover = -1;
  for (RoleIndex r = 0; r < num_roles_; ++r) {
    if (tree_.edges_end(id, r) - tree_.edges_begin(id, r) < 2) continue;
    if (mover >= 0) return -1;
    mover = static_cast<int>(r);
  }
  return mover;
}

double MctsSearcher::proven_floor(uint32_t id, RoleIndex mover) const {
  double floor = -1;
  uint32_t begin = tree_.edges_begin(id, mover), end = tree_.edges_end(id, mover);
  for (uint32_t e = begin; e < end; ++e) {
    uint32_t c = tree_.child(id, e - begin);
    if (c != kNoNode && tree_.node(c).solved) floor = std::max(floor, tree_.value(c)[mover]);
  }
  return floor;
}

double MctsSearcher::edge_score(uint32_t id, RoleIndex role, uint32_t edge, double log_visits,
                                double floor) {
  const EdgeStats& s = tree_.stats(edge);
  if (s.visits == 0) return 1e9 + rng_.uniform();  // untried moves first, in random order
  double n = s.visits;
  double mean = s.sum / n;
  if (floor >= 0) {  // MCTS-Solver at the mover's choice: a proven child's value is exact
    uint32_t c = tree_.child(id, edge - tree_.edges_begin(id, role));
    if (c != kNoNode && tree_.node(c).solved) {
      double exact = tree_.value(c)[role];
      // A proven loss, or a proven value below another proven move's, is never chosen; the
      // best proven move competes with its exact value, without exploration (nothing to learn).
      return exact <= 0 || exact < floor ? -1e9 : exact;
    }
  }
  double explore = config_.exploration * std::sqrt(log_visits / n);
  double amaf = s.amaf_visits > 0 ? s.amaf_sum / s.amaf_visits : mean;
  double score = mean + explore;
  if (config_.amaf == AmafMode::Rave) {
    double beta = std::sqrt(config_.rave_k / (3 * n + config_.rave_k));
    score = (1 - beta) * mean + beta * amaf + explore;
  } else if (config_.amaf == AmafMode::Alpha) {
    score = config_.amaf_alpha * amaf + (1 - config_.amaf_alpha) * (mean + explore);
  }
  if (config_.sp_d > 0)
    score += std::sqrt(std::max(0.0, s.sum_sq - n * mean * mean + config_.sp_d) / n);
  return score;
}

// Progressive pruning (Bouzy 2004; Hsu's slides): a move is statistically inferior to another when
// its mean + rd * sigma is below the other's mean - rd * sigma, both sigmas (standard errors)
// below sigma_e, both moves with enough visits.
bool MctsSearcher::prunable(uint32_t edge, double& sigma) const {
  const EdgeStats& s = tree_.stats(edge);
  if (s.visits < config_.prune_min_visits || s.visits < 2) return false;
  double n = s.visits, mean = s.sum / n;
  sigma = std::sqrt(std::max(0.0, s.sum_sq / n - mean * mean) / n);
  return sigma < config_.prune_sigma_e;
}

double MctsSearcher::upper_bound(uint32_t edge) const {
  double sigma;
  if (!prunable(edge, sigma)) return INFINITY;
  const EdgeStats& s = tree_.stats(edge);
  return s.sum / s.visits + config_.prune_rd * sigma;
}

double MctsSearcher::pruning_bound(uint32_t begin, uint32_t end) const {
  double bound = -INFINITY;
  for (uint32_t e = begin; e < end; ++e) {
    double sigma;
    if (!prunable(e, sigma)) return -INFINITY;  // every move needs its minimum of visits first
    const EdgeStats& s = tree_.stats(e);
    bound = std::max(bound, s.sum / s.visits - config_.prune_rd * sigma);
  }
  return bound;
}

uint64_t MctsSearcher::select(uint32_t id) {
  double log_visits = std::log(std::max<uint32_t>(tree_.node(id).visits, 1));
  int mover = node_mover(id);
  double floor =
      config_.solver && mover >= 0 ? proven_floor(id, static_cast<RoleIndex>(mover)) : -1;
  uint64_t joint_index = 0;
  for (RoleIndex r = 0; r < num_roles_; ++r) {
    uint32_t begin = tree_.edges_begin(id, r), end = tree_.edges_end(id, r);
    uint32_t pick = begin;
    if (end - begin > 1) {
      double best = -INFINITY;
      double prune_below = config_.prune_rd > 0 ? pruning_bound(begin, end) : -INFINITY;
      for (uint32_t e = begin; e < end; ++e) {
        if (prune_below > -INFINITY && upper_bound(e) < prune_below) continue;
        double score = edge_score(id, r, e, log_visits, mover == static_cast<int>(r) ? floor : -1);
        if (score > best) best = score, pick = e;
      }
    }
    path_edges_.push_back(pick);
    joint_[r] = tree_.edge_move(pick);
    trace_.add(tree_.moves(id, r), joint_[r]);
    joint_index = joint_index * (end - begin) + (pick - begin);
  }
  return joint_index;
}

void MctsSearcher::iterate() {
  trace_.reset(num_roles_);
  path_.clear();
  path_edges_.clear();
  uint32_t id = 0;
  const State* leaf = nullptr;  // where the playout starts; null: the path ends at a solved node
  while (true) {
    path_.push_back(id);
    Node& n = tree_.node(id);
    if (n.solved) break;
    if (id != 0 && n.visits < config_.expand_threshold) {
      leaf = &n.state;
      break;
    }
    uint64_t joint_index = select(id);
    uint32_t child = tree_.child(id, joint_index);
    if (child != kNoNode) {
      id = child;
      continue;
    }
    machine_.next_state(n.state, joint_, next_);
    if (tree_.size() >= config_.max_nodes ||
        static_cast<double>(tree_.bytes()) >= config_.max_tree_mb * 1024 * 1024) {
      leaf = &next_;
      break;
    }
    child = create_node(next_);
    tree_.set_child(id, joint_index, child);
    path_.push_back(child);
    if (!tree_.node(child).solved) leaf = &tree_.node(child).state;
    break;
  }
  bool reached_terminal;
  if (leaf != nullptr) {
    RolloutResult rollout = rollout_.run(*leaf, rollout_policy_, rng_, trace_, results_);
    if (rollout.abandoned) return;  // out of time: nothing to back up
    reached_terminal = rollout.completed;
    ++rollouts_;
  } else {
    std::span<const double> exact = tree_.value(path_.back());
    std::copy(exact.begin(), exact.end(), results_.begin());
    reached_terminal = tree_.node(path_.back()).terminal;
  }
  backup(reached_terminal);
}

void MctsSearcher::backup(bool reached_terminal) {
  ++playouts_;
  for (uint32_t id : path_) ++tree_.node(id).visits;
  for (size_t i = 0; i < path_edges_.size(); ++i) {
    EdgeStats& s = tree_.stats(path_edges_[i]);
    double result = results_[i % num_roles_];
    ++s.visits;
    s.sum += result;
    s.sum_sq += result * result;
  }
  if (config_.amaf != AmafMode::Off) update_amaf();
  if (config_.playout == PlayoutMode::Mast) mast_.update(trace_, results_);
  if (config_.playout == PlayoutMode::Ppa) {
    // The winners: the roles with the top result, when it beats someone (alone: the top goal).
    double top = *std::max_element(results_.begin(), results_.end());
    double bottom = *std::min_element(results_.begin(), results_.end());
    bool decided = num_roles_ == 1 ? top >= 1.0 : top > bottom;
    for (RoleIndex r = 0; decided && r < num_roles_; ++r)
      if (results_[r] == top) ppa_.adapt(trace_, 0, r, config_.ppa_alpha);
  }
  if (num_roles_ == 1 && config_.remember_best_line && reached_terminal &&
      results_[0] > best_line_result_) {
    best_line_result_ = results_[0];
    best_line_.clear();
    for (size_t step = 0; step < trace_.steps(); ++step)
      best_line_.push_back(trace_.chosen(step, 0));
  }
  if (config_.solver && tree_.node(path_.back()).solved)
    for (size_t i = path_.size() - 1; i-- > 0;)
      if (!try_solve(path_[i])) break;
}

void MctsSearcher::update_amaf() {
  // Walking the simulation backwards, seen_ marks the moves played at this step or later; each
  // tree node's edges whose move was seen get the AMAF update with their role's result.
  if (++stamp_ == 0) std::fill(seen_.begin(), seen_.end(), 0), stamp_ = 1;
  size_t tree_steps = path_edges_.size() / num_roles_;
  for (size_t step = trace_.steps(); step-- > 0;) {
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      MoveId m = trace_.chosen(step, r);
      if (m >= seen_.size()) seen_.resize(m + 1, 0);
      seen_[m] = stamp_;
    }
    if (step >= tree_steps) continue;
    uint32_t id = path_[step];
    for (RoleIndex r = 0; r < num_roles_; ++r)
      for (uint32_t e = tree_.edges_begin(id, r); e < tree_.edges_end(id, r); ++e) {
        MoveId m = tree_.edge_move(e);
        if (m < seen_.size() && seen_[m] == stamp_) {
          EdgeStats& s = tree_.stats(e);
          ++s.amaf_visits;
          s.amaf_sum += results_[r];
        }
      }
  }
}

}  // namespace ggp::agent
