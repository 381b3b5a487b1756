// genmove: the clock's share of a move, tree reuse across moves, cleanup's refusal to pass.
#include <algorithm>
#include <ostream>

#include "gtp/engine.h"

namespace ggp::gtp {

using reasoner::MoveId;
using reasoner::RoleIndex;
using Seconds = std::chrono::duration<double>;

// The time for one move: with a clock, the time left shared out over the moves still to come (a
// move a turn for half the empty points, at least 10), or the byo-yomi period's time per stone;
// without one, the fixed time per move. 5% and 50 ms are kept back for the reply.
Seconds Engine::move_budget(RoleIndex role) {
  const int c = role == black_ ? 0 : 1;
  double seconds = config_.move_seconds;
  const bool unlimited = main_time_ < 0 || (byo_time_ > 0 && byo_stones_ == 0);
  if (!unlimited) {
    const Board b = board();
    const int empty = static_cast<int>(std::count(b.points.begin(), b.points.end(), Point::Empty));
    const double moves_to_come = std::max(10, empty / 2);
    const auto left = time_left_[c].value_or(std::make_pair(main_time_, 0));
    if (left.second > 0) {
      seconds = left.first / left.second;  // byo-yomi: the period's time per stone
    } else {
      seconds = left.first / moves_to_come;
      if (byo_stones_ > 0) seconds += byo_time_ / byo_stones_;  // a period still to come
    }
  }
  return Seconds(std::max(0.0, seconds * 0.95 - 0.05));
}

void Engine::sync_searcher() {
  if (!searcher_) {
    search_machine_ = machine_->clone();
    searcher_ = config_.searcher_factory(*search_machine_, config_.seed + 7919 * searches_);
    searcher_root_ = SIZE_MAX;
  }
  const size_t now = states_.size() - 1;
  if (searcher_root_ == SIZE_MAX || searcher_root_ > now) {
    searcher_->set_root(states_[now]);
  } else {
    for (size_t i = searcher_root_; i < now; ++i) searcher_->advance(joints_[i], states_[i + 1]);
  }
  searcher_root_ = now;
}

std::optional<double> Engine::root_value(RoleIndex role) const {
  double sum = 0, visits = 0;
  std::optional<double> best_proven;
  bool all_proven = true;
  for (const auto& m : searcher_->root_moves(role)) {
    sum += m.mean * static_cast<double>(m.visits);
    visits += static_cast<double>(m.visits);
    if (m.proven) best_proven = std::max(best_proven.value_or(0.0), *m.proven);
    else all_proven = false;
  }
  // A proven top result (a win at once needs no playout), or every move proven: the exact value.
  if (best_proven && (*best_proven >= 1.0 || all_proven)) return best_proven;
  if (visits == 0) return std::nullopt;
  return sum / visits;
}

Engine::Reply Engine::genmove(const std::string& colour, bool cleanup) {
  const RoleIndex role = *colour_role(colour);
  const int c = role == black_ ? 0 : 1;
  const auto to_move = mover();
  // The game is over: nothing to play, a pass where the game has one (GNU Go's answer).
  if (!to_move) return map_.pass_move.empty() ? Reply{false, "game over"} : Reply{true, "pass"};
  if (*to_move != role) return {false, "illegal move"};
  if (!config_.searcher_factory) return {false, "no searcher"};

  const auto started = agent::Clock::now();
  agent::SearchLimits limits;
  limits.deadline = started + std::chrono::duration_cast<agent::Clock::duration>(move_budget(role));
  if (config_.playouts_per_move > 0) limits.max_playouts = config_.playouts_per_move;
  sync_searcher();
  ++searches_;
  searcher_->search(limits);
  MoveId move = searcher_->best_move(role);
  // Cleanup (kgs-genmove_cleanup): no pass while a stone can still be placed that the search
  // gave at least half the pass's weight, so that dead stones are taken off before the count.
  const auto pass = vertex_of_move_[c].find(move);
  if (cleanup && pass != vertex_of_move_[c].end() && pass->second.pass) {
    double pass_weight = 0, best_weight = 0;
    std::optional<MoveId> best;
    for (const auto& [m, w] : searcher_->root_votes(role)) {
      auto v = vertex_of_move_[c].find(m);
      if (v == vertex_of_move_[c].end()) continue;
      if (v->second.pass) pass_weight = w;
      else if (w > best_weight) best_weight = w, best = m;
    }
    if (best && best_weight * 2 >= pass_weight) move = *best;
  }
  const agent::SearchStats stats = searcher_->stats();
  last_search_ = {stats.playouts, stats.nodes, Seconds(agent::Clock::now() - started).count(),
                  root_value(role)};
  const auto vertex = vertex_of_move_[c].find(move);
  if (vertex == vertex_of_move_[c].end()) return {false, "the search chose no move"};
  const Reply played = play(role, move);
  if (!played.ok) return played;
  if (config_.log)
    *config_.log << "gtp: genmove " << colour << " " << map_.vertex_text(vertex->second) << " ("
                 << last_search_.playouts << " playouts, " << last_search_.seconds << " s, "
                 << last_search_.nodes << " nodes)" << std::endl;
  return {true, map_.vertex_text(vertex->second)};
}

}  // namespace ggp::gtp
