// Expansion of the MCTS engine, in two halves so that tree-parallel workers call the machine
// outside the tree's lock: draft_node() asks the worker's machine everything a node needs
// (terminal, legal moves, goals, an immediate win when decisive moves are on), insert_node() adds
// the draft to the tree (or, with transpositions, finds the node already holding the state).
// recycle_if_full() makes room for new nodes in a full tree (MctsConfig::recycle).
#include <algorithm>

#include "agent/mcts.h"
#include "agent/scoped_timer.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

void MctsSearcher::draft_node(MctsWorker& w, const State& state, bool after_joint) {
  NodeDraft& d = w.draft;
  d.state = state;
  d.decisive_win = -1;
  d.terminal = w.machine.is_terminal(d.state);
  int mover = -1, movers = 0;
  for (RoleIndex r = 0; r < num_roles_ && !d.terminal; ++r) {
    std::span<const MoveId> legal = w.machine.legal_moves(d.state, r);
    d.legal[r].assign(legal.begin(), legal.end());
    d.terminal |= legal.empty();  // a role without moves ends the game where it stands
    if (legal.size() > 1) mover = static_cast<int>(r), ++movers;
  }
  if (d.terminal) {
    scaled_goals(w.machine, d.state, d.values);
    if (after_joint)
      for (MoveId move : w.joint) {
        if (move >= w.ends_game.size()) w.ends_game.resize(move + 1, 0);
        w.ends_game[move] = 1;
      }
    return;
  }
  if (!config_.decisive_in_tree || movers != 1) return;
  if (active_limits_ == nullptr) {  // the root, planted outside a search call: see plant_tree
    root_decisive_pending_ = true;
    return;
  }
  auto m = static_cast<RoleIndex>(mover);
  for (RoleIndex r = 0; r < num_roles_; ++r) w.joint[r] = d.legal[r][0];
  d.decisive_win = find_decisive(w, m);
  if (d.decisive_win < 0) return;
  w.joint[m] = d.legal[m][static_cast<size_t>(d.decisive_win)];
  w.machine.next_state(d.state, w.joint, d.win_state);
  scaled_goals(w.machine, d.win_state, d.win_values);
}

int MctsSearcher::find_decisive(MctsWorker& w, RoleIndex mover) {
  const std::vector<MoveId>& legal = w.draft.legal[mover];
  // Within the call's limits: one at a time on a slow machine the scan is a transition a move
  // (chess on the prover: a millisecond or more each, thirty moves).
  StepCheck check(*active_limits_);
  const reasoner::ScanInterrupt interrupted = [&](size_t i) { return check.interrupted(i); };
  if (legal.size() <= kFullDecisiveScan)
    return w.rollout.find_decisive(w.draft.state, w.joint, mover, legal, interrupted);
  // Many moves (amazons: thousands, each a transition to compute): only those seen ending a game,
  // in the tree or in the machine's own playouts.
  const std::span<const uint8_t> machine_ends = w.machine.moves_seen_ending();
  auto seen = [&](MoveId m) {
    return (m < w.ends_game.size() && w.ends_game[m]) ||
           (m < machine_ends.size() && machine_ends[m]);
  };
  w.decisive_candidates.clear();
  w.decisive_index.clear();
  for (size_t i = 0; i < legal.size(); ++i)
    if (seen(legal[i])) {
      w.decisive_candidates.push_back(legal[i]);
      w.decisive_index.push_back(static_cast<int>(i));
    }
  if (w.decisive_candidates.empty()) return -1;
  const int found =
      w.rollout.find_decisive(w.draft.state, w.joint, mover, w.decisive_candidates, interrupted);
  return found < 0 ? -1 : w.decisive_index[static_cast<size_t>(found)];
}

uint32_t MctsSearcher::insert_node(const NodeDraft& d) {
  if (config_.transpositions)
    if (uint32_t known = tree_.find(d.state); known != kNoNode) return known;
  uint32_t id = tree_.add_node(d.state);
  if (d.terminal) {
    tree_.finish_node(id);
    Node& n = tree_.node(id);
    n.terminal = n.solved = true;
    n.joint_count = 0;
    std::copy(d.values.begin(), d.values.end(), tree_.value(id).begin());
    note_terminal(d.values);
    return id;
  }
  for (RoleIndex r = 0; r < num_roles_; ++r) tree_.add_role_moves(d.legal[r]);
  tree_.finish_node(id);
  if (d.decisive_win >= 0) {  // proven: the mover takes the win; its terminal child is linked
    uint32_t child = config_.transpositions ? tree_.find(d.win_state) : kNoNode;
    if (child == kNoNode) {
      child = tree_.add_node(d.win_state);
      tree_.finish_node(child);
      Node& c = tree_.node(child);
      c.terminal = c.solved = true;
      c.joint_count = 0;
      std::copy(d.win_values.begin(), d.win_values.end(), tree_.value(child).begin());
      note_terminal(d.win_values);
    }
    // The other roles have one move each: the joint index is the mover's move index.
    tree_.set_child(id, static_cast<uint64_t>(d.decisive_win), child);
    std::copy(d.win_values.begin(), d.win_values.end(), tree_.value(id).begin());
    tree_.node(id).solved = true;
    tree_.node(id).proof_turns = 1;
  }
  return id;
}

uint32_t MctsSearcher::create_node(MctsWorker& w, const State& state, bool after_joint) {
  draft_node(w, state, after_joint);
  return insert_node(w.draft);
}

const State* MctsSearcher::start_of_simulation(MctsWorker& w, Descent end, bool& at_terminal) {
  if (end == Descent::Playout) return &w.leaf;
  if (end != Descent::Expand) return nullptr;
  w.machine.next_state(w.leaf, w.joint, w.next);
  draft_node(w, w.next, true);
  const NodeDraft& d = w.draft;
  if (!d.terminal && d.decisive_win < 0) return &d.state;
  const std::vector<double>& exact = d.terminal ? d.values : d.win_values;
  std::copy(exact.begin(), exact.end(), w.results.begin());
  at_terminal = d.terminal;
  return nullptr;
}

void MctsSearcher::recycle_if_full() {
  if (!config_.recycle || recycle_.stuck || !tree_full()) return;
  const size_t before = tree_.size();
  {
    ScopedTimer timer(recycle_.time);
    std::vector<uint32_t> visits(before);
    for (uint32_t id = 0; id < before; ++id) visits[id] = tree_.node(id).visits;
    auto median = visits.begin() + static_cast<ptrdiff_t>(before / 2);
    std::nth_element(visits.begin(), median, visits.end());
    tree_.trim(*median + 1);
  }
  ++recycle_.trims;
  recycle_.dropped += before - tree_.size();
  // A trim that frees little would be repeated at once: growth stops instead, as without recycle.
  recycle_.stuck = tree_full(0.75);
}

}  // namespace ggp::agent
