// Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014, "Monte Carlo Tree Search
// with Heuristic Evaluations using Implicit Minimax Backups"): beside its mean results, each node
// keeps v(s), a minimax value over the learned evaluation (agent/heuristic.h). A new node's v is
// its evaluation (its exact values where solved); after each simulation the nodes of the path,
// from the leaf up, take the value of their mover's best child among those the tree holds. The
// mover's selection mixes each move's mean with its child's v (MctsSearcher::edge_score).
// Nodes where several roles choose at once (simultaneous moves) keep their own evaluation: the
// paper defines the backup for turn-taking games only.
#include <algorithm>

#include "agent/mcts.h"

namespace ggp::agent {

using reasoner::RoleIndex;

std::span<const double> MctsSearcher::implicit_value(uint32_t id) const {
  return tree_.node(id).solved ? tree_.value(id) : tree_.estimate(id);
}

void MctsSearcher::seed_estimate(uint32_t id) {
  const Node& n = tree_.node(id);
  if (!n.solved) heuristic_->evaluate(n.state, n.mover, tree_.estimate(id));
}

void MctsSearcher::back_up_estimates(const MctsWorker& w) {
  for (size_t i = w.path.size(); i-- > 0;) {
    const uint32_t id = w.path[i];
    const Node& n = tree_.node(id);
    if (n.solved) continue;
    std::span<double> v = tree_.estimate(id);
    if (n.mover >= 0) {  // the mover's best child; the other roles have one move each
      const auto mover = static_cast<RoleIndex>(n.mover);
      const uint32_t count = tree_.edges_end(id, mover) - tree_.edges_begin(id, mover);
      uint32_t best = kNoNode;
      double top = -1;
      for (uint32_t j = 0; j < count; ++j)
        if (const uint32_t c = tree_.child(id, j); c != kNoNode)
          if (const double value = implicit_value(c)[mover]; value > top) top = value, best = c;
      if (best != kNoNode) std::ranges::copy(implicit_value(best), v.begin());
    } else if (n.joint_count == 1) {  // nobody chooses: the only child's
      if (const uint32_t c = tree_.child(id, 0); c != kNoNode)
        std::ranges::copy(implicit_value(c), v.begin());
    }
  }
}

}  // namespace ggp::agent
