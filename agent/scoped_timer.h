#pragma once
// Adds the time from its construction to its destruction to a running total, whichever way the
// scope is left (the proofs' and the guard's time in the search's note).
#include <chrono>

namespace ggp::agent {

class ScopedTimer {
 public:
  explicit ScopedTimer(std::chrono::steady_clock::duration& total) : total_(total) {}
  ~ScopedTimer() { total_ += std::chrono::steady_clock::now() - start_; }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  std::chrono::steady_clock::duration& total_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace ggp::agent
