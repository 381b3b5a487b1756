#include <doctest/doctest.h>

#include <atomic>
#include <thread>

#include "agent/searcher.h"

using namespace ggp;
using agent::Clock;

TEST_CASE("a step check stops a slow playout at the first step past its deadline") {
  // Each step takes at least StepCheck::kFastStep (a sleep never returns early), so the steps are
  // never found fast and the clock is read at every one: once the deadline has passed before a
  // step, that step is interrupted (a check every 16th step alone let a slow machine run 15
  // steps past it).
  agent::SearchLimits limits;
  limits.deadline = Clock::now() + std::chrono::milliseconds(3);
  agent::StepCheck check(limits);
  size_t step = 0;
  for (;; ++step) {
    const bool past = Clock::now() >= limits.deadline;
    const bool interrupted = check.interrupted(step);
    if (past) {
      CHECK(interrupted);
      break;
    }
    if (interrupted) break;  // the deadline passed between the two reads of the clock
    std::this_thread::sleep_for(2 * agent::StepCheck::kFastStep);
    REQUIRE(step < 100000);
  }
  CHECK(step > 0);  // the deadline was ahead at the first step
}

TEST_CASE("a step check reads the stop flag at every step and a passed deadline at once") {
  std::atomic<bool> stop{false};
  agent::SearchLimits limits;
  limits.stop = &stop;
  agent::StepCheck check(limits);
  for (size_t step = 0; step < 40; ++step) CHECK_FALSE(check.interrupted(step));
  stop = true;
  CHECK(check.interrupted(41));  // not a 16th step

  agent::SearchLimits passed;
  passed.deadline = Clock::now() - std::chrono::milliseconds(1);
  agent::StepCheck late(passed);
  CHECK(late.interrupted(0));
}
