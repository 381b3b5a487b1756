// Leaf batching of the MCTS engine: one thread selects up to leaf_batch leaves in turn, each
// descent's visits acting as a virtual loss for the next ones (as tree parallelism does,
// mcts_parallel.cpp), then the machine plays one random playout from every leaf at once
// (StateMachine::random_playouts_from: the propnet's 64 bit-parallel lanes, propnet/bit_parallel.h)
// and the results are backed up. With leaf_playouts > 1 each leaf gets that many lanes, every
// playout backed up as one more simulation through the same path. The playouts are uniformly
// random, or greedy (MctsConfig::greedy_playouts: decisive and anti-decisive moves in the lanes).
// With batch_amaf their moves come back and are appended to each leaf's trace, so AMAF learns
// from them as from a sequential playout; otherwise only the tree's own moves count for AMAF.
// With ε-greedy MAST (PlayoutMode::MastGreedy) the lanes play by one MAST table, the first
// worker's, which every leaf's tree moves and every lane's moves teach (MoveBias, Tak, Winands &
// Björnsson 2012). With last_good_replies (two roles) the lanes answer a move with the last good
// reply to it (agent/last_good_replies.h), the first step answering the leaf's last tree move;
// every lane's playout teaches the table. With ε-greedy PPA (PlayoutMode::PpaGreedy) they play by
// the first worker's PPA weights, which a few replayed lanes teach (agent/mcts_ppa.cpp). Gibbs MAST
// and PPA are not played in the lanes (uniform there; they learn from the tree's moves only). As a
// sequential rollout, a playout is scored by the goals where it stops: with the goal cutoff on
// (agent/goal_cutoff.h), after the cutoff's depth.
#include <algorithm>

#include "agent/mcts.h"

