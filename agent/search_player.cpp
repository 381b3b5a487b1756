// The player's calls (any thread) and the search thread's loop; what the thread does with one
// match is in search_player_match.cpp.
#include "agent/search_player.h"

#include <utility>

#include "agent/search_player_match.h"

namespace ggp::agent {

SearchPlayer::SearchPlayer(SearchPlayerConfig config, SearcherFactory searcher_factory,
                           uint64_t seed)
    : config_(std::move(config)), searcher_factory_(std::move(searcher_factory)), seed_(seed) {}

SearchPlayer::~SearchPlayer() {
  end();
  if (thread_.joinable()) thread_.join();
}

void SearchPlayer::start(std::shared_ptr<MachineSource> machines, const std::string& role,
                         Clock::time_point stop_at) {
  if (thread_.joinable()) throw std::logic_error("SearchPlayer::start called twice");
  thread_ = std::thread(&SearchPlayer::run, this, std::move(machines), role, stop_at);
  started_ = true;
}

std::string SearchPlayer::wait_ready(Clock::time_point until) {
  std::unique_lock lock(mutex_);
  results_cv_.wait_until(lock, until, [this] { return ready_ || finished_; });
  start_replied_unready_ = !ready_;
  return ready_ ? ready_note_ : "still preparing: no machine yet";
}

void SearchPlayer::begin_turn(const std::vector<std::string>& last_joint_move,
                              Clock::time_point stop_at) {
  std::lock_guard lock(mutex_);
  joints_.push_back(last_joint_move);
  ++turn_;
  stop_at_ = stop_at;
  stop_ = true;  // ends a ponder search at once
  orders_cv_.notify_all();
}

Answer SearchPlayer::answer(Clock::time_point until) {
  std::unique_lock lock(mutex_);
  results_cv_.wait_until(lock, until,
                         [this] { return (answer_turn_ == turn_ && answer_.final) || finished_; });
  Answer given;
  if (turn_ > 0 && answer_turn_ == turn_)
    given = answer_;
  else
    given.stats.note = ready_ ? "no move yet" : "no move yet: no machine";
  if (!given.final) unfinished_turn_ = turn_;
  if (!owed_note_.empty())
    given.stats.note = std::exchange(owed_note_, {}) +
                       (given.stats.note.empty() ? "" : "; " + given.stats.note);
  return given;
}

void SearchPlayer::end() {
  std::lock_guard lock(mutex_);
  ending_ = true;
  stop_ = true;
  orders_cv_.notify_all();
}

bool SearchPlayer::next_orders(Orders& orders, bool busy) {
  std::unique_lock lock(mutex_);
  orders_cv_.wait(lock, [&] { return ending_ || !joints_.empty() || busy; });
  if (ending_) return false;
  orders.joints.assign(joints_.begin(), joints_.end());
  joints_.clear();
  orders.turn = turn_;
  orders.stop_at = stop_at_;
  stop_ = false;  // under the lock: orders given after this raise it again
  return true;
}

void SearchPlayer::publish(size_t turn, Answer answer) {
  std::lock_guard lock(mutex_);
  if (answer.final && turn == unfinished_turn_ && !answer.stats.note.empty()) {
    // The reply went out before this answer: its note (a machine switch, the searcher's choices)
    // goes with the next one.
    owe_note("last turn: " + answer.stats.note);
    unfinished_turn_ = 0;
  }
  answer_ = std::move(answer);
  answer_turn_ = turn;
  results_cv_.notify_all();
}

void SearchPlayer::owe_note(const std::string& note) {
  owed_note_ += (owed_note_.empty() ? "" : "; ") + note;
}

void SearchPlayer::set_ready(std::string note) {
  std::lock_guard lock(mutex_);
  ready_ = true;
  ready_note_ = std::move(note);
  if (start_replied_unready_) owe_note(ready_note_);  // START's reply said "still preparing"
  results_cv_.notify_all();
}

void SearchPlayer::run(std::shared_ptr<MachineSource> machines, std::string role,
                       Clock::time_point stop_at) {
  try {
    MatchThread match(config_, searcher_factory_, seed_, stop_);
    set_ready(match.take_machine(std::move(machines), role, stop_at));
    Orders orders;
    while (next_orders(orders, match.has_work())) {
      match.follow(orders.joints, orders.stop_at);
      if (std::optional<Answer> answer = match.step()) publish(match.turn(), std::move(*answer));
    }
  } catch (const std::exception& e) {  // not expected: the match thread catches what it runs
    set_ready(std::string("player failed: ") + e.what());
  }
  std::lock_guard lock(mutex_);
  finished_ = true;
  results_cv_.notify_all();
}

}  // namespace ggp::agent
