#include "tournament/summary.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace ggp::tournament {
namespace {

size_t index_of(const std::vector<std::string>& names, const std::string& name) {
  return static_cast<size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

double pair_score(int mine, int theirs) { return mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0; }

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
  char text[128];
  std::snprintf(text, sizeof text, pattern, a, b, c);
  return text;
}

std::string padded(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

}  // namespace

double PairingScore::score() const {
  return matches() ? (wins + 0.5 * draws) / matches() : 0.5;
}

std::pair<double, double> PairingScore::interval() const {
  return wilson_interval(wins + 0.5 * draws, matches());
}

const PairingScore* Summary::pairing(size_t game, size_t a, size_t b) const {
  if (a > b) std::swap(a, b);
  for (const PairingScore& p : pairings)
    if (p.game == game && p.a == a && p.b == b) return &p;
  return nullptr;
}

Summary summarise(const std::vector<std::string>& games, const std::vector<std::string>& players,
                  const std::vector<MatchResult>& results, size_t anchor) {
  Summary s;
  s.games = games;
  s.players = players;
  s.anchor = anchor;
  s.per_game.assign(games.size(), std::vector<PlayerGameScore>(players.size()));
  s.roles.resize(games.size());
  s.per_player.resize(players.size());
  std::map<std::tuple<size_t, size_t, size_t>, PairingScore> pairings;
  std::vector<PairResult> pairs;

  for (const MatchResult& r : results) {
    const size_t g = index_of(games, r.game);
    std::vector<size_t> seat;
    for (const std::string& name : r.players) seat.push_back(index_of(players, name));
    if (g == games.size() ||
        std::any_of(seat.begin(), seat.end(), [&](size_t p) { return p == players.size(); }))
      continue;
    s.wall_ms += r.wall_ms;
    const size_t n = seat.size();
    if (s.roles[g].empty()) s.roles[g] = r.roles;
    for (size_t i = 0; i < n; ++i) {
      PlayerStats& ps = s.per_player[seat[i]];
      ps.replies += static_cast<long>(r.turns);
      if (i < r.timeouts.size()) ps.timeouts += r.timeouts[i];
      if (i < r.illegal.size()) ps.illegal += r.illegal[i];
      if (i < r.failed.size()) ps.failed += r.failed[i];
      if (i < r.cpu_ms.size() && r.cpu_ms[i] >= 0) {
        ps.cpu_ms += r.cpu_ms[i];
        ps.cpu_moves += static_cast<long>(r.turns);
      }
    }
    if (r.aborted || r.goals.size() != n) {
      ++s.aborted;
      continue;
    }
    ++s.matches;
    for (size_t i = 0; i < n; ++i) {
      PlayerGameScore& cell = s.per_game[g][seat[i]];
      PlayerStats& ps = s.per_player[seat[i]];
      ++cell.matches;
      ++ps.matches;
      cell.goal_sum += r.goals[i];
      double score = r.goals[i] / 100.0;  // a one-role game: its goal
      if (n > 1) {
        double mine = 0;
        for (size_t j = 0; j < n; ++j)
          if (j != i) mine += pair_score(r.goals[i], r.goals[j]);
        score = mine / static_cast<double>(n - 1);
        ps.score_sum += score;
        ++ps.scored_matches;
      }
      cell.score_sum += score;
      cell.role_matches.resize(std::max(cell.role_matches.size(), n));
      cell.role_score_sum.resize(cell.role_matches.size());
      ++cell.role_matches[i];
      cell.role_score_sum[i] += score;
    }
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
        size_t a = seat[i], b = seat[j];
        int ga = r.goals[i], gb = r.goals[j];
        if (a > b) {
          std::swap(a, b);
          std::swap(ga, gb);
        }
        PairingScore& p = pairings[{g, a, b}];
        p.game = g;
        p.a = a;
        p.b = b;
        p.wins += ga > gb;
        p.draws += ga == gb;
        p.losses += ga < gb;
        pairs.push_back({a, b, pair_score(ga, gb), 1.0 / static_cast<double>(n - 1)});
      }
  }
  for (auto& [key, p] : pairings) s.pairings.push_back(p);
  const std::vector<Rating> ratings = bradley_terry(players.size(), pairs, anchor);
  for (size_t p = 0; p < players.size(); ++p) s.per_player[p].rating = ratings[p];
  return s;
}

