// The choice between testing candidates side by side in the lanes and one at a time
// (propnet/side_by_side.h), fed with made-up timings.
#include <doctest/doctest.h>

#include <chrono>

#include "propnet/side_by_side.h"

namespace ggp::propnet {
namespace {

using std::chrono::nanoseconds;

TEST_CASE("side by side or one at a time: each tried first, then the one measured cheaper") {
  SideBySideCosts costs(64);
  // Warm-up: kWarmUp calls one at a time, then kWarmUp in the lanes, whatever they cost.
  for (uint32_t i = 0; i < SideBySideCosts::kWarmUp; ++i) {
    CHECK_FALSE(costs.use_lanes(10));
    costs.record(false, nanoseconds(10 * 1000), 10);  // 1,000 ns a candidate
  }
  for (uint32_t i = 0; i < SideBySideCosts::kWarmUp; ++i) {
    CHECK(costs.use_lanes(10));
    costs.record(true, nanoseconds(5000), 10);  // 5,000 ns a pass of up to 64
  }
  // Then: 4 candidates cost 4,000 ns one at a time against one pass; 10 cost 10,000 against one
  // pass; 130 cost 130,000 against three passes (15,000).
  size_t lanes_small = 0, lanes_large = 0, lanes_wide = 0;
  for (int i = 0; i < 60; ++i) {
    lanes_small += costs.use_lanes(4);
    lanes_large += costs.use_lanes(10);
    lanes_wide += costs.use_lanes(130);
  }
  // Once every kRefresh calls the other way is tried: one of the 180 calls here.
  CHECK(lanes_small <= 1);
  CHECK(lanes_large >= 59);
  CHECK(lanes_wide >= 59);
  // A test that stopped at its first win counts the candidates it went through.
  SideBySideCosts stops(64);
  for (uint32_t i = 0; i < SideBySideCosts::kWarmUp; ++i) {
    stops.use_lanes(100);
    stops.record(false, nanoseconds(2 * 1000), 2);  // a win at the second: 1,000 ns a candidate
  }
  for (uint32_t i = 0; i < SideBySideCosts::kWarmUp; ++i) {
    stops.use_lanes(100);
    stops.record(true, nanoseconds(70 * 1000), 100);  // two passes: 35,000 ns each
  }
  CHECK(stops.use_lanes(60));        // 60,000 ns one at a time against one pass of 35,000
  CHECK_FALSE(stops.use_lanes(30));  // 30,000 against 35,000
}

}  // namespace
}  // namespace ggp::propnet
