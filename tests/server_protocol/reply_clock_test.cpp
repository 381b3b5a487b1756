// The margins of the player's replies (server_protocol/reply_clock.h): pure arithmetic on times.
#include "server_protocol/reply_clock.h"

#include <doctest/doctest.h>

using namespace ggp::server_protocol;
using namespace std::chrono_literals;

TEST_CASE("reply clock: the network margin, then the measured reply latency kept back") {
  ReplyClock clock(200ms);
  const Clock::time_point arrival = Clock::now();
  TurnTimes t = clock.times(arrival, 2);
  CHECK(t.reply_by - arrival == 1800ms);
  CHECK(t.reply_by - t.stop_at == ReplyClock::kFirstLatency);  // nothing measured yet
  CHECK(t.last_moment - arrival == 2000ms + ReplyClock::kFallbackGrace);

  clock.record(40ms);
  clock.record(-5ms);  // a reply sent before the stop: says nothing about stopping
  clock.record(20ms);
  t = clock.times(arrival, 2);
  CHECK(t.reply_by - t.stop_at == 40ms * 3 / 2 + 10ms);  // the worst recent, with headroom

  clock.record(1000ms);  // one slow reply widens the margin...
  CHECK(clock.latency_margin() == 1510ms);
  for (size_t i = 0; i < ReplyClock::kRecent; ++i) clock.record(4ms);
  CHECK(clock.latency_margin() == ReplyClock::kLeastLatency);  // ...until it is forgotten
}

TEST_CASE("reply clock: short clocks keep half for the reply and half of that for the search") {
  ReplyClock clock(800ms);
  const Clock::time_point arrival = Clock::now();
  TurnTimes t = clock.times(arrival, 1);
  CHECK(t.reply_by - arrival == 500ms);  // the margin would leave 200 ms: half the clock instead
  clock.record(2000ms);
  t = clock.times(arrival, 1);
  CHECK(t.stop_at - arrival == 250ms);  // however slow the replies were
  CHECK(t.last_moment - arrival == 1000ms + ReplyClock::kFallbackGrace);
}
