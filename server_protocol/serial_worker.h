#pragma once
// Runs the calls on one object (the fallback) on a thread of its own, strictly in the order
// submitted, so that the protocol layer can stop waiting at a deadline (and answer from elsewhere)
// while a late call still completes and the object stays in step with the match.
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace ggp::server_protocol {

// What one call returned: a move (empty if none) and a remark.
struct CallResult {
  std::string move;
  std::string note;
  std::string error;  // what the call threw; results carry no exceptions between threads
};

template <class T>
class SerialWorker {
 public:
  explicit SerialWorker(std::unique_ptr<T> object)
      : object_(std::move(object)), thread_([this] { run(); }) {}
  // Drops the calls not yet begun (their futures report a broken promise), lets the running one
  // finish, and joins the thread.
  ~SerialWorker() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
      queue_.clear();
    }
    wake_.notify_all();
    thread_.join();
  }
  SerialWorker(const SerialWorker&) = delete;
  SerialWorker& operator=(const SerialWorker&) = delete;

  // Queues a call; what it throws comes back as CallResult::error.
  std::future<CallResult> submit(std::function<CallResult(T&)> call) {
    std::packaged_task<CallResult()> task([this, call = std::move(call)] {
      try {
        return call(*object_);
      } catch (const std::exception& e) {
        return CallResult{{}, {}, e.what()};
      } catch (...) {
        return CallResult{{}, {}, "unknown exception"};
      }
    });
    std::future<CallResult> result = task.get_future();
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(std::move(task));
    }
    wake_.notify_all();
    return result;
  }

  // True when no call is queued or running.
  bool idle() const {
    std::lock_guard lock(mutex_);
    return queue_.empty() && !running_call_;
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing
      std::packaged_task<CallResult()> task = std::move(queue_.front());
      queue_.pop_front();
      running_call_ = true;
      lock.unlock();
      task();
      lock.lock();
      running_call_ = false;
    }
  }

  std::unique_ptr<T> object_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::packaged_task<CallResult()>> queue_;
  bool running_call_ = false;
  bool closing_ = false;
  std::thread thread_;  // last: starts once the fields above exist
};

}  // namespace ggp::server_protocol
