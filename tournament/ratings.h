#pragma once
// The statistics of a tournament: Wilson score intervals for scores, and Bradley-Terry ratings on
// the Elo scale from pairwise results.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ggp::tournament {

// The 95% Wilson score interval of `successes` out of `n` (successes may be fractional: a draw is
// half a success); {0, 1} when n is 0.
std::pair<double, double> wilson_interval(double successes, double n, double z = 1.96);

// One pairwise result between players a and b: a's score (1 a win, 0.5 a draw, 0 a loss) with a
// weight (1 for a two-player match; 1/(n-1) per pair of an n-player match, so that every match
// weighs the same for each player in it).
struct PairResult {
  size_t a = 0, b = 0;
  double score_a = 0.5;
  double weight = 1;
};

struct Rating {
  bool rated = false;  // false when the player met no one connected to the anchor
  double elo = 0;      // 400 log10 of its strength, the anchor at 0
  double low = 0;      // 95% interval
  double high = 0;
};

// Bradley-Terry strengths fitted by maximum likelihood (Hunter's MM iterations), draws counted as
// half a win each, with a prior of one draw between every pair of players that met (so that a
// player who won every match still gets a finite rating). The intervals come from the inverse
// observed information with the anchor fixed: Elo ± 1.96 standard errors. `players` is the number
// of players; `anchor` is rated 0 with an interval of width 0.
std::vector<Rating> bradley_terry(size_t players, const std::vector<PairResult>& results,
                                  size_t anchor);

// The expected score of a against b for a rating difference of `elo_difference` (Elo's logistic).
double expected_score(double elo_difference);

}  // namespace ggp::tournament
