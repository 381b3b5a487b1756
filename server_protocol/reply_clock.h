#pragma once
// Every margin of the player's replies, in one place. A reply is due by its request's arrival
// plus the clock, less the network margin: the one share that cannot be measured from here (the
// request's and the reply's time on the wire, and the wait before the request is read). The
// player stops searching earlier than that by the reply latency measured in this match, from the
// stop to the reply written on the socket: the largest of the last few replies, with headroom. A
// fallback that has to step in may still use part of the second the GGP-Base server allows past
// the clock.
#include <chrono>
#include <deque>
#include <mutex>

#include "agent/player.h"

namespace ggp::server_protocol {

using Clock = agent::Clock;

struct TurnTimes {
  Clock::time_point stop_at;      // the player stops searching
  Clock::time_point reply_by;     // the reply is due: the player's move, searched or not
  Clock::time_point last_moment;  // a fallback move may come this late (after reply_by)
};

class ReplyClock {
 public:
  explicit ReplyClock(std::chrono::milliseconds network_margin);

  // The times for a request that arrived at `arrival` with a clock of `seconds`. The reply is due
  // at least half the clock after arrival, and the stop comes at least half of that time after
  // arrival, whatever the margins.
  TurnTimes times(Clock::time_point arrival, int seconds) const;
  // A reply written `latency` after its stop_at (thread-safe). Negative latencies (a reply sent
  // before the stop, e.g. a forced move) say nothing about stopping and are ignored.
  void record(Clock::duration latency);
  // What the stop keeps back from reply_by now: before any reply, kFirstLatency.
  Clock::duration latency_margin() const;

  static constexpr std::chrono::milliseconds kFirstLatency{150};
  static constexpr std::chrono::milliseconds kLeastLatency{20};
  static constexpr size_t kRecent = 10;  // replies the margin looks back on
  // Past the clock, the fallback's move may come this late (the GGP-Base server waits 1 s).
  static constexpr std::chrono::milliseconds kFallbackGrace{250};

 private:
  std::chrono::milliseconds network_;
  mutable std::mutex mutex_;
  std::deque<Clock::duration> recent_;
};

}  // namespace ggp::server_protocol
