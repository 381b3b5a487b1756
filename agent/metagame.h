#pragma once
// Metagaming: before its first search, the searcher plays short self-play trials between
// candidate MCTS configurations (e.g. UCT, RAVE, MAST, PPA) from the root, picks the one with the
// best mean result, and from then on searches with it (the first search then warms its tree).
// In the spirit of CadiaPlayer's and Sancho's start-clock analysis; the trials follow the
// comparison seed's round robin in miniature.
//
// Trials: every ordered pair of candidates (A, B), every seat: A plays that role, B every other
// role, and A is scored (two roles: each unordered pair, every seat, both scored; one role: each
// candidate alone), up to `rounds` times; only whole rounds count
// (unless the first is all there is). A candidate's score is the mean of its own scaled goal over
// its games. The best mean is chosen (ties: the earlier candidate) if it beats the first
// candidate's (the baseline) by switch_z standard errors, else the first. The trials use at most
// time_fraction of the time the first search() has (all of it under a playout budget alone), and
// are deterministic for a seed when no deadline cuts them.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/mcts.h"
#include "agent/searcher.h"
#include "agent/self_play.h"

namespace ggp::agent {

struct MetagameCandidate {
  std::string name;  // for reports, e.g. "rave"
  MctsConfig config;
};

inline constexpr uint64_t kDefaultTrialPlayouts = 100;
inline constexpr size_t kDefaultRounds = 4;
inline constexpr size_t kMaxRounds = 256;

struct MetagameConfig {
  std::vector<MetagameCandidate> candidates;  // at least one; the first wins ties
  uint64_t trial_playouts = 0;  // playouts per decision in the trials; 0: the first search's
                                // playout budget when it has one (trials then play as the match
                                // will), else kDefaultTrialPlayouts
  size_t rounds = 0;      // at most this many rounds (each pairing in each seat); 0: under a clock
                          // alone, as many as the time share allows (up to kMaxRounds), under a
                          // playout budget kDefaultRounds (deterministic)
  double switch_z = 1.0;  // the first candidate is kept unless the best mean beats its mean by
                          // switch_z standard errors of the difference (0: the best mean wins)
  double time_fraction = 0.5;    // share of the first search's time the trials may use
  size_t max_trial_moves = 200;  // a trial still running after this many turns is scored there
  size_t trial_threads = 1;      // trial games played at once, each thread on its own machine clone
};

class MetagameSearcher : public Searcher {
 public:
  MetagameSearcher(MetagameConfig config, reasoner::StateMachine& machine, uint64_t seed);

  std::string name() const override;
  void set_root(const reasoner::State& state) override;
  void set_own_role(reasoner::RoleIndex role) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  // The first call runs the trials, then every call searches with the chosen configuration.
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;
  std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) override;
  std::string note() override;

  // After the trials: the chosen candidate's index, each candidate's mean result and games.
  int chosen() const { return chosen_; }
  const std::vector<double>& scores() const { return scores_; }
  const std::vector<size_t>& games() const { return games_; }

 private:
  // One trial game: candidate `a` in role `seat`, candidate `b` in the other roles.
  struct Pairing {
    size_t a, b;
    reasoner::RoleIndex seat;
  };
  TrialSettings trial_settings(const SearchLimits& limits) const;
  // One round's games, in a fixed order.
  std::vector<Pairing> schedule() const;
  // Plays `games` (game k seeded first_seed + 1000 k) on trial_threads threads; a game cut by
  // the deadline or the stop flag is nullopt, and no new game starts after one is cut.
  std::vector<std::optional<std::vector<double>>> play_round(const std::vector<Pairing>& games,
                                                             uint64_t first_seed,
                                                             const TrialSettings& trial);
  void run_trials(const SearchLimits& limits);

  MetagameConfig config_;
  reasoner::StateMachine& machine_;
  uint64_t seed_;
  reasoner::State root_;
  std::optional<reasoner::RoleIndex> own_role_;  // handed to the chosen searcher
  int chosen_ = -1;
  std::vector<double> scores_;
  std::vector<size_t> games_;
  std::unique_ptr<MctsSearcher> inner_;
  std::vector<std::unique_ptr<reasoner::StateMachine>> clones_;  // for parallel trials
  std::string note_;                                             // reported once by note()
};

}  // namespace ggp::agent
