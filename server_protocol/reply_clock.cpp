#include "server_protocol/reply_clock.h"

#include <algorithm>

namespace ggp::server_protocol {

ReplyClock::ReplyClock(std::chrono::milliseconds network_margin) : network_(network_margin) {}

TurnTimes ReplyClock::times(Clock::time_point arrival, int seconds) const {
  const auto clock = std::chrono::milliseconds(1000LL * seconds);
  TurnTimes t;
  t.reply_by = arrival + std::max<Clock::duration>(clock - network_, clock / 2);
  const Clock::duration room = t.reply_by - arrival;
  t.stop_at = t.reply_by - std::min(latency_margin(), room / 2);
  t.last_moment = std::max(t.reply_by, arrival + clock + kFallbackGrace);
  return t;
}

void ReplyClock::record(Clock::duration latency) {
  if (latency < Clock::duration::zero()) return;
  std::lock_guard lock(mutex_);
  recent_.push_back(latency);
  if (recent_.size() > kRecent) recent_.pop_front();
}

Clock::duration ReplyClock::latency_margin() const {
  std::lock_guard lock(mutex_);
  if (recent_.empty()) return kFirstLatency;
  const Clock::duration worst = *std::max_element(recent_.begin(), recent_.end());
  // Half as much again as the worst recent reply, and 10 ms for the one thread wake-up too many.
  return std::max<Clock::duration>(worst * 3 / 2 + std::chrono::milliseconds(10), kLeastLatency);
}

}  // namespace ggp::server_protocol
