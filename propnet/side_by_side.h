#pragma once
// Whether to test candidate moves side by side in the lanes (one evaluation of the whole network
// per kLanes candidates) or one at a time on the differential machine (a wave per state change),
// chosen from what each has cost so far on this machine: the cheaper way depends on the game (the
// network's size against how few gates a move changes) and on how many candidates there are.
// Both give the same answer; only the time differs.
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace ggp::propnet {

class SideBySideCosts {
 public:
  using Clock = std::chrono::steady_clock;

  // Whether the next test of `candidates` moves goes to the lanes (`lanes` of them each pass).
  // Each way is tried kWarmUp times first; afterwards the way not taken is tried again once every
  // kRefresh calls, so that an estimate that changed (a new phase of the game) is seen.
  bool use_lanes(size_t candidates, size_t lanes) {
    ++calls_;
    if (one_samples_ < kWarmUp) return false;
    if (lane_samples_ < kWarmUp) return true;
    const double passes = static_cast<double>((candidates + lanes - 1) / lanes);
    const bool cheaper = lane_ns_ * passes < one_ns_ * static_cast<double>(candidates);
    return calls_ % kRefresh == 0 ? !cheaper : cheaper;
  }
  // The time a test took: `tested` candidates one at a time, or `passes` evaluations in the lanes.
  void one_at_a_time(Clock::duration took, size_t tested) {
    if (tested > 0) update(one_ns_, one_samples_, nanoseconds(took) / static_cast<double>(tested));
  }
  void side_by_side(Clock::duration took, size_t passes) {
    if (passes > 0)
      update(lane_ns_, lane_samples_, nanoseconds(took) / static_cast<double>(passes));
  }

  static constexpr uint32_t kWarmUp = 8, kRefresh = 64;

 private:
  static double nanoseconds(Clock::duration d) {
    return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
  }
  // A running mean over the warm-up, then an exponential one (weight 1/8 for the newest).
  static void update(double& mean, uint32_t& samples, double value) {
    ++samples;
    const double weight = samples < kWarmUp ? 1.0 / samples : 0.125;
    mean += (value - mean) * weight;
  }

  uint64_t calls_ = 0;
  double one_ns_ = 0, lane_ns_ = 0;  // per candidate; per pass
  uint32_t one_samples_ = 0, lane_samples_ = 0;
};

}  // namespace ggp::propnet
