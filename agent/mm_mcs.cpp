#include "agent/mm_mcs.h"

#include <algorithm>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

MmMcsSearcher::MmMcsSearcher(const MmMcsConfig& config, reasoner::StateMachine& machine,
                             uint64_t seed)
    : config_(config),
      machine_(machine),
      rng_(seed),
      num_roles_(machine.num_roles()),
      rollout_(machine) {
  results_.resize(num_roles_);
  joint_.resize(num_roles_);
  set_root(machine_.initial_state());
}

void MmMcsSearcher::set_root(const State& state) {
  root_state_ = state;
  tree_.reset(num_roles_);
  leaves_.clear();
  expanded_.clear();
  explored_ = false;
  playouts_ = 0;
  add_node(state);
}

SearchStats MmMcsSearcher::stats() const {
  return {playouts_, playouts_, tree_.size(), explored_ && leaves_.empty()};
}

uint32_t MmMcsSearcher::add_node(const State& state) {
  uint32_t id = tree_.add_node(state);
  Node& n = tree_.node(id);
  n.terminal = machine_.is_terminal(n.state);
  bool broken = false;
  if (!n.terminal)
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      std::span<const MoveId> legal = machine_.legal_moves(n.state, r);
      broken |= legal.empty();
      tree_.add_role_moves(legal);
    }
  tree_.finish_node(id);
  if (n.terminal || broken) {
    n.terminal = true;
    n.joint_count = 0;
    scaled_goals(machine_, n.state, tree_.value(id));  // exact: never probed
  }
  expanded_.push_back(false);
  return id;
}

void MmMcsSearcher::explore() {
  // Breadth first, so that the node cap cuts the deepest level first.
  std::vector<std::pair<uint32_t, int>> queue = {{0, 0}};
  for (size_t i = 0; i < queue.size(); ++i) {
    auto [id, depth] = queue[i];
    uint64_t joints = tree_.node(id).joint_count;
    if (tree_.node(id).terminal) continue;
    if (depth >= config_.depth || joints > Tree::kDenseChildren ||
        tree_.size() + joints > config_.max_nodes) {
      leaves_.push_back(id);
      continue;
    }
    for (uint64_t j = 0; j < joints; ++j) {
      uint64_t rest = j;
      for (RoleIndex r = static_cast<RoleIndex>(num_roles_); r-- > 0;) {
        std::span<const MoveId> moves = tree_.moves(id, r);
        joint_[r] = moves[rest % moves.size()];
        rest /= moves.size();
      }
      machine_.next_state(tree_.node(id).state, joint_, next_);
      uint32_t child = add_node(next_);
      tree_.set_child(id, j, child);
      queue.emplace_back(child, depth + 1);
    }
    expanded_[id] = true;
  }
  explored_ = true;
}

void MmMcsSearcher::search(const SearchLimits& limits) {
  if (!explored_) explore();
  RolloutPolicy policy;
  policy.max_depth = config_.max_playout_depth;
  for (uint64_t done = 0; !leaves_.empty() && !limit_reached(limits, done); ++done) {
    uint32_t leaf = leaves_[rng_.below(static_cast<uint32_t>(leaves_.size()))];
    trace_.reset(num_roles_);
    rollout_.run(tree_.node(leaf).state, policy, rng_, trace_, results_);
    std::span<double> sums = tree_.value(leaf);
    for (size_t r = 0; r < num_roles_; ++r) sums[r] += results_[r];
    ++tree_.node(leaf).visits;
    ++playouts_;
  }
}

std::span<const double> MmMcsSearcher::value_of(uint32_t id) const {
  return std::span<const double>(values_).subspan(id * num_roles_, num_roles_);
}

double MmMcsSearcher::move_score(uint32_t id, RoleIndex role, uint32_t move) const {
  // The worst value for `role` over the joint moves where it plays `move` (with one mover, the
  // other roles have a single move, so this is the child's value).
  const Node& n = tree_.node(id);
  double worst = 2.0;
  for (uint64_t j = 0; j < n.joint_count; ++j) {
    uint64_t rest = j;
    uint32_t index = 0;
    for (RoleIndex r = static_cast<RoleIndex>(num_roles_); r-- > 0;) {
      size_t count = tree_.moves(id, r).size();
      if (r == role) index = static_cast<uint32_t>(rest % count);
      rest /= count;
    }
    if (index == move) worst = std::min(worst, value_of(tree_.child(id, j))[role]);
  }
  return worst;
}

void MmMcsSearcher::evaluate() {
  values_.assign(tree_.size() * num_roles_, 0.5);  // an unprobed leaf: no information
  // Children have larger ids than their parents (breadth-first exploration).
  for (uint32_t id = static_cast<uint32_t>(tree_.size()); id-- > 0;) {
    const Node& n = tree_.node(id);
    std::span<double> out(values_.data() + id * num_roles_, num_roles_);
    std::span<const double> stored = tree_.value(id);
    if (n.terminal) {
      std::copy(stored.begin(), stored.end(), out.begin());
    } else if (!expanded_[id]) {
      if (n.visits > 0)
        for (size_t r = 0; r < num_roles_; ++r) out[r] = stored[r] / n.visits;
    } else {
      int movers = 0;
      RoleIndex mover = 0;
      for (RoleIndex r = 0; r < num_roles_; ++r)
        if (tree_.moves(id, r).size() > 1) ++movers, mover = r;
      if (movers <= 1) {  // max^n: the mover's best child, all roles' values from it
        uint32_t best = tree_.child(id, 0);
        for (uint64_t j = 1; j < n.joint_count; ++j)
          if (value_of(tree_.child(id, j))[mover] > value_of(best)[mover])
            best = tree_.child(id, j);
        std::copy(value_of(best).begin(), value_of(best).end(), out.begin());
      } else {
        for (RoleIndex r = 0; r < num_roles_; ++r) {
          double best = -1;
          for (uint32_t m = 0; m < tree_.moves(id, r).size(); ++m)
            best = std::max(best, move_score(id, r, m));
          out[r] = best;
        }
      }
    }
  }
}

double MmMcsSearcher::root_value(RoleIndex role) {
  evaluate();
  return value_of(0)[role];
}

MoveId MmMcsSearcher::best_move(RoleIndex role) {
  std::span<const MoveId> moves = tree_.moves(0, role);
  if (moves.empty()) return 0;
  if (moves.size() == 1 || !expanded_[0]) return moves[0];
  evaluate();
  uint32_t best = 0;
  double best_score = -1;
  for (uint32_t m = 0; m < moves.size(); ++m) {
    double score = move_score(0, role, m);
    if (score > best_score) best_score = score, best = m;
  }
  return moves[best];
}

}  // namespace ggp::agent
