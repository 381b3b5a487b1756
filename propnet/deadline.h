#pragma once
// A wall-clock budget shared by the steps of a propnet build; check() throws
// std::runtime_error("propnet: ...") once it has passed, or once `cancel` (if any) is set.
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

namespace ggp::propnet {

// Throws std::runtime_error("propnet: build cancelled during STEP") once `cancel` (if any) is set:
// the budget checks of the build's steps (Deadline, the grounder) share it.
inline void throw_if_cancelled(const std::atomic<bool>* cancel, const char* step) {
  if (cancel && cancel->load(std::memory_order_relaxed))
    throw std::runtime_error(std::string("propnet: build cancelled during ") + step);
}

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Deadline(double seconds, const std::atomic<bool>* cancel = nullptr)
      : seconds_(seconds),
        end_(Clock::now() +
             std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds))),
        cancel_(cancel) {}
  // Cheap enough to call every few thousand steps.
  void check(const char* step) const {
    throw_if_cancelled(cancel_, step);
    if (Clock::now() > end_)
      throw std::runtime_error(std::string("propnet: ") + step + " exceeded the build budget of " +
                               std::to_string(seconds_) + " s");
  }

 private:
  double seconds_;
  Clock::time_point end_;
  const std::atomic<bool>* cancel_;
};

}  // namespace ggp::propnet
