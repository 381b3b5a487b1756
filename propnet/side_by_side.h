#pragma once
// Whether to test candidate moves side by side in the lanes (one evaluation of the whole network
// per `lanes` candidates) or one at a time on the differential machine (a wave per state change),
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

  explicit SideBySideCosts(size_t lanes) : lanes_(lanes) {}

  // Whether the next test of `candidates` moves goes to the lanes. Each way is tried kWarmUp
  // times first; afterwards the way not taken is tried again once every kRefresh calls, so that
  // an estimate that changed (a new phase of the game) is seen.
  bool use_lanes(size_t candidates) {
    ++calls_;
    if (one_samples_ < kWarmUp) return false;
    if (lane_samples_ < kWarmUp) return true;
    const bool cheaper = lane_ns_ * passes(candidates) < one_ns_ * static_cast<double>(candidates);
    return calls_ % kRefresh == 0 ? !cheaper : cheaper;
  }
  // The time a test took, side by side or not, that went through `tested` candidates (up to the
  // first win).
  void record(bool side_by_side, Clock::duration took, size_t tested) {
    if (tested == 0) return;
    const double ns =
        static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(took).count());
    if (side_by_side)
      update(lane_ns_, lane_samples_, ns / passes(tested));
    else
      update(one_ns_, one_samples_, ns / static_cast<double>(tested));
  }

  static constexpr uint32_t kWarmUp = 8, kRefresh = 64;

 private:
  double passes(size_t candidates) const {
    return static_cast<double>((candidates + lanes_ - 1) / lanes_);
  }
  // A running mean over the warm-up, then an exponential one (weight 1/8 for the newest).
  static void update(double& mean, uint32_t& samples, double value) {
    ++samples;
    const double weight = samples < kWarmUp ? 1.0 / samples : 0.125;
    mean += (value - mean) * weight;
  }

  size_t lanes_;
  uint64_t calls_ = 0;
  double one_ns_ = 0, lane_ns_ = 0;  // per candidate; per pass
  uint32_t one_samples_ = 0, lane_samples_ = 0;
};

}  // namespace ggp::propnet