nlohmann::json to_json(const Summary& s) {
  nlohmann::json j;
  j["games"] = s.games;
  j["players"] = s.players;
  j["anchor"] = s.players.empty() ? "" : s.players[s.anchor];
  j["matches"] = s.matches;
  j["aborted"] = s.aborted;
  j["match_seconds"] = s.wall_ms / 1000;
  j["ratings_method"] =
      "Bradley-Terry on pairwise results (draws half a win, one prior draw per pair that met, "
      "1/(n-1) weight per pair in n-player matches), Elo scale, 95% intervals";
  j["pairings"] = nlohmann::json::array();
  for (const PairingScore& p : s.pairings) {
    const auto [low, high] = p.interval();
    j["pairings"].push_back({{"game", s.games[p.game]},
                             {"a", s.players[p.a]},
                             {"b", s.players[p.b]},
                             {"wins", p.wins},
                             {"draws", p.draws},
                             {"losses", p.losses},
                             {"score", p.score()},
                             {"low", low},
                             {"high", high}});
  }
  j["per_game"] = nlohmann::json::array();
  for (size_t g = 0; g < s.games.size(); ++g)
    for (size_t p = 0; p < s.players.size(); ++p) {
      const PlayerGameScore& c = s.per_game[g][p];
      if (c.matches == 0) continue;
      nlohmann::json by_role = nlohmann::json::object();
      for (size_t r = 0; r < c.role_matches.size() && r < s.roles[g].size(); ++r)
        if (c.role_matches[r])
          by_role[s.roles[g][r]] = {{"matches", c.role_matches[r]}, {"score", c.role_score(r)}};
      j["per_game"].push_back({{"game", s.games[g]},
                               {"player", s.players[p]},
                               {"matches", c.matches},
                               {"score", c.score()},
                               {"mean_goal", c.mean_goal()},
                               {"by_role", by_role}});
    }
  j["players_stats"] = nlohmann::json::array();
  for (size_t p = 0; p < s.players.size(); ++p) {
    const PlayerStats& ps = s.per_player[p];
    nlohmann::json x = {{"player", s.players[p]},  {"matches", ps.matches},
                        {"score", ps.score()},     {"replies", ps.replies},
                        {"timeouts", ps.timeouts}, {"illegal", ps.illegal},
                        {"failed", ps.failed}};
    if (ps.rating.rated)
      x["rating"] = {{"elo", ps.rating.elo}, {"low", ps.rating.low}, {"high", ps.rating.high}};
    if (ps.cpu_moves) x["cpu_ms_per_move"] = ps.cpu_ms_per_move();
    j["players_stats"].push_back(x);
  }
  return j;
}

std::string to_text(const Summary& s) {
  size_t width = 6;
  for (const std::string& p : s.players) width = std::max(width, p.size());
  std::string out = std::to_string(s.matches) + " matches completed (" + std::to_string(s.aborted) +
                    " aborted), " + format("%.0f", s.wall_ms / 1000) + " s of matches\n";
  if (s.players.empty()) return out;

  out += "\nratings (Bradley-Terry, Elo scale, " + s.players[s.anchor] +
         " = 0, 95% intervals), score = wins + draws/2 over all games:\n";
  std::vector<size_t> order(s.players.size());
  for (size_t p = 0; p < order.size(); ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return s.per_player[a].rating.elo > s.per_player[b].rating.elo;
  });
  for (size_t p : order) {
    const PlayerStats& ps = s.per_player[p];
    out += "  " + padded(s.players[p], width) + "  ";
    out += ps.rating.rated
               ? format("%+6.0f [%+.0f, %+.0f]", ps.rating.elo, ps.rating.low, ps.rating.high)
               : std::string("   n/a (no comparison)");
    out += format("   score %.1f%%", 100 * ps.score()) + " of " + std::to_string(ps.matches) +
           " matches\n";
  }

  out += "\nper game: the first player's score against the second (95% Wilson interval, "
         "won-drawn-lost), then each player's score, mean goal and score by role:\n";
  for (size_t g = 0; g < s.games.size(); ++g) {
    out += "  " + s.games[g] + "\n";
    for (const PairingScore& p : s.pairings) {
      if (p.game != g) continue;
      const auto [low, high] = p.interval();
      out += "    " + padded(s.players[p.a] + " vs " + s.players[p.b], 2 * width + 4) +
             format(" %5.1f%% [%.1f, %.1f]", 100 * p.score(), 100 * low, 100 * high) + "  " +
             std::to_string(p.wins) + "-" + std::to_string(p.draws) + "-" +
             std::to_string(p.losses) + "\n";
    }
    for (size_t p = 0; p < s.players.size(); ++p) {
      const PlayerGameScore& c = s.per_game[g][p];
      if (c.matches == 0) continue;
      out += "    " + padded(s.players[p], width) + format("  %5.1f%%", 100 * c.score()) + " of " +
             std::to_string(c.matches) + format(", mean goal %.1f", c.mean_goal());
      for (size_t r = 0; r < c.role_matches.size() && r < s.roles[g].size(); ++r)
        if (c.role_matches[r])
          out += std::string(r ? "," : ";") + " as " + s.roles[g][r] +
                 format(" %.1f%%", 100 * c.role_score(r)) + " (" +
                 std::to_string(c.role_matches[r]) + ")";
      out += "\n";
    }
  }

  out += "\nreplies per player: PLAY replies, late (TO), illegal (IL), failed (CE); CPU per move:\n";
  for (size_t p = 0; p < s.players.size(); ++p) {
    const PlayerStats& ps = s.per_player[p];
    out += "  " + padded(s.players[p], width) + "  " + std::to_string(ps.replies) + " replies, " +
           std::to_string(ps.timeouts) + " TO, " + std::to_string(ps.illegal) + " IL, " +
           std::to_string(ps.failed) + " CE, " +
           (ps.cpu_moves ? format("%.0f ms CPU per move", ps.cpu_ms_per_move())
                         : std::string("CPU not measured (in-process; --over-http measures it)")) +
           "\n";
  }
  return out;
}

}  // namespace ggp::tournament
