#pragma once
// The one interface of every searcher (the MCTS engine, MM-MCS, NMCS, NRPA): set a root, search
// until a limit, answer a move per role. Searchers are plain classes built from
// (const Config&, StateMachine&, seed); search is synchronous and deterministic for a seed when it
// is bounded by a playout budget. Clocks, threads and the GGP protocol live in the Player.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::agent {

using Clock = std::chrono::steady_clock;

// When a search() call stops: the first limit reached wins.
struct SearchLimits {
  Clock::time_point deadline = Clock::time_point::max();         // checked before every playout
  uint64_t max_playouts = std::numeric_limits<uint64_t>::max();  // playouts in this call
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop at once
  // Where `deadline` ends a slice of a longer turn (agent/search_player_match.cpp), the turn's
  // end: a playout begun before `deadline` may run on until then instead of being abandoned or
  // not begun, so that on a slow machine a playout longer than a slice still counts (chess on the
  // prover: about 0.16 s a playout against slices of at most 200 ms). max: none; `deadline`
  // holds.
  Clock::time_point playout_deadline = Clock::time_point::max();
};

// The limits a playout begun under `limits` runs by: `playout_deadline` in place of `deadline`
// where it is later.
inline SearchLimits playout_limits(const SearchLimits& limits) {
  SearchLimits out = limits;
  if (limits.playout_deadline != Clock::time_point::max())
    out.deadline = std::max(limits.deadline, limits.playout_deadline);
  return out;
}

// `limits` with its deadline (where it has one still ahead) brought forward to `share` of the time
// left: the part of a call's time given to one stage of it.
inline SearchLimits share_of_time_left(const SearchLimits& limits, double share) {
  SearchLimits part = limits;
  const Clock::time_point now = Clock::now();
  if (limits.deadline != Clock::time_point::max() && limits.deadline > now)
    part.deadline =
        now + std::chrono::duration_cast<Clock::duration>((limits.deadline - now) * share);
  return part;
}

// Limits of `playouts` playouts and no clock.
inline SearchLimits playout_budget(uint64_t playouts) {
  SearchLimits limits;
  limits.max_playouts = playouts;
  return limits;
}

struct SearchStats {
  uint64_t playouts = 0;  // simulations since the last set_root()/advance()
  uint64_t rollouts = 0;  // of those, the ones that ran a playout (others ended on a proven node)
  uint64_t nodes = 0;     // nodes held now
  bool root_solved = false;  // the root's value is proven (further search changes nothing)
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  virtual std::string name() const = 0;

  // Forgets the previous search; the next search() starts at `state`.
  virtual void set_root(const reasoner::State& state) = 0;
  // The match moved from the root by `joint` to `next`: keep what still applies (tree reuse).
  virtual void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) {
    (void)joint;
    set_root(next);
  }
  // The role whose moves the player asks for (its own), for a searcher that searches differently
  // for its own side (MctsSearcher drops its shallow proofs where they prove that role's root not
  // won); not called by benchmarks and self-play, where no side is the searcher's own.
  virtual void set_own_role(reasoner::RoleIndex role) { (void)role; }
  // Searches from the root until a limit. Does not throw for a well-formed machine.
  virtual void search(const SearchLimits& limits) = 0;
  // `role`'s move at the root: a legal move whenever the root is not terminal, searched or not.
  virtual reasoner::MoveId best_move(reasoner::RoleIndex role) = 0;
  virtual SearchStats stats() const = 0;
  // `role`'s root moves weighted by the search's confidence (MCTS: visits), for combining several
  // searches (root parallelism); a proven win carries infinite weight. By default the best move.
  virtual std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) {
    return {{best_move(role), 1.0}};
  }
  // What the search knows of each of `role`'s root moves: the mean result in [0,1] of the
  // simulations through it, their number, and its exact value where the search proved it; empty
  // where the searcher keeps no such values (the factored search weighs sub-games by them).
  struct RootMove {
    reasoner::MoveId move = 0;
    double mean = 0;
    uint64_t visits = 0;
    std::optional<double> proven;
  };
  virtual std::vector<RootMove> root_moves(reasoner::RoleIndex role) const {
    (void)role;
    return {};
  }
  // A remark on what the searcher decided for itself (e.g. the metagame's choice), for the
  // player's log; each remark is returned once, then the note is empty until the next one.
  virtual std::string note() { return {}; }
};

// Builds a searcher over `machine` (which the caller owns and keeps for the searcher's lifetime),
// seeded with `seed`: how players, root parallelism and the metagame make searchers.
using SearcherFactory =
    std::function<std::unique_ptr<Searcher>(reasoner::StateMachine& machine, uint64_t seed)>;

// True when the stop flag is raised or the deadline has passed (the playout budget aside).
inline bool interrupted(const SearchLimits& limits) {
  if (limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) return true;
  return limits.deadline != Clock::time_point::max() && Clock::now() >= limits.deadline;
}

// For a loop of many steps (a playout): says at each step whether `limits` interrupt it. The
// stop flag is read at every step (a relaxed load); the clock at every step while steps are slow
// and every 16th once the first four steps are found fast (under kFastStep each on average),
// which keeps its cost off fast machines. Every 16th step alone was not enough: a step of the
// prover on late chess positions takes up to about 0.15 s, and 16 of them ran 2.5 s past a 1 s
// clock (docs/benchmarks.md, chess at 1 s).
class StepCheck {
 public:
  static constexpr Clock::duration kFastStep = std::chrono::microseconds(50);

  explicit StepCheck(const SearchLimits& limits) : limits_(limits) {}

  bool interrupted(size_t step) {
    if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) return true;
    if (limits_.deadline == Clock::time_point::max() || (fast_ && (step & 15) != 15)) return false;
    const Clock::time_point now = Clock::now();
    if (checks_++ == 0)
      first_ = now, first_step_ = step;
    else if (!fast_ && step >= first_step_ + 4)
      fast_ = now - first_ < static_cast<Clock::rep>(step - first_step_) * kFastStep;
    return now >= limits_.deadline;
  }

 private:
  const SearchLimits& limits_;
  Clock::time_point first_{};
  size_t first_step_ = 0, checks_ = 0;
  bool fast_ = false;
};

// True when `limits` says to stop, given the playouts done so far in this call.
inline bool limit_reached(const SearchLimits& limits, uint64_t playouts_this_call) {
  return playouts_this_call >= limits.max_playouts || interrupted(limits);
}

}  // namespace ggp::agent
