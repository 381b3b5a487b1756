// The MCTS engine's decisions outside the simulation loop: MCTS-Solver's proof step, the final
// move, and tree reuse between turns.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "agent/mcts.h"
#include "agent/scoped_timer.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

bool MctsSearcher::try_solve(uint32_t id) {
  Node& n = tree_.node(id);
  if (n.solved) return true;
  int mover = node_mover(id);
  if (mover < 0 && n.joint_count > Tree::kDenseChildren) return false;
  // One mover (or none): max^n over the proven children; a proven value that no unproven child
  // can exceed settles it at once (a top result; with score bounds, any value at least every
  // unproven child's upper bound). Several movers: proven only when every joint move is proven
  // with the same values.
  uint32_t best = kNoNode;
  bool all_proven = true;
  double open_upper = -INFINITY;  // the mover's largest upper bound over the unproven children
  for (uint64_t j = 0; j < n.joint_count; ++j) {
    uint32_t c = tree_.child(id, j);
    if (c == kNoNode || !tree_.node(c).solved) {
      all_proven = false;
      if (mover < 0) return false;
      if (open_upper < 1.0)
        open_upper = std::max(
            open_upper, bounds_on() ? role_bounds(c, static_cast<RoleIndex>(mover)).second : 1.0);
      continue;
    }
    std::span<const double> v = tree_.value(c);
    if (mover >= 0) {
      if (best == kNoNode || proven_order(c, best, static_cast<RoleIndex>(mover)) > 0) best = c;
    } else if (best == kNoNode) {
      best = c;
    } else if (!std::equal(v.begin(), v.end(), tree_.value(best).begin())) {
      return false;
    } else if (tree_.node(c).proof_turns > tree_.node(best).proof_turns) {
      best = c;  // the same values every way: the game lasts as long as its longest line
    }
  }
  if (best == kNoNode) return false;
  // Settled before every child is proven, its turns are an upper bound.
  if (!all_proven && !(mover >= 0 && tree_.value(best)[mover] >= open_upper)) return false;
  std::span<const double> v = tree_.value(best);
  std::copy(v.begin(), v.end(), tree_.value(id).begin());
  n.proof_turns = saturated_turns(tree_.node(best).proof_turns + 1);
  n.solved = true;
  return true;
}

int MctsSearcher::proven_order(uint32_t a, uint32_t b, RoleIndex role) const {
  // The higher value; between equal values, a win sooner, anything else later: the longer a lost
  // (or drawn) game goes on, the more chances the other role has to go wrong.
  const double va = tree_.value(a)[role], vb = tree_.value(b)[role];
  if (va != vb) return va > vb ? 1 : -1;
  const int ta = tree_.node(a).proof_turns, tb = tree_.node(b).proof_turns;
  return va >= 1.0 ? tb - ta : ta - tb;
}

std::optional<double> MctsSearcher::proven_value(RoleIndex role) const {
  if (!tree_.node(0).solved) return std::nullopt;
  return tree_.value(0)[role];
}

std::optional<double> MctsSearcher::root_mean(RoleIndex role, MoveId move) const {
  for (uint32_t e = tree_.edges_begin(0, role); e < tree_.edges_end(0, role); ++e)
    if (tree_.edge_move(e) == move && tree_.stats(e).visits > 0)
      return tree_.stats(e).sum / tree_.stats(e).visits;
  return std::nullopt;
}

std::vector<Searcher::RootMove> MctsSearcher::root_moves(RoleIndex role) const {
  std::vector<RootMove> out;
  const uint32_t begin = tree_.edges_begin(0, role);
  const bool mover = node_mover(0) == static_cast<int>(role);
  for (uint32_t e = begin; e < tree_.edges_end(0, role); ++e) {
    RootMove& m = out.emplace_back();
    m.move = tree_.edge_move(e);
    m.visits = tree_.stats(e).visits;
    m.mean = m.visits > 0 ? tree_.stats(e).sum / m.visits : 0;
    const uint32_t c = mover ? tree_.child(0, e - begin) : kNoNode;
    if (c != kNoNode && tree_.node(c).solved) m.proven = tree_.value(c)[role];
  }
  return out;
}

