#include "agent/heuristic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::RoleIndex;
using reasoner::State;

namespace {

// One sampled position (its state is kept beside it, in the order of the samples): the role to
// move, and the playout whose result it is fitted to.
struct Sample {
  int mover = -1;
  size_t playout = 0;
};

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double correlation(std::span<const double> a, std::span<const double> b) {
  const double n = static_cast<double>(a.size());
  double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  for (size_t i = 0; i < a.size(); ++i)
    sa += a[i], sb += b[i], saa += a[i] * a[i], sbb += b[i] * b[i], sab += a[i] * b[i];
  const double va = n * saa - sa * sa, vb = n * sbb - sb * sb;
  if (n < 2 || va <= 1e-12 * n * n || vb <= 1e-12 * n * n) return 0;
  return (n * sab - sa * sb) / std::sqrt(va * vb);
}

}  // namespace

void Heuristic::features(const State& state, int mover, std::span<double> row) const {
  row[0] = 1;
  pieces_.counts(state, row.subspan(1, pieces_.size()));
  for (size_t j = 0; j < pieces_.size(); ++j) row[1 + j] = (row[1 + j] - mean_[j]) * scale_[j];
  for (size_t r = 0; r < num_roles_; ++r)
    row[1 + pieces_.size() + r] = mover == static_cast<int>(r) ? 1.0 : 0.0;
}

double Heuristic::predict(const Model& m, std::span<const double> row) {
  double z = 0;
  for (size_t k = 0; k < m.weights.size(); ++k) z += m.weights[k] * row[k];
  return sigmoid(z);
}

Heuristic::Model Heuristic::fit(std::span<const double> x, std::span<const double> y, size_t width,
                                const std::vector<uint8_t>& use) {
  // Newton's method on the cross-entropy (targets in [0, 1]) with a little L2: iteratively
  // reweighted least squares, a few solves of a width x width system.
  Model m;
  m.weights.assign(width, 0.0);
  const size_t n = y.size();
  constexpr double kL2 = 1e-3;
  std::vector<double> hessian(width * width), gradient(width), step(width);
  for (int iteration = 0; iteration < 12; ++iteration) {
    std::fill(hessian.begin(), hessian.end(), 0.0);
    std::fill(gradient.begin(), gradient.end(), 0.0);
    for (size_t i = 0; i < n; ++i) {
      std::span<const double> row = x.subspan(i * width, width);
      double z = 0;
      for (size_t k = 0; k < width; ++k)
        if (use[k]) z += m.weights[k] * row[k];
      const double p = sigmoid(z), weight = p * (1 - p);
      for (size_t a = 0; a < width; ++a) {
        if (!use[a]) continue;
        gradient[a] += (p - y[i]) * row[a];
        for (size_t b = a; b < width; ++b)
          if (use[b]) hessian[a * width + b] += weight * row[a] * row[b];
      }
    }
    // Solve (H + L2) step = gradient (per sample) by Gaussian elimination; unused features stay 0.
    std::vector<double> a(width * width, 0.0);
    for (size_t r = 0; r < width; ++r) {
      for (size_t c = 0; c < width; ++c) {
        const double h = hessian[std::min(r, c) * width + std::max(r, c)];
        a[r * width + c] = use[r] && use[c] ? h / static_cast<double>(n) : 0.0;
      }
      a[r * width + r] += use[r] ? kL2 : 1.0;
      step[r] = use[r] ? gradient[r] / static_cast<double>(n) + kL2 * m.weights[r] : 0.0;
    }
    for (size_t c = 0; c < width; ++c) {
      size_t pivot = c;
      for (size_t r = c + 1; r < width; ++r)
        if (std::abs(a[r * width + c]) > std::abs(a[pivot * width + c])) pivot = r;
      if (std::abs(a[pivot * width + c]) < 1e-12) continue;
      for (size_t k = 0; k < width; ++k) std::swap(a[c * width + k], a[pivot * width + k]);
      std::swap(step[c], step[pivot]);
      for (size_t r = 0; r < width; ++r) {
        if (r == c) continue;
        const double f = a[r * width + c] / a[c * width + c];
        for (size_t k = c; k < width; ++k) a[r * width + k] -= f * a[c * width + k];
        step[r] -= f * step[c];
      }
    }
    double change = 0;
    for (size_t k = 0; k < width; ++k) {
      const double d = std::abs(a[k * width + k]) < 1e-12 ? 0.0 : step[k] / a[k * width + k];
      m.weights[k] -= d;
      change = std::max(change, std::abs(d));
    }
    if (change < 1e-6) break;
  }
  return m;
}

