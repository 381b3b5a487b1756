#pragma once
// What a tournament's results say: per game and pairing the score with its 95% Wilson interval,
// ratings of every player from every match (tournament/ratings.h), late, illegal and failed
// replies per player, and CPU time per move where it was measured. Printed as text and written as
// summary.json.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tournament/ratings.h"
#include "tournament/results_log.h"

namespace ggp::tournament {

// Player a against player b in one game: a's score over the matches they both played (a win 1, a
// draw 1/2, by comparing the two players' goals, also in games of more roles).
struct PairingScore {
  size_t game = 0;
  size_t a = 0, b = 0;  // a < b in player order
  int wins = 0, draws = 0, losses = 0;  // a's
  double score() const;                 // a's mean score; 0.5 when no match
  std::pair<double, double> interval() const;
  int matches() const { return wins + draws + losses; }
};

// One player in one game: its pairwise score against the others (every match weighing the same),
// and its mean goal.
struct PlayerGameScore {
  int matches = 0;
  double score_sum = 0;  // pairwise, each match weighing 1
  double goal_sum = 0;
  std::vector<int> role_matches;       // by the role it played
  std::vector<double> role_score_sum;
  double score() const { return matches ? score_sum / matches : 0; }
  double mean_goal() const { return matches ? goal_sum / matches : 0; }
  // Its score when it played role r (0 when it never did).
  double role_score(size_t r) const {
    return r < role_matches.size() && role_matches[r] ? role_score_sum[r] / role_matches[r] : 0;
  }
};

struct PlayerStats {
  int matches = 0;
  double score_sum = 0;  // pairwise over all games, each match weighing 1 (one-role games left out)
  int scored_matches = 0;
  Rating rating;
  long replies = 0;     // PLAY replies asked of it (one a turn)
  long timeouts = 0;    // TO
  long illegal = 0;     // IL
  long failed = 0;      // CE
  double cpu_ms = 0;    // over the matches where it was measured
  long cpu_moves = 0;   // PLAY replies in those matches
  double score() const { return scored_matches ? score_sum / scored_matches : 0; }
  double cpu_ms_per_move() const { return cpu_moves ? cpu_ms / cpu_moves : -1; }
};

struct Summary {
  std::vector<std::string> games;
  std::vector<std::vector<std::string>> roles;  // per game, from its results
  std::vector<std::string> players;
  size_t anchor = 0;
  int matches = 0;  // completed
  int aborted = 0;
  double wall_ms = 0;  // the matches' durations added up
  std::vector<PairingScore> pairings;                     // game-major, then a, then b
  std::vector<std::vector<PlayerGameScore>> per_game;     // [game][player]
  std::vector<PlayerStats> per_player;

  // The pairing of a and b (in either order) in a game, or nullptr.
  const PairingScore* pairing(size_t game, size_t a, size_t b) const;
};

// Results whose game or players are not among `games` / `players` are left out.
Summary summarise(const std::vector<std::string>& games, const std::vector<std::string>& players,
                  const std::vector<MatchResult>& results, size_t anchor = 0);

nlohmann::json to_json(const Summary& summary);
std::string to_text(const Summary& summary);

}  // namespace ggp::tournament
