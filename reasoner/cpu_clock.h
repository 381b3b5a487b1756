#pragma once
// CPU time, for benchmarks and budgets: with other processes on the cores, wall-clock rates
// understate the machine's speed.
#include <ctime>

namespace ggp::reasoner {

// Seconds of CPU time on `clock`: CLOCK_THREAD_CPUTIME_ID (this thread) or
// CLOCK_PROCESS_CPUTIME_ID (every thread of the process).
inline double cpu_seconds(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace ggp::reasoner