std::unique_ptr<Heuristic> Heuristic::learn(reasoner::StateMachine& machine, const State& root,
                                            reasoner::Random& rng, const SearchLimits& limits,
                                            const HeuristicSettings& settings,
                                            HeuristicReport& report) {
  report = {};
  const size_t roles = machine.num_roles();
  std::vector<Sample> samples;
  std::vector<State> states;    // by sample
  std::vector<double> results;  // by playout, by role
  // Playouts in batches from the root (bit-parallel where the machine can: greedy ones are then
  // cheap), each replayed from its moves to pick its states.
  const bool greedy = settings.greedy && machine.parallel_playouts() > 1;
  // One playout a call where the machine plays them one by one: a call is not interrupted, and 16
  // of chess's on the prover took seconds past the start clock.
  const size_t batch = std::max<size_t>(machine.parallel_playouts(), 1);
  const std::vector<const State*> starts(batch, &root);
  std::vector<double> goals(batch * roles);
  std::vector<uint8_t> completed(batch);
  std::vector<std::vector<reasoner::MoveId>> moves(batch);
  std::vector<State> path;
  while (results.size() / roles < settings.max_playouts && samples.size() < settings.max_samples &&
         !interrupted(limits)) {
    machine.random_playouts_from(starts, rng, goals, completed, 2000, moves,
                                 greedy ? reasoner::PlayoutPolicy::Greedy
                                        : reasoner::PlayoutPolicy::Random);
    for (size_t lane = 0; lane < batch; ++lane) {
      if (!completed[lane] || moves[lane].size() < roles) continue;
      path.assign(1, root);
      for (size_t step = 0; step + roles <= moves[lane].size(); step += roles) {
        State next;
        machine.next_state(path.back(), std::span(moves[lane]).subspan(step, roles), next);
        path.push_back(std::move(next));
      }
      const size_t playout = results.size() / roles;
      for (size_t r = 0; r < roles; ++r) results.push_back(goals[lane * roles + r] / 100.0);
      for (size_t k = 0; k < settings.states_per_playout; ++k) {  // non-terminal states at random
        const State& s = path[rng.below(static_cast<uint32_t>(path.size() - 1))];
        samples.push_back({reasoner::only_mover(machine, s), playout});
        states.push_back(s);
      }
    }
  }
  report.playouts = results.size() / roles;
  report.samples = samples.size();
  auto h = std::unique_ptr<Heuristic>(new Heuristic());
  h->pieces_ = PieceFeatures::discover(machine, states, settings.lines);
  h->num_roles_ = roles;
  const size_t pieces = h->pieces_.size(), width = h->width();
  char line[200];
  if (report.playouts < 50 || pieces == 0) {
    std::snprintf(line, sizeof line, "no heuristic (%zu playouts, %zu piece sets)",
                  report.playouts, pieces);
    report.summary = line;
    return nullptr;
  }
  // Standardise the counts; a count that never varies is left out.
  h->mean_.assign(pieces, 0.0);
  h->scale_.assign(pieces, 0.0);
  std::vector<double> counts(pieces), square(pieces, 0.0);
  for (const State& s : states) {
    h->pieces_.counts(s, counts);
    for (size_t j = 0; j < pieces; ++j) h->mean_[j] += counts[j], square[j] += counts[j] * counts[j];
  }
  const double n = static_cast<double>(samples.size());
  std::vector<uint8_t> use(width, 1), base(width, 0);
  for (size_t j = 0; j < pieces; ++j) {
    h->mean_[j] /= n;
    const double sd = std::sqrt(std::max(0.0, square[j] / n - h->mean_[j] * h->mean_[j]));
    h->scale_[j] = sd > 1e-9 ? 1.0 / sd : 0.0;
    use[1 + j] = sd > 1e-9;
  }
  base[0] = 1;
  for (size_t r = 0; r < roles; ++r) base[1 + pieces + r] = 1;
  // The first four fifths of the playouts fit, the last fifth checks.
  const size_t held_from = report.playouts - report.playouts / 5;
  std::vector<double> x_fit, x_check;
  std::vector<std::vector<double>> y_fit(roles), y_check(roles);
  std::vector<double> row(width);
  for (size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    h->features(states[i], s.mover, row);
    const bool check = s.playout >= held_from;
    (check ? x_check : x_fit).insert((check ? x_check : x_fit).end(), row.begin(), row.end());
    for (size_t r = 0; r < roles; ++r)
      (check ? y_check : y_fit)[r].push_back(results[s.playout * roles + r]);
  }
  std::vector<double> predicted, predicted_base;
  for (size_t r = 0; r < roles; ++r) {
    h->models_.push_back(fit(x_fit, y_fit[r], width, use));
    const Model mover_only = fit(x_fit, y_fit[r], width, base);
    predicted.clear(), predicted_base.clear();
    for (size_t i = 0; i < y_check[r].size(); ++i) {
      std::span<const double> check_row = std::span<const double>(x_check).subspan(i * width, width);
      predicted.push_back(predict(h->models_.back(), check_row));
      predicted_base.push_back(predict(mover_only, check_row));
    }
    report.correlation += correlation(predicted, y_check[r]) / static_cast<double>(roles);
    report.base_correlation += correlation(predicted_base, y_check[r]) / static_cast<double>(roles);
  }
  report.enabled = report.correlation >= settings.min_correlation &&
                   report.correlation >= report.base_correlation + settings.min_gain;
  std::snprintf(line, sizeof line,
                "%s (%zu piece and line sets; held-out correlation %.2f, the mover alone %.2f; %zu "
                "playouts)",
                report.enabled ? "heuristic on" : "no heuristic", pieces, report.correlation,
                report.base_correlation, report.playouts);
  report.summary = line;
  h->enabled_ = report.enabled;
  h->row_.resize(width);
  return h;
}

void Heuristic::evaluate(const State& state, int mover, std::span<double> out) const {
  features(state, mover, row_);
  for (size_t r = 0; r < num_roles_; ++r) out[r] = predict(models_[r], row_);
}

std::string Heuristic::describe() const {
  std::string text;
  char number[32];
  for (size_t r = 0; r < num_roles_; ++r) {
    text += "role " + std::to_string(r) + ":";
    for (size_t j = 0; j < pieces_.size(); ++j) {
      std::snprintf(number, sizeof number, " %+.2f", models_[r].weights[1 + j] * scale_[j]);
      text += " " + pieces_.name(j) + number;
    }
    text += "\n";
  }
  return text;
}

}  // namespace ggp::agent
