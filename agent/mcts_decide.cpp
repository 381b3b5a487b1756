// The first search's decisions (agent/mcts.h: decide_*): each measures the game from the root with
// probes of a capped share of the call's time, turns a part of the search on or off, and says what
// it chose in the searcher's note.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "agent/legal_share.h"
#include "agent/mcts.h"
#include "agent/move_effects.h"
#include "agent/state_sample.h"

namespace ggp::agent {

using reasoner::State;

namespace {

Clock::duration seconds_of(double seconds) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

Clock::time_point MctsSearcher::probe_deadline(const SearchLimits& limits, Clock::duration cap) {
  const Clock::time_point now = Clock::now();
  if (limits.deadline == Clock::time_point::max() && cap != Clock::duration::max())
    cap = std::max(cap, seconds_of(kUnclockedProbeSeconds));
  Clock::time_point end = cap == Clock::duration::max() ? Clock::time_point::max() : now + cap;
  if (limits.deadline != Clock::time_point::max())
    end = std::min(end, limits.deadline > now ? now + (limits.deadline - now) / 4 : now);
  return end;
}

SearchLimits MctsSearcher::probe_limits(const SearchLimits& limits, double cap_seconds) {
  SearchLimits out = limits;
  out.deadline = probe_deadline(limits, seconds_of(cap_seconds));
  return out;
}

void MctsSearcher::add_note(const std::string& line) {
  note_ += (note_.empty() ? "" : "; ") + line;
}

void MctsSearcher::decide_cutoff(const SearchLimits& limits) {
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  MctsWorker& w = *workers_[0];
  if (!probe_) probe_ = std::make_unique<GoalSignalProbe>(w.machine);
  SearchLimits cutoff_limits = limits;
  cutoff_limits.deadline = probe_deadline(limits, Clock::duration::max());
  uint32_t target = std::max<uint32_t>(config_.cutoff_probes, 1);
  const Clock::time_point begin = Clock::now();
  while (probe_->signal().playouts < target && probe_attempts_ < 2 * target &&
         !interrupted(cutoff_limits)) {
    ++probe_attempts_;
    probe_->add_playout(root.state, probe_rng_, &cutoff_limits, config_.max_playout_depth);
  }
  probe_time_ += Clock::now() - begin;
  const GoalSignal signal = probe_->signal();
  // Short of time, a quarter of the probes decides; otherwise the next search goes on probing,
  // until the probe has had cutoff_probe_seconds in all: on a machine too slow for a quarter of
  // them (the prover's chess: about 0.18 s a playout of 200 moves, most cut by a quarter of a
  // 1 s turn), what it has then decides, and at least kCutoffMinProbes must have finished for
  // the cutoff to go on. Before, it took a quarter of every turn for some thirty turns.
  const bool spent = probe_time_ >= seconds_of(config_.cutoff_probe_seconds);
  if (signal.playouts < target && probe_attempts_ < 2 * target && signal.playouts < target / 4 &&
      !spent)
    return;
  cutoff_decided_ = true;
  const bool on =
      signal.playouts >= kCutoffMinProbes && signal.correlation >= config_.cutoff_correlation;
  if (on)  // the workers' rollouts; batched playouts read worker 0's depth (mcts_batch.cpp)
    for (auto& worker : workers_)
      worker->policy.max_depth = std::min(config_.max_playout_depth, config_.cutoff_depth);
  add_note((on ? "goal cutoff after " + std::to_string(config_.cutoff_depth) + " moves"
               : std::string("no goal cutoff")) +
           " (goal/result correlation " + std::to_string(signal.correlation).substr(0, 5) +
           " over " + std::to_string(signal.playouts) + " probe playouts of " +
           std::to_string(static_cast<long>(std::lround(signal.mean_length))) + " moves)");
}

void MctsSearcher::decide_greedy(const SearchLimits& limits) {
  greedy_decided_ = true;
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  // A share of the call's time: a quarter, at most kGreedyProbeSeconds; greedy playouts first
  // (the first batch teaches the lanes which moves end games), then greedy and random batches in
  // turn, each kind timed on its own, so that a change of load during the probe (a background
  // build, another process's start) weighs on both rates alike: timed one after the other, the
  // cost of breakthrough's greedy playouts read 2.9 to 6.0 random ones in one round against
  // Sancho, on both sides of greedy_gain.
  const Clock::duration share =
      std::max(Clock::duration{}, probe_deadline(limits, seconds_of(kGreedyProbeSeconds)) - Clock::now());
  const size_t lanes = machine_.parallel_playouts();
  std::vector<double> sums(num_roles_);
  reasoner::Random rng(probe_rng_.next());
  reasoner::PlayoutTally warm, greedy, random;
  std::vector<Clock::duration> greedy_times, random_times;  // as many batches of each kind
  auto batch = [&](reasoner::PlayoutPolicy policy, reasoner::PlayoutTally& t) {
    const Clock::time_point begin = Clock::now();
    const reasoner::PlayoutTally played =
        machine_.random_playouts(root.state, lanes, rng, sums, config_.max_playout_depth, policy);
    t.steps += played.steps, t.unsafe_picks += played.unsafe_picks;
    return Clock::now() - begin;
  };
  // Under a playout budget alone (no deadline: `ggp bench-search --playouts`), a fixed number of
  // batches within probe_deadline's safety net, so that the lanes learn the same ending moves in
  // every run and the search keeps its signature; only the cost, and so the choice, is timed.
  const bool counted = limits.deadline == Clock::time_point::max();
  const Clock::time_point begin = Clock::now();
  const auto more = [&](size_t done, size_t batches, Clock::duration time) {
    if (interrupted(limits) || Clock::now() - begin >= (counted ? share : time)) return false;
    return !counted || done < batches;
  };
  size_t warm_batches = 0;
  do batch(reasoner::PlayoutPolicy::Greedy, warm);
  while (more(++warm_batches, kGreedyWarmBatches, share / 8));
  do {
    greedy_times.push_back(batch(reasoner::PlayoutPolicy::Greedy, greedy));
    random_times.push_back(batch(reasoner::PlayoutPolicy::Random, random));
  } while (more(greedy_times.size(), kGreedyProbePairs, share));
  // Each kind's median batch: a batch the scheduler preempted (another process on the core) is
  // an outlier the median ignores, where a sum counts it (one unit test under a busy machine read
  // connect_four's greedy playouts as 134 random ones, against 2-4 when idle).
  auto median = [](std::vector<Clock::duration>& times) {
    std::nth_element(times.begin(), times.begin() + static_cast<ptrdiff_t>(times.size() / 2), times.end());
    return times[times.size() / 2];
  };
  const Clock::duration greedy_time = median(greedy_times), random_time = median(random_times);
  const double unsafe = greedy.steps > 0 ? static_cast<double>(greedy.unsafe_picks) /
                                               static_cast<double>(greedy.steps)
                                         : 0.0;
  const double cost = random_time > Clock::duration{}
                          ? std::chrono::duration<double>(greedy_time) / random_time
                          : INFINITY;
  config_.greedy_playouts = unsafe / cost >= config_.greedy_gain;
  char line[160];
  std::snprintf(line, sizeof line,
                "greedy playouts %s (a random move lets the next mover win at once on %.1f%% of "
                "moves; greedy playouts cost %.1f random ones)",
                config_.greedy_playouts ? "on" : "off", 100 * unsafe, cost);
  add_note(line);
}

void MctsSearcher::decide_mast(const SearchLimits& limits) {
  config_.mast_unless_greedy = false;
  const Node& root = tree_.node(0);
  std::string why = config_.greedy_playouts ? "greedy playouts on" : "a terminal root";
  bool on = !config_.greedy_playouts && !root.terminal;
  if (on) {
    reasoner::Random rng(probe_rng_.next());
    const LegalShare share =
        measure_legal_share(machine_, root.state, rng, kLegalSharePlayouts,
                            probe_limits(limits, kLegalShareSeconds), config_.max_playout_depth);
    on = share.decisions > 0 && share.share <= config_.mast_max_share;
    char line[120];
    std::snprintf(line, sizeof line,
                  "greedy playouts off, legal moves %.3f of a role's moves over %zu playouts",
                  share.share, share.playouts);
    why = line;
  }
  if (!on) {
    config_.playout = PlayoutMode::Random;
    for (auto& w : workers_) w->policy.mode = PlayoutMode::Random;
  }
  add_note(std::string(on ? "MAST playouts on (epsilon-greedy, " : "MAST playouts off (") + why +
           ")");
}

void MctsSearcher::decide_heuristic(const SearchLimits& limits) {
  heuristic_decided_ = true;
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  const SearchLimits learn_limits = probe_limits(limits, kHeuristicSeconds);
  HeuristicReport report;
  reasoner::Random rng(probe_rng_.next());
  HeuristicSettings settings;
  settings.lines = config_.heuristic_lines;
  heuristic_ = Heuristic::learn(machine_, root.state, rng, learn_limits, settings, report);
  if (heuristic_ && !heuristic_->enabled()) heuristic_.reset();
  prior_.resize(num_roles_);
  implicit_ = config_.implicit_alpha > 0 && heuristic_ &&
              report.correlation >= config_.implicit_min_correlation;
  if (implicit_) seed_estimate(0);  // the first search: the tree holds its root alone
  add_note(report.summary);
  if (config_.implicit_alpha > 0 && heuristic_)
    add_note(implicit_ ? "implicit minimax backups on"
                       : "implicit minimax backups off (the evaluation is too weak)");
}

void MctsSearcher::decide_amaf(const SearchLimits& limits) {
  amaf_decided_ = true;
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  reasoner::Random rng(probe_rng_.next());
  const MoveEffects effects =
      measure_move_effects(machine_, root.state, rng, kMoveEffectPlayouts,
                           probe_limits(limits, kMoveEffectSeconds), config_.max_playout_depth);
  // No decision seen (simultaneous moves only, or no move legal twice): AMAF stays.
  const bool off = effects.decisions > 0 && effects.fixed_share < config_.amaf_min_fixed;
  if (off) config_.amaf = AmafMode::Off;
  char line[160];
  std::snprintf(line, sizeof line,
                "AMAF %s (%.3f of the moves tried in %zu states have a fixed effect)",
                off ? "off" : "on", effects.fixed_share, effects.states);
  add_note(line);
}

void MctsSearcher::decide_captures(const SearchLimits& limits) {
  captures_decided_ = true;
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  reasoner::Random rng(probe_rng_.next());
  captures_ = CaptureMoves::discover(machine_, root.state, rng, probe_limits(limits, kCaptureSeconds));
  for (auto& w : workers_)
    w->policy.captures = captures_.played_first(config_.capture_share, config_.capture_ranks);
  add_note(captures_.summary());
}

void MctsSearcher::decide_piece_sets(const SearchLimits& limits) {
  piece_sets_decided_ = true;
  const Node& root = tree_.node(0);
  if (root.terminal) return;
  reasoner::Random rng(probe_rng_.next());
  const std::vector<reasoner::State> states =
      sample_playout_states(machine_, root.state, rng, probe_limits(limits, kCaptureSeconds));
  const PieceFeatures sets = PieceFeatures::discover(machine_, states);
  piece_sets_ = sets.fact_lists();
  std::string note = "private captures: " + std::to_string(sets.size()) + " piece sets";
  for (size_t j = 0; j < sets.size() && j < 4; ++j) note += (j ? ", " : " (") + sets.name(j);
  add_note(sets.size() > 0 ? note + ")" : note);
}

}  // namespace ggp::agent
