#include "agent/move_tables.h"

#include <algorithm>

namespace ggp::agent {

void MoveAverages::update(const Trace& trace, std::span<const double> results) {
  for (size_t step = 0; step < trace.steps(); ++step)
    for (reasoner::RoleIndex r = 0; r < trace.num_roles(); ++r)
      if (trace.legal(step, r).size() > 1) add(trace.chosen(step, r), results[r]);
}

void MoveAverages::update_moves(std::span<const reasoner::MoveId> joint_moves,
                                std::span<const double> results) {
  for (size_t i = 0; i < joint_moves.size(); ++i)
    add(joint_moves[i], results[i % results.size()]);
}

void MoveAverages::means(std::vector<float>& out) const {
  out.resize(counts_.size());
  for (size_t m = 0; m < counts_.size(); ++m)
    out[m] = static_cast<float>(mean(static_cast<reasoner::MoveId>(m)));
}

void PolicyWeights::adapt(const Trace& trace, size_t first_step, reasoner::RoleIndex role,
                          double alpha) {
  deltas_.clear();
  for (size_t step = first_step; step < trace.steps(); ++step) {
    std::span<const reasoner::MoveId> legal = trace.legal(step, role);
    if (legal.size() < 2) continue;  // +alpha and -alpha * 1 cancel: nothing to learn
    double z = 0;
    for (reasoner::MoveId m : legal) z += std::exp(weight(m));
    deltas_.emplace_back(trace.chosen(step, role), alpha);
    for (reasoner::MoveId m : legal) deltas_.emplace_back(m, -alpha * std::exp(weight(m)) / z);
  }
  for (const auto& [move, delta] : deltas_) set(move, weight(move) + delta);
}

void PolicyWeights::adapt_winners(const Trace& trace, std::span<const double> results,
                                  double alpha) {
  const double top = *std::max_element(results.begin(), results.end());
  const double bottom = *std::min_element(results.begin(), results.end());
  const bool decided = results.size() == 1 ? top >= 1.0 : top > bottom;
  for (reasoner::RoleIndex r = 0; decided && r < results.size(); ++r)
    if (results[r] == top) adapt(trace, 0, r, alpha);
}

}  // namespace ggp::agent
