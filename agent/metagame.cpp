#include "agent/metagame.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <thread>

#include "agent/self_play.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

MetagameSearcher::MetagameSearcher(MetagameConfig config, reasoner::StateMachine& machine,
                                   uint64_t seed)
    : config_(std::move(config)), machine_(machine), seed_(seed) {
  if (config_.candidates.empty())
    throw std::invalid_argument("metagame: at least one candidate configuration is needed");
  root_ = machine_.initial_state();
}

std::string MetagameSearcher::name() const {
  return chosen_ < 0 ? "meta" : "meta:" + config_.candidates[static_cast<size_t>(chosen_)].name;
}

void MetagameSearcher::set_own_role(RoleIndex role) {
  own_role_ = role;
  if (inner_) inner_->set_own_role(role);
}

void MetagameSearcher::set_root(const State& state) {
  root_ = state;
  if (inner_) inner_->set_root(state);
}

void MetagameSearcher::advance(std::span<const MoveId> joint, const State& next) {
  root_ = next;
  if (inner_) inner_->advance(joint, next);
}

TrialSettings MetagameSearcher::trial_settings(const SearchLimits& limits) const {
  TrialSettings trial;
  trial.playouts_per_move = config_.trial_playouts;
  if (trial.playouts_per_move == 0)
    trial.playouts_per_move = limits.max_playouts != SearchLimits{}.max_playouts
                                  ? limits.max_playouts
                                  : kDefaultTrialPlayouts;
  trial.max_moves = config_.max_trial_moves;
  trial.stop = limits.stop;
  trial.deadline = share_of_time_left(limits, config_.time_fraction).deadline;
  return trial;
}

std::vector<MetagameSearcher::Pairing> MetagameSearcher::schedule() const {
  size_t n = config_.candidates.size();
  size_t roles = machine_.num_roles();
  std::vector<Pairing> games;
  for (size_t a = 0; a < n; ++a)
    for (size_t b = roles == 2 ? a + 1 : 0; b < n; ++b) {
      if (a == b || (roles == 1 && b != (a + 1) % n)) continue;  // alone: once per candidate
      for (RoleIndex seat = 0; seat < roles; ++seat) games.push_back({a, b, seat});
    }
  return games;
}

