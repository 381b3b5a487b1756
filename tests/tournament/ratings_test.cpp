// Wilson intervals and Bradley-Terry ratings on result sets whose answer is known.
#include <doctest/doctest.h>

#include <cmath>
#include <tuple>

#include "tournament/ratings.h"

using namespace ggp::tournament;

namespace {

// `wins` wins of a over b, `losses` losses, `draws` draws.
void add(std::vector<PairResult>& out, size_t a, size_t b, int wins, int losses, int draws = 0) {
  for (int i = 0; i < wins; ++i) out.push_back({a, b, 1.0, 1.0});
  for (int i = 0; i < losses; ++i) out.push_back({a, b, 0.0, 1.0});
  for (int i = 0; i < draws; ++i) out.push_back({a, b, 0.5, 1.0});
}

double elo(double ratio) { return 400 * std::log10(ratio); }

}  // namespace

TEST_CASE("wilson: known intervals") {
  auto [lo, hi] = wilson_interval(5, 10);
  CHECK(lo == doctest::Approx(0.2366).epsilon(1e-3));
  CHECK(hi == doctest::Approx(0.7634).epsilon(1e-3));
  std::tie(lo, hi) = wilson_interval(1, 4);
  CHECK(lo == doctest::Approx(0.0456).epsilon(1e-2));
  CHECK(hi == doctest::Approx(0.6994).epsilon(1e-3));
  std::tie(lo, hi) = wilson_interval(0, 20);  // no success: the interval still has width
  CHECK(lo == 0);
  CHECK(hi == doctest::Approx(0.1611).epsilon(1e-3));
  std::tie(lo, hi) = wilson_interval(20, 20);
  CHECK(lo == doctest::Approx(0.8389).epsilon(1e-3));
  CHECK(hi == 1);
  std::tie(lo, hi) = wilson_interval(0, 0);
  CHECK(lo == 0);
  CHECK(hi == 1);
}

TEST_CASE("ratings: one player always beats another; the interval excludes a tie") {
  std::vector<PairResult> results;
  add(results, 0, 1, 20, 0);
  const auto r = bradley_terry(2, results, 1);
  REQUIRE(r[0].rated);
  REQUIRE(r[1].rated);
  CHECK(r[1].elo == 0);
  CHECK(r[1].low == 0);
  CHECK(r[1].high == 0);
  // With the prior draw: 20.5 of 21.
  CHECK(r[0].elo == doctest::Approx(elo(20.5 / 0.5)).epsilon(1e-6));
  CHECK(r[0].low > 0);
  CHECK(std::isfinite(r[0].high));
}

TEST_CASE("ratings: equal players are rated equal, draws half a win") {
  std::vector<PairResult> results;
  add(results, 0, 1, 10, 10);
  add(results, 1, 2, 0, 0, 20);
  add(results, 0, 2, 7, 7, 6);
  const auto r = bradley_terry(3, results, 0);
  for (const Rating& x : r) {
    CHECK(x.rated);
    CHECK(std::fabs(x.elo) < 1e-6);
  }
  CHECK(r[1].low < 0);
  CHECK(r[1].high > 0);
}

TEST_CASE("ratings: a known answer, 75% and a chain of two 75% results") {
  std::vector<PairResult> results;
  add(results, 0, 1, 30, 10);
  auto r = bradley_terry(2, results, 1);
  const double expected = elo(30.5 / 10.5);  // the prior draw included
  CHECK(r[0].elo == doctest::Approx(expected).epsilon(1e-6));
  CHECK(expected_score(r[0].elo) == doctest::Approx(30.5 / 41).epsilon(1e-6));
  // Standard error from the information n p (1 - p), n = 41 comparisons with the prior.
  const double p = 30.5 / 41, se = 400 / std::log(10.0) / std::sqrt(41 * p * (1 - p));
  CHECK(r[0].high - r[0].elo == doctest::Approx(1.96 * se).epsilon(1e-6));

  add(results, 1, 2, 30, 10);  // b beats c as a beat b: c sits as far below b
  r = bradley_terry(3, results, 1);
  CHECK(r[0].elo == doctest::Approx(expected).epsilon(1e-6));
  CHECK(r[2].elo == doctest::Approx(-expected).epsilon(1e-6));
  CHECK(r[0].high - r[0].low < r[2].high - r[2].low + 1e-9);  // symmetric information
}

TEST_CASE("ratings: a player who met no one connected to the anchor is not rated") {
  std::vector<PairResult> results;
  add(results, 0, 1, 3, 1);
  add(results, 2, 3, 2, 2);
  const auto r = bradley_terry(4, results, 0);
  CHECK(r[0].rated);
  CHECK(r[1].rated);
  CHECK_FALSE(r[2].rated);
  CHECK_FALSE(r[3].rated);
}
