#include "agent/search_player.h"

#include <algorithm>

#include "agent/match_state.h"

namespace ggp::agent {

using reasoner::MoveId;

SearchPlayer::SearchPlayer(SearchPlayerConfig config, SearcherFactory searcher_factory,
                           uint64_t seed)
    : config_(std::move(config)),
      searcher_factory_(std::move(searcher_factory)),
      seed_(seed),
      rng_(seed) {}

SearchPlayer::~SearchPlayer() {
  release();
}

void SearchPlayer::start(std::shared_ptr<MachineSource> machines, const std::string& role,
                         Clock::time_point deadline) {
  release();
  stats_ = {};
  root_stale_ = false;
  machine_ = machines->first(deadline).machine;
  role_ = find_role(*machine_, role);
  state_ = machine_->initial_state();
  stats_.machine = machine_->name();
  search_machine_ = machine_->clone();
  searcher_ = searcher_factory_(*search_machine_, seed_);
  searcher_->set_root(state_);
  if (config_.think_at_start) {
    think(deadline, config_.playouts_per_move);
    add_searcher_note();
  }
}

void SearchPlayer::add_searcher_note() {
  if (!searcher_ || worker_.joinable()) return;  // a search still running owns the searcher
  std::string note = searcher_->note();
  if (!note.empty()) stats_.note += (stats_.note.empty() ? "" : "; ") + note;
}

bool SearchPlayer::think(Clock::time_point deadline, uint64_t playouts) {
  finish_worker();
  SearchLimits limits;
  limits.deadline = deadline - config_.reply_margin;
  if (playouts > 0) limits.max_playouts = playouts;
  limits.stop = &stop_;
  stop_ = false;
  auto done = std::make_shared<std::promise<void>>();
  worker_done_ = done->get_future();
  Searcher* searcher = searcher_.get();
  worker_ = std::thread([searcher, limits, done] {
    try {
      searcher->search(limits);
      done->set_value();
    } catch (...) {
      done->set_exception(std::current_exception());
    }
  });
  // At the search deadline raise the stop flag, which playouts check at every step; a step that
  // still runs long may overrun, so wait only until half the margin is left, then answer without
  // it.
  if (worker_done_.wait_until(limits.deadline) != std::future_status::ready) stop_ = true;
  if (worker_done_.wait_until(deadline - config_.reply_margin / 2) != std::future_status::ready) {
    stop_ = true;
    stats_.note = "search overran the deadline";
    return false;
  }
  finish_worker();
  try {
    worker_done_.get();
  } catch (const std::exception& e) {
    stats_.note = std::string("search failed: ") + e.what();
    return false;
  }
  return true;
}

bool SearchPlayer::worker_idle(Clock::time_point until) {
  if (!worker_.joinable()) return true;
  stop_ = true;
  if (worker_done_.wait_until(until) != std::future_status::ready) return false;
  worker_.join();
  return true;
}

std::string SearchPlayer::play(const std::vector<std::string>& last_joint_move,
                               Clock::time_point deadline) {
  stats_.note.clear();
  reasoner::JointMove joint = parse_joint_move(*machine_, last_joint_move);
  if (!joint.empty()) {
    reasoner::State next;
    machine_->next_state(state_, joint, next);
    state_ = std::move(next);
  }
  std::span<const MoveId> legal_span = machine_->legal_moves(state_, role_);
  std::vector<MoveId> legal(legal_span.begin(), legal_span.end());
  if (legal.empty()) throw std::runtime_error("no legal move in this state");

  MoveId answer = legal[rng_.below(static_cast<uint32_t>(legal.size()))];
  if (!worker_idle(deadline - config_.reply_margin / 2)) {
    stats_.note = "previous search still running; fallback: random legal move";
    root_stale_ = true;  // the searcher missed this move: restart it from the state later
    return machine_->move_text(answer);
  }
  bool searched = false;
  try {
    if (root_stale_) {
      searcher_->set_root(state_);
      root_stale_ = false;
    } else if (!joint.empty()) {
      searcher_->advance(joint, state_);
    }
    // Under a playout budget a forced move costs no search: the budget is per decision, as in
    // the papers' fixed-playout experiments. Under a clock the turn is spent searching ahead.
    if (legal.size() == 1 && config_.playouts_per_move > 0) {
      stats_.playouts = 0;
      return machine_->move_text(legal.front());
    }
    searched = think(deadline, config_.playouts_per_move);
    if (searched) {
      MoveId best = searcher_->best_move(role_);
      if (std::find(legal.begin(), legal.end(), best) != legal.end())
        answer = best;
      else
        stats_.note = "searcher proposed an illegal move";
    }
  } catch (const std::exception& e) {
    stats_.note = std::string("search failed: ") + e.what();
    searched = false;
    root_stale_ = true;
  }
  if (!searched || !stats_.note.empty()) stats_.note += "; fallback: random legal move";
  if (searched) {
    SearchStats s = searcher_->stats();
    stats_.playouts = s.playouts;
    stats_.nodes = s.nodes;
    add_searcher_note();
  }
  return machine_->move_text(answer);
}

void SearchPlayer::finish_worker() {
  if (!worker_.joinable()) return;
  stop_ = true;
  worker_.join();
}

void SearchPlayer::release() {
  finish_worker();
  searcher_.reset();
  search_machine_.reset();
  machine_.reset();
}

void SearchPlayer::stop(const std::vector<std::string>&) {
  release();
}
void SearchPlayer::abort() {
  release();
}

}  // namespace ggp::agent