std::vector<std::optional<std::vector<double>>> MetagameSearcher::play_round(
    const std::vector<Pairing>& games, uint64_t first_seed, const TrialSettings& trial) {
  std::vector<std::optional<std::vector<double>>> results(games.size());
  auto play = [&](reasoner::StateMachine& machine, size_t k) {
    std::vector<MctsConfig> seats;
    for (RoleIndex r = 0; r < machine.num_roles(); ++r)
      seats.push_back(config_.candidates[r == games[k].seat ? games[k].a : games[k].b].config);
    results[k] = play_trial(machine, root_, seats, first_seed + 1000 * k, trial);
    return results[k].has_value();
  };
  size_t threads = std::min(std::max<size_t>(config_.trial_threads, 1), games.size());
  if (threads <= 1) {
    for (size_t k = 0; k < games.size() && play(machine_, k); ++k) {
    }
    return results;
  }
  // Each thread takes the next game on its own machine clone; results land at the game's index,
  // so the scores do not depend on the interleaving.
  while (clones_.size() < threads) clones_.push_back(machine_.clone());
  std::atomic<size_t> next{0};
  std::atomic<bool> cut{false};
  std::vector<std::exception_ptr> errors(threads);
  auto worker = [&](size_t t) {
    try {
      for (size_t k; !cut && (k = next++) < games.size();)
        if (!play(*clones_[t], k)) cut = true;
    } catch (...) {
      errors[t] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (std::thread& t : pool) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  return results;
}

void MetagameSearcher::run_trials(const SearchLimits& limits) {
  size_t n = config_.candidates.size();
  scores_.assign(n, 0.0);
  games_.assign(n, 0);
  TrialSettings trial = trial_settings(limits);
  std::vector<Pairing> games = schedule();
  bool two_roles = machine_.num_roles() == 2;  // a game of A against B scores both
  // Only whole rounds count (every pairing in every seat), so that a deadline cannot leave a
  // candidate with more games in the favoured seat; a partial first round counts if it is all.
  std::vector<double> sums(n, 0.0), squares(n, 0.0);
  auto score = [&](size_t candidate, double result) {
    sums[candidate] += result, squares[candidate] += result * result, ++games_[candidate];
  };
  // Under a playout budget a fixed number of rounds keeps the choice deterministic; under a
  // clock alone the rounds go on while the time share lasts.
  bool clock_only = limits.max_playouts == SearchLimits{}.max_playouts &&
                    trial.deadline != Clock::time_point::max();
  size_t rounds = config_.rounds > 0 ? config_.rounds : clock_only ? kMaxRounds : kDefaultRounds;
  bool cut = n < 2 || machine_.is_terminal(root_);
  for (size_t round = 0; round < rounds && !cut; ++round) {
    auto results = play_round(games, seed_ + 1000 * (round * games.size() + 1), trial);
    cut = std::any_of(results.begin(), results.end(), [](const auto& r) { return !r; });
    if (cut && round > 0) break;
    for (size_t k = 0; k < games.size(); ++k) {
      if (!results[k]) continue;
      const Pairing& g = games[k];
      score(g.a, (*results[k])[g.seat]);
      if (two_roles) score(g.b, (*results[k])[1 - g.seat]);
    }
  }
  size_t best = 0;
  for (size_t i = 0; i < n; ++i) {
    scores_[i] = games_[i] > 0 ? sums[i] / static_cast<double>(games_[i]) : 0.0;
    if (games_[i] > 0 && (games_[best] == 0 || scores_[i] > scores_[best])) best = i;
  }
  // The baseline stays unless the best is ahead by switch_z standard errors of the difference of
  // the two means (the games' results taken as independent).
  auto variance_of_mean = [&](size_t i) {
    double m = static_cast<double>(games_[i]);
    return std::max(0.0, squares[i] / m - scores_[i] * scores_[i]) / m;
  };
  if (best != 0 && games_[0] > 0) {
    double se = std::sqrt(variance_of_mean(best) + variance_of_mean(0));
    if (scores_[best] - scores_[0] <= config_.switch_z * se) best = 0;
  }
  chosen_ = static_cast<int>(best);
  note_ = "metagame: chose " + config_.candidates[static_cast<size_t>(chosen_)].name + " (";
  for (size_t i = 0; i < n; ++i) {
    char score[64];
    std::snprintf(score, sizeof score, "%s%s %.2f/%zu", i ? ", " : "",
                  config_.candidates[i].name.c_str(), scores_[i], games_[i]);
    note_ += score;
  }
  note_ += " games)";
}

void MetagameSearcher::search(const SearchLimits& limits) {
  if (!inner_) {
    run_trials(limits);
    inner_ = std::make_unique<MctsSearcher>(config_.candidates[static_cast<size_t>(chosen_)].config,
                                            machine_, seed_);
    if (own_role_) inner_->set_own_role(*own_role_);
    inner_->set_root(root_);
  }
  inner_->search(limits);
}

MoveId MetagameSearcher::best_move(RoleIndex role) {
  if (inner_) return inner_->best_move(role);
  std::span<const MoveId> legal = machine_.legal_moves(root_, role);
  return legal.empty() ? 0 : legal[0];
}

SearchStats MetagameSearcher::stats() const {
  return inner_ ? inner_->stats() : SearchStats{};
}

std::vector<std::pair<MoveId, double>> MetagameSearcher::root_votes(RoleIndex role) {
  if (inner_) return inner_->root_votes(role);
  return {{best_move(role), 1.0}};
}

std::string MetagameSearcher::note() {
  return std::exchange(note_, {});
}

}  // namespace ggp::agent