MoveId MctsSearcher::best_move(RoleIndex role) {
  uint32_t begin = tree_.edges_begin(0, role), end = tree_.edges_end(0, role);
  if (begin == end) return 0;  // terminal root: nothing is legal
  if (end - begin == 1) return tree_.edge_move(begin);

  if (config_.solver && node_mover(0) == static_cast<int>(role)) {
    // A proven top result is played at once (the quickest proven win); a proven root plays its
    // best proven child, the slowest loss where every move is lost; between moves proven alike,
    // the most visited.
    uint32_t proven_best = kNoNode, best_child = kNoNode;
    for (uint32_t e = begin; e < end; ++e) {
      uint32_t c = tree_.child(0, e - begin);
      if (c == kNoNode || !tree_.node(c).solved) continue;
      const int order = best_child == kNoNode ? 1 : proven_order(c, best_child, role);
      if (order > 0 || (order == 0 && tree_.stats(e).visits > tree_.stats(proven_best).visits))
        proven_best = e, best_child = c;
    }
    if (proven_best != kNoNode &&
        (tree_.value(best_child)[role] >= 1.0 || tree_.node(0).solved))
      return tree_.edge_move(proven_best);
  }
  if (num_roles_ == 1 && config_.remember_best_line && !best_line_.empty()) {
    std::span<const MoveId> legal = tree_.moves(0, role);
    if (std::find(legal.begin(), legal.end(), best_line_[0]) != legal.end()) return best_line_[0];
  }
  if (config_.temperature > 0) {
    double total = 0;
    for (uint32_t e = begin; e < end; ++e)
      total += std::pow(tree_.stats(e).visits, 1.0 / config_.temperature);
    double pick = workers_[0]->rng.uniform() * total;
    for (uint32_t e = begin; e < end; ++e)
      if ((pick -= std::pow(tree_.stats(e).visits, 1.0 / config_.temperature)) < 0)
        return tree_.edge_move(e);
  }
  // Robust child: most visits, then the higher mean; moves of equal visits and sums keep their
  // order (with capture_order, the most urgent capture first: where a slow machine gives each
  // tried move a playout or two, scored alike, the capture is the better guess). With the
  // solver, a move proven lost is not played while another is not (it may have been visited
  // most before its proof came).
  // With score bounds, likewise a move that cannot reach the value of a move proven.
  const bool solver_choice = config_.solver && node_mover(0) == static_cast<int>(role);
  const double floor = solver_choice && bounds_on() ? proven_floor(0, role) : -1;
  auto proven_lost = [&](uint32_t e) {
    const uint32_t c = solver_choice ? tree_.child(0, e - begin) : kNoNode;
    if (c == kNoNode) return false;
    if (tree_.node(c).solved) return tree_.value(c)[role] <= 0;
    return floor >= 0 && role_bounds(c, role).second < floor;
  };
  uint32_t best = begin;
  bool best_lost = proven_lost(best);
  for (uint32_t e = begin + 1; e < end; ++e) {
    const bool lost = proven_lost(e);
    const EdgeStats& a = tree_.stats(e);
    const EdgeStats& b = tree_.stats(best);
    const bool more =
        a.visits > b.visits || (a.visits == b.visits && a.visits > 0 && a.sum > b.sum) ||
        (a.visits == b.visits && a.sum == b.sum && config_.capture_order != CaptureOrder::Off &&
         capture_urgency(0, e) > capture_urgency(0, best));
    if (lost < best_lost || (lost == best_lost && more)) best = e, best_lost = lost;
  }
  return tree_.edge_move(best);
}

std::vector<std::pair<MoveId, double>> MctsSearcher::root_votes(RoleIndex role) {
  // A decision the search is sure of (a proven win, a proven root, a single-player best line)
  // outweighs any count of visits.
  MoveId best = best_move(role);
  if (num_roles_ == 1 && config_.remember_best_line && !best_line_.empty() && best == best_line_[0])
    return {{best, best_line_result_ >= 1.0 ? INFINITY : best_line_result_}};
  bool sure = tree_.node(0).solved;
  uint32_t begin = tree_.edges_begin(0, role);
  std::vector<std::pair<MoveId, double>> votes;
  for (uint32_t e = begin; e < tree_.edges_end(0, role); ++e) {
    uint32_t c = node_mover(0) == static_cast<int>(role) ? tree_.child(0, e - begin) : kNoNode;
    bool proven_win = c != kNoNode && tree_.node(c).solved && tree_.value(c)[role] >= 1.0;
    double weight = tree_.stats(e).visits;
    if (proven_win || (sure && tree_.edge_move(e) == best)) weight = INFINITY;
    votes.emplace_back(tree_.edge_move(e), weight);
  }
  return votes;
}

namespace {
constexpr long kRerootNoteMs = 50;  // a re-rooting at least this slow is named in the note
}  // namespace

void MctsSearcher::advance(std::span<const MoveId> joint, const State& next) {
  uint32_t child = kNoNode;
  if (config_.reuse_tree && joint.size() == num_roles_ && tree_.node(0).joint_count > 0) {
    uint64_t joint_index = 0;
    bool found = true;
    for (RoleIndex r = 0; r < num_roles_ && found; ++r) {
      std::span<const MoveId> moves = tree_.moves(0, r);
      auto it = std::find(moves.begin(), moves.end(), joint[r]);
      found = it != moves.end();
      joint_index = joint_index * moves.size() + static_cast<uint64_t>(it - moves.begin());
    }
    if (found) child = tree_.child(0, joint_index);
    if (child != kNoNode && !(tree_.node(child).state == next)) child = kNoNode;
  }
  bool keep_line =
      num_roles_ == 1 && !best_line_.empty() && joint.size() == 1 && best_line_[0] == joint[0];
  std::vector<MoveId> line = std::move(best_line_);
  double line_result = best_line_result_;
  if (child == kNoNode) {
    set_root(next);
  } else {
    const size_t before = tree_.size();
    std::chrono::steady_clock::duration took{};
    {
      ScopedTimer timer(took);
      tree_.reroot(child);
    }
    // Named where it costs the search noticeable time (a large tree, re-rooted on the clock).
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
    if (ms >= kRerootNoteMs)
      add_note("tree kept: " + std::to_string(tree_.size()) + " of " + std::to_string(before) +
               " nodes in " + std::to_string(ms) + " ms");
    Node& root = tree_.node(0);
    if (root.proven_alone) root.solved = root.proven_alone = false;  // its moves still to value
    for (auto& w : workers_) w->ppa.clear();  // PPA learns afresh for every position (Cazenave 2015)
    playouts_ = rollouts_ = 0;
  }
  best_line_.clear();
  best_line_result_ = -1;
  if (keep_line) {
    best_line_.assign(line.begin() + 1, line.end());
    best_line_result_ = line_result;
  }
}

}  // namespace ggp::agent
