#pragma once
// A gate a test opens: a scripted searcher blocks on it to play a search thread that is slow to
// stop, deaf to its stop flag and its clock, for as long as the test wants.
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace ggp::testing {

class Gate {
 public:
  // Blocks until the gate is open.
  void pass() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    cv_.notify_all();
    cv_.wait(lock, [this] { return open_; });
    --waiting_;
  }
  void release() {
    std::lock_guard lock(mutex_);
    open_ = true;
    cv_.notify_all();
  }
  // Waits (up to a bound generous for a loaded machine) until a caller blocks in pass().
  bool wait_for_blocked() {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, std::chrono::seconds(30), [this] { return waiting_ > 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool open_ = false;
  int waiting_ = 0;
};

}  // namespace ggp::testing
