#pragma once
// A learned evaluation of states, found at the start of a match from the rules alone: each role's
// expected result as a logistic function of candidate piece counts (agent/piece_features.h) and of
// which role is to move, fitted by logistic regression to the results of playouts from the root
// (greedy ones where the machine plays them in its lanes, HeuristicSettings::greedy; else
// uniformly random), and kept only when it predicts the results of playouts it was not
// fitted on clearly better than the mover alone does. Sancho's piece heuristic (piece sets detected
// at START, kept where their counts correlate with the final scores) is the model; the fit takes the
// place of its hand-set piece values and of its correlation test. The MCTS engine uses it as a
// prior on new nodes (MctsConfig::heuristic_weight: progressive bias by pseudo-visits, as Sancho
// seeds new nodes with its heuristic).
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agent/piece_features.h"
#include "agent/searcher.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

struct HeuristicReport {
  bool enabled = false;
  size_t playouts = 0;           // random playouts sampled
  size_t samples = 0;            // (state, results) pairs fitted and checked
  double correlation = 0;        // held out: predicted against actual results, mean over roles
  double base_correlation = 0;   // the same for the model of the mover alone
  std::string summary;           // one line for the player's log
};

struct HeuristicSettings {
  size_t max_playouts = 4000;      // random playouts sampled at most
  size_t states_per_playout = 12;  // non-terminal states kept from each, at random
  size_t max_samples = 24000;      // states kept at most (the fit's cost grows with them)
  double min_correlation = 0.1;    // held-out correlation needed...
  double min_gain = 0.05;          // ...and by this much above the mover's alone
  bool lines = false;  // candidate features include line sets (PieceFeatures::discover)
  bool greedy = true;  // sample greedy playouts (reasoner::PlayoutPolicy::Greedy), whose positions
                       // and results are nearer to real play's than uniformly random ones
};

class Heuristic {
 public:
  // Samples playouts from `root` until `limits` stop it or max_playouts are played, fits, checks
  // on the last fifth of the playouts, and returns the model (null without piece sets or
  // playouts); enabled() says whether it passed the check, `report` what was measured.
  static std::unique_ptr<Heuristic> learn(reasoner::StateMachine& machine,
                                          const reasoner::State& root, reasoner::Random& rng,
                                          const SearchLimits& limits,
                                          const HeuristicSettings& settings,
                                          HeuristicReport& report);

  // Each role's expected result in [0, 1] in `state`, where role `mover` (-1: none, or several)
  // is the only one with a choice. Allocation-free.
  void evaluate(const reasoner::State& state, int mover, std::span<double> out) const;

  // The features and each role's weights, for reports.
  std::string describe() const;
  // Whether the held-out check passed (learn() returns a model that did not only to report it).
  bool enabled() const { return enabled_; }

 private:
  // Logistic regression of one role's result on the feature rows (x: rows of `width`).
  struct Model {
    std::vector<double> weights;  // by feature, the intercept first
  };

  size_t width() const { return 1 + pieces_.size() + num_roles_; }
  // Row of features: 1, standardised counts, mover indicators.
  void features(const reasoner::State& state, int mover, std::span<double> row) const;
  static Model fit(std::span<const double> x, std::span<const double> y, size_t width,
                   const std::vector<uint8_t>& use);
  static double predict(const Model& m, std::span<const double> row);

  PieceFeatures pieces_;
  size_t num_roles_ = 0;
  std::vector<double> mean_, scale_;  // by piece set: standardisation
  std::vector<Model> models_;         // by role
  mutable std::vector<double> row_;   // scratch of evaluate()
  bool enabled_ = false;
};

}  // namespace ggp::agent
