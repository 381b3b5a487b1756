#include "agent/capture_moves.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <unordered_map>

#include "agent/capture_ranks.h"
#include "agent/piece_features.h"
#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::FactId;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

CaptureMoves CaptureMoves::discover(reasoner::StateMachine& machine, const State& root,
                                    reasoner::Random& rng, const SearchLimits& limits,
                                    const CaptureSettings& settings) {
  CaptureMoves out;
  const Clock::time_point begin = Clock::now();
  // A share of the time for each stage (where there is a deadline): a quarter to sample, half of
  // the rest for the first pass; the second pass goes over the states the first one saw.
  const std::vector<State> states =
      sample_playout_states(machine, root, rng, share_of_time_left(limits, 0.25), settings.sample);
  // First pass: every fact a move removed is a candidate victim; the facts of the states and
  // of their successors (a piece on a square reached only by a game's last move included) make
  // the piece sets.
  reasoner::JointMove joint;
  State next, seen;
  std::vector<MoveId> legal;  // the mover's, kept past next_state (legal_moves' span is not)
  std::vector<double> before, after;
  const PieceFeatures* pieces = nullptr;  // set after the first pass
  // Visits the moves of states [0, count) until `part` interrupts; returns the states visited.
  auto for_each_move = [&](size_t count, const SearchLimits& part, auto&& visit) {
    for (size_t i = 0; i < count; ++i) {
      const State& s = states[i];
      if (interrupted(part)) return i;
      const int mover = reasoner::only_mover(machine, s, &joint);
      if (mover < 0) continue;
      const auto r = static_cast<RoleIndex>(mover);
      const std::span<const MoveId> moves = machine.legal_moves(s, r);
      legal.assign(moves.begin(), moves.end());
      if (pieces) pieces->counts(s, before);
      StepCheck check(part);
      for (size_t k = 0; k < legal.size(); ++k) {
        if (check.interrupted(k)) return i;  // a slow machine's wide state
        const MoveId m = legal[k];
        joint[r] = m;
        machine.next_state(s, joint, next);
        if (pieces) pieces->counts(next, after);
        visit(m, s, next);
      }
    }
    return count;
  };
  std::unordered_map<MoveId, std::vector<FactId>> candidates;
  for (const State& s : states) s.for_each_fact([&](FactId f) { seen.set(f); });
  auto note_removed = [&](MoveId m, const State& s, const State& n) {
    n.for_each_fact([&](FactId f) { seen.set(f); });
    s.for_each_fact([&](FactId f) {
      if (n.test(f)) return;
      std::vector<FactId>& list = candidates[m];
      if (std::find(list.begin(), list.end(), f) == list.end()) list.push_back(f);
    });
  };
  const size_t visited =
      for_each_move(states.size(), share_of_time_left(limits, 0.5), note_removed);
  const PieceFeatures sets = PieceFeatures::discover(machine, std::span(&seen, 1));
  out.seen_ = seen;
  if (sets.size() == 0) {
    out.summary_ = "no captures (no piece sets in " + std::to_string(visited) + " states)";
    return out;
  }
  pieces = &sets;
  before.resize(sets.size()), after.resize(sets.size());
  std::vector<int> set_of(seen.words().size() * 64, -1);  // by fact: its piece set, or -1
  seen.for_each_fact([&](FactId f) {
    for (size_t j = 0; j < sets.size() && set_of[f] < 0; ++j)
      if (sets.contains(j, f)) set_of[f] = static_cast<int>(j);
  });
  for (auto& [m, list] : candidates) std::erase_if(list, [&](FactId f) { return set_of[f] < 0; });
  // Only candidates (facts of a set) are asked.
  auto removed_from_shrunk_set = [&](FactId f, const State& s, const State& n) {
    const auto set = static_cast<size_t>(set_of[f]);
    return s.test(f) && !n.test(f) && after[set] < before[set];
  };
  // Second pass: how often each candidate held where its move was played, and was removed.
  struct Tally {
    size_t held = 0, removed = 0;
  };
  std::unordered_map<uint64_t, Tally> tallies;  // by (move << 32 | fact)
  const size_t checked = for_each_move(visited, limits, [&](MoveId m, const State& s, const State& n) {
      const auto it = candidates.find(m);
      if (it == candidates.end()) return;
      for (FactId f : it->second) {
        if (!s.test(f)) continue;
        Tally& t = tallies[uint64_t{m} << 32 | f];
        ++t.held;
        t.removed += removed_from_shrunk_set(f, s, n);
      }
    });
  MoveId last = 0;
  for (const auto& [m, list] : candidates) last = std::max(last, m);
  out.begin_.assign(size_t{last} + 2, 0);
  // A move keeps its victims only where it has no piece it took at times and spared at others,
  // where it held: what a reversi move turns over depends on the whole line, not on one fact.
  std::vector<std::vector<FactId>> kept(size_t{last} + 1);
  std::vector<uint8_t> spoiled(size_t{last} + 1, 0);
  for (const auto& [key, t] : tallies) {
    const size_t m = key >> 32;
    if (t.removed > 0 && t.removed < t.held) spoiled[m] = 1;
    if (t.held >= settings.min_seen && t.removed == t.held)
      kept[m].push_back(static_cast<FactId>(key & 0xffffffffu));
  }
  size_t moves_with_victims = 0;
  for (size_t m = 0; m < kept.size(); ++m) {
    if (!spoiled[m]) {
      std::sort(kept[m].begin(), kept[m].end());
      out.victims_.insert(out.victims_.end(), kept[m].begin(), kept[m].end());
      moves_with_victims += !kept[m].empty();
    }
    out.begin_[m + 1] = static_cast<uint32_t>(out.victims_.size());
  }
  if (out.victims_.empty()) out.begin_.clear();
  const CaptureRanks ranks = scarcity_ranks(machine, states, out.victims_);
  out.ranks_ = ranks.ranks;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - begin).count();
  char line[160];
  std::snprintf(line, sizeof line,
                "captures: %zu moves with %zu victims over %zu states (%zu piece sets) in %lld ms",
                moves_with_victims, out.victims_.size(), checked, sets.size(),
                static_cast<long long>(ms));
  out.summary_ = line;
  if (!ranks.summary.empty()) out.summary_ += "; " + ranks.summary;
  return out;
}

}  // namespace ggp::agent
