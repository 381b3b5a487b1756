// Score bounds for MCTS-Solver (MctsConfig::score_bounds): Cazenave & Saffidine 2010, "Score
// Bounded Monte-Carlo Tree Search". Every node keeps a pessimistic and an optimistic bound on its
// value under minimax play (Node::lo and Node::hi, role 0's value), from its children's: at a
// node whose mover is m, m's bounds are the largest of its children's lower bounds and the largest
// of their upper bounds (a child not in the tree: anything from 0 to 1). The other role's bounds
// are the goal sum less role 0's, so they hold in two-role games of one goal sum only; the sum is
// read from the tree's terminal nodes, and once one differs the bounds are no longer read.
//
// Bounds tighten only when a node below is solved, so MctsSearcher::backup updates them on the
// path above a solved end (as it tries to solve it), and stops where they no longer change. A
// parent off the path (transpositions) keeps its older bounds: looser, still true.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "agent/mcts.h"

namespace ggp::agent {

using reasoner::RoleIndex;

void MctsSearcher::note_terminal(std::span<const double> values) {
  if (!config_.score_bounds || !config_.solver || num_roles_ != 2) return;
  const double sum = values[0] + values[1];
  if (!bounds_sum_) bounds_sum_ = sum;
  else if (std::abs(sum - *bounds_sum_) > 1e-9) bounds_off_ = true;
}

std::pair<double, double> MctsSearcher::as_role(double lo, double hi, RoleIndex role) const {
  if (role == 0) return {lo, hi};
  return {*bounds_sum_ - hi, *bounds_sum_ - lo};
}

std::pair<double, double> MctsSearcher::role_bounds(uint32_t c, RoleIndex role) const {
  if (c == kNoNode) return {0.0, 1.0};
  const Node& n = tree_.node(c);
  const double lo = n.solved ? tree_.value(c)[0] : n.lo, hi = n.solved ? lo : n.hi;
  return as_role(lo, hi, role);
}

bool MctsSearcher::update_bounds(uint32_t id) {
  Node& n = tree_.node(id);
  if (n.solved || n.joint_count == 0) return false;
  double lo0 = 0, hi0 = 1;
  if (n.mover < 0) {
    if (n.joint_count != 1) return false;  // simultaneous moves: no bounds
    std::tie(lo0, hi0) = role_bounds(tree_.child(id, 0), 0);
  } else {
    const auto mover = static_cast<RoleIndex>(n.mover);
    double lo = -INFINITY, hi = -INFINITY;
    for (uint64_t j = 0; j < n.joint_count; ++j) {
      const auto [l, h] = role_bounds(tree_.child(id, j), mover);
      lo = std::max(lo, l);
      hi = std::max(hi, h);
    }
    std::tie(lo0, hi0) = as_role(lo, hi, mover);  // the sum less the other role's is its own
  }
  lo0 = std::max(lo0, n.lo);  // both old and new bounds hold: keep the tighter
  hi0 = std::min(hi0, n.hi);
  if (lo0 == n.lo && hi0 == n.hi) return false;
  n.lo = lo0;
  n.hi = hi0;
  return true;
}

}  // namespace ggp::agent