namespace ggp::agent {

void MctsSearcher::search_batched(const SearchLimits& limits) {
  const size_t lanes = machine_.parallel_playouts();
  const size_t leaves = std::min(config_.leaf_batch, lanes);
  const size_t per_leaf = config_.leaf_playouts == 0
                              ? lanes / leaves
                              : std::clamp<size_t>(config_.leaf_playouts, 1, lanes / leaves);
  const bool lane_mast = config_.playout == PlayoutMode::MastGreedy;
  // Never switched on after construction (decide_mast only turns playouts Random), so the batch
  // workers' ppa_learns_in_backup, set when they are made, holds.
  const bool lane_ppa = config_.playout == PlayoutMode::PpaGreedy;
  while (batch_workers_.size() < leaves) {
    batch_workers_.push_back(std::make_unique<MctsWorker>(
        machine_, workers_[0]->rng.next() ^ batch_workers_.size(), config_));
    batch_workers_.back()->share_mast(workers_[0]->mast);
    batch_workers_.back()->ppa_learns_in_backup = !lane_ppa;  // the replays teach instead
  }
  MoveAverages& mast = workers_[0]->mast;
  std::vector<const reasoner::State*> starts;
  std::vector<size_t> lane_worker;  // the leaf (batch worker) of each lane
  std::vector<uint8_t> expanded(leaves), completed(leaves * per_leaf);
  std::vector<double> results(leaves * per_leaf * num_roles_);
  const bool traced = config_.batch_amaf && config_.amaf != AmafMode::Off;
  const bool lane_replies = config_.last_good_replies && num_roles_ == 2;
  const bool recorded =
      traced || lane_mast || lane_ppa || lane_replies;  // the lanes' moves come back
  batch_moves_.resize(recorded ? leaves * per_leaf : 0);
  // A batch must end by the turn's end where this call is a slice of it (SearchLimits).
  const Clock::time_point batch_deadline = playout_limits(limits).deadline;
  for (uint64_t done = 0; !tree_.node(0).solved && !limit_reached(limits, done);) {
    recycle_if_full();  // between batches: no descent holds a node
    const Clock::time_point descents_begin = Clock::now();
    starts.clear();
    lane_worker.clear();
    lane_previous_.clear();
    uint64_t room = limits.max_playouts - done;
    for (size_t i = 0; i < leaves && room > 0 && !tree_.node(0).solved; ++i) {
      // Where one descent's expansion is slow (thousands of legal moves, each tried for a win at
      // once under decisive_tree), a whole batch of them can outlast a turn: past the deadline
      // the batch goes out with the leaves it has.
      if (i > 0 && interrupted(limits)) break;
      MctsWorker& w = *batch_workers_[i];
      bool at_terminal = false;
      const Descent end = descend(w, at_terminal, /*defer_expansion=*/true);
      // Without traced playouts the trace is complete: AMAF's edges are collected while the
      // path's edges are still in cache, before the playouts.
      if (config_.amaf != AmafMode::Off && !traced) collect_amaf_edges(w);
      const reasoner::State* start = start_of_simulation(w, end, at_terminal);
      if (start == nullptr) {  // exact values: back up at once
        if (end == Descent::Expand) finish_expansion(w);
        backup(w, at_terminal);
        ++done;
        --room;
        continue;
      }
      expanded[i] = end == Descent::Expand;
      for (size_t j = 0; j < per_leaf && room > 0; ++j, --room) {
        starts.push_back(start);
        lane_worker.push_back(i);
        if (lane_replies) push_last_tree_move(w);
      }
    }
    if (starts.empty()) continue;
    // A batch cannot be abandoned half-way: one that would end past the deadline (the turn's
    // where this call is a slice of it: SearchLimits::playout_deadline), judging by the last one,
    // is not begun (its descents' visits are taken back, once per leaf), unless its descents took
    // longer than its playouts will (slow expansions): giving those up would leave a slow game's
    // search, sliced into short deadlines, expanding nodes and never playing out.
    const Clock::time_point begin = Clock::now();
    const bool descents_dominate = begin - descents_begin >= last_batch_;
    const bool stopped = limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed);
    if (batch_deadline != Clock::time_point::max() && begin + last_batch_ > batch_deadline &&
        (stopped || !descents_dominate)) {
      for (size_t k = 0; k < lane_worker.size(); ++k)
        if (k == 0 || lane_worker[k] != lane_worker[k - 1])
          undo_visits(*batch_workers_[lane_worker[k]]);
      break;
    }
    reasoner::MoveBias bias;
    if (lane_mast) {
      mast.means(lane_values_);
      bias = reasoner::MoveBias::on_values(lane_values_, static_cast<float>(mast.unseen()),
                                           config_.mast_epsilon);
    } else if (lane_ppa) {
      workers_[0]->ppa.values(lane_values_);
      bias = reasoner::MoveBias::on_values(lane_values_, 0.0f, config_.mast_epsilon);
    }
    // None until found.
    bias.captures = captures_.played_first(config_.capture_share, config_.capture_ranks);
    bias.avoid_private = config_.avoid_private;
    bias.piece_begin = piece_sets_.begin;
    bias.piece_facts = piece_sets_.facts;
    bias.pass_last = config_.pass_last;
    if (lane_replies) bias.replies = replies_.table(), bias.reply_previous = lane_previous_;
    machine_.random_playouts_from(
        starts, workers_[0]->rng, results, std::span(completed).first(starts.size()),
        playout_depth(), std::span(batch_moves_).first(recorded ? starts.size() : 0),
        config_.greedy_playouts ? reasoner::PlayoutPolicy::Greedy : reasoner::PlayoutPolicy::Random,
        bias);
    last_batch_ = Clock::now() - begin;
    for (double& result : std::span(results).first(starts.size() * num_roles_)) result /= 100.0;
    // Before any expansion is finished: a lane's start may be its leaf's draft.
    if (lane_ppa) learn_ppa_from_lanes(starts, lane_worker, results);
    for (size_t k = 0, next = 0; k < starts.size(); k = next) {  // one leaf's lanes at a time
      const size_t leaf = lane_worker[k];
      while (next < starts.size() && lane_worker[next] == leaf) ++next;
      MctsWorker& w = *batch_workers_[leaf];
      if (expanded[leaf]) finish_expansion(w);
      rollouts_ += next - k;
      done += next - k;
      for (size_t lane = k; lane < next; ++lane) {
        const auto lane_results = std::span(results).subspan(lane * num_roles_, num_roles_);
        if (lane_mast) mast.update_moves(batch_moves_[lane], lane_results);
        if (lane_replies)
          replies_.learn(std::span(lane_previous_).subspan(lane * num_roles_, num_roles_),
                         batch_moves_[lane], lane_results);
      }
      // Not a line to remember (single role: best line): reached_terminal is false.
      if (!traced) {
        backup_playouts(w, std::span(results).subspan(k * num_roles_, (next - k) * num_roles_),
                        /*reached_terminal=*/false);
        continue;
      }
      const size_t tree_steps = w.trace.steps();
      for (size_t lane = k; lane < next; ++lane) {
        if (lane > k) repeat_visits(w);  // descend() counted the leaf's first playout only
        std::copy_n(results.begin() + static_cast<ptrdiff_t>(lane * num_roles_), num_roles_,
                    w.results.begin());
        // The playout's steps after the tree's (their legal moves are not kept).
        for (reasoner::MoveId m : batch_moves_[lane]) w.trace.add({}, m);
        w.amaf_ready = false;
        backup(w, /*reached_terminal=*/false);
        w.trace.truncate(tree_steps);
      }
    }
  }
}

void MctsSearcher::push_last_tree_move(const MctsWorker& w) {
  const size_t steps = w.trace.steps();
  for (reasoner::RoleIndex r = 0; r < num_roles_; ++r)
    lane_previous_.push_back(steps > 0 ? w.trace.chosen(steps - 1, r) : LastGoodReplies::kNone);
}

}  // namespace ggp::agent
