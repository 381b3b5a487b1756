#include "tournament/ratings.h"

#include <algorithm>
#include <cmath>

namespace ggp::tournament {
namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10

// Inverts a symmetric positive definite matrix (Gauss-Jordan); false if it is singular.
bool invert(std::vector<std::vector<double>>& m) {
  const size_t n = m.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t c = 0; c < n; ++c) {
    size_t pivot = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::fabs(m[r][c]) > std::fabs(m[pivot][c])) pivot = r;
    if (std::fabs(m[pivot][c]) < 1e-12) return false;
    std::swap(m[c], m[pivot]);
    std::swap(inv[c], inv[pivot]);
    const double d = m[c][c];
    for (size_t k = 0; k < n; ++k) {
      m[c][k] /= d;
      inv[c][k] /= d;
    }
    for (size_t r = 0; r < n; ++r)
      if (r != c && m[r][c] != 0) {
        const double f = m[r][c];
        for (size_t k = 0; k < n; ++k) {
          m[r][k] -= f * m[c][k];
          inv[r][k] -= f * inv[c][k];
        }
      }
  }
  m = std::move(inv);
  return true;
}

}  // namespace

std::pair<double, double> wilson_interval(double successes, double n, double z) {
  if (n <= 0) return {0, 1};
  const double p = successes / n;
  const double d = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / d;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double expected_score(double elo_difference) {
  return 1 / (1 + std::pow(10.0, -elo_difference / 400));
}

std::vector<Rating> bradley_terry(size_t players, const std::vector<PairResult>& results,
                                  size_t anchor) {
  // wins[i]: i's total score; games[i][j]: the weight of i's comparisons with j.
  std::vector<double> wins(players, 0);
  std::vector<std::vector<double>> games(players, std::vector<double>(players, 0));
  for (const PairResult& r : results) {
    if (r.a == r.b || r.a >= players || r.b >= players) continue;
    wins[r.a] += r.weight * r.score_a;
    wins[r.b] += r.weight * (1 - r.score_a);
    games[r.a][r.b] += r.weight;
    games[r.b][r.a] += r.weight;
  }
  // The prior: one draw between every pair that met.
  for (size_t i = 0; i < players; ++i)
    for (size_t j = 0; j < players; ++j)
      if (i != j && games[i][j] > 0) {
        games[i][j] += 1;
        wins[i] += 0.5;
      }

  // Players connected to the anchor through comparisons; the others cannot be placed.
  std::vector<bool> linked(players, false);
  if (anchor < players) {
    std::vector<size_t> stack = {anchor};
    linked[anchor] = true;
    while (!stack.empty()) {
      const size_t i = stack.back();
      stack.pop_back();
      for (size_t j = 0; j < players; ++j)
        if (!linked[j] && games[i][j] > 0) {
          linked[j] = true;
          stack.push_back(j);
        }
    }
  }

  std::vector<double> gamma(players, 1.0);
  for (int iteration = 0; iteration < 10000; ++iteration) {
    double change = 0;
    for (size_t i = 0; i < players; ++i) {
      if (!linked[i]) continue;
      double denominator = 0;
      for (size_t j = 0; j < players; ++j)
        if (linked[j] && games[i][j] > 0) denominator += games[i][j] / (gamma[i] + gamma[j]);
      if (denominator <= 0) continue;
      const double next = wins[i] / denominator;
      change = std::max(change, std::fabs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    const double scale = gamma[anchor];
    for (double& g : gamma) g /= scale;
    if (change < 1e-10) break;
  }

  // Observed information of the log-strengths, without the anchor's row and column.
  std::vector<size_t> free;
  for (size_t i = 0; i < players; ++i)
    if (linked[i] && i != anchor) free.push_back(i);
  std::vector<std::vector<double>> info(free.size(), std::vector<double>(free.size(), 0));
  for (size_t x = 0; x < free.size(); ++x) {
    const size_t i = free[x];
    for (size_t j = 0; j < players; ++j) {
      if (!linked[j] || games[i][j] <= 0) continue;
      const double p = gamma[i] / (gamma[i] + gamma[j]);
      const double v = games[i][j] * p * (1 - p);
      info[x][x] += v;
      const auto y = std::find(free.begin(), free.end(), j);
      if (y != free.end()) info[x][static_cast<size_t>(y - free.begin())] -= v;
    }
  }
  const bool inverted = invert(info);

  std::vector<Rating> out(players);
  for (size_t i = 0; i < players; ++i) {
    if (!linked[i]) continue;
    Rating& r = out[i];
    r.rated = true;
    r.elo = kEloPerNat * std::log(gamma[i]);
    r.low = r.high = r.elo;
    const auto x = std::find(free.begin(), free.end(), i);
    if (x != free.end() && inverted) {
      const size_t k = static_cast<size_t>(x - free.begin());
      const double half = 1.96 * kEloPerNat * std::sqrt(std::max(0.0, info[k][k]));
      r.low = r.elo - half;
      r.high = r.elo + half;
    }
  }
  return out;
}

}  // namespace ggp::tournament
