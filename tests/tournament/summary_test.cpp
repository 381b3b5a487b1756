// The summary of a synthetic result set: pairings and their intervals, per-game scores, replies
// and CPU per player, aborted matches left out of the scores, n-player games compared pairwise.
#include <doctest/doctest.h>

#include "tournament/summary.h"

using namespace ggp::tournament;

namespace {

MatchResult result(const std::string& game, std::vector<std::string> players,
                   std::vector<int> goals, size_t turns = 10) {
  MatchResult r;
  static int n = 0;
  r.id = game + "." + std::to_string(++n);
  r.game = game;
  r.players = std::move(players);
  r.goals = std::move(goals);
  r.turns = turns;
  const size_t k = r.players.size();
  r.timeouts.assign(k, 0);
  r.illegal.assign(k, 0);
  r.failed.assign(k, 0);
  r.wall_ms = 1000;
  return r;
}

}  // namespace

TEST_CASE("summary: pairings with Wilson intervals, seats pooled, aborted matches apart") {
  std::vector<MatchResult> rs;
  for (int i = 0; i < 6; ++i) rs.push_back(result("c4", {"a", "b"}, {100, 0}));
  for (int i = 0; i < 2; ++i) rs.push_back(result("c4", {"b", "a"}, {50, 50}));
  rs.push_back(result("c4", {"b", "a"}, {100, 0}));
  MatchResult aborted = result("c4", {"a", "b"}, {});
  aborted.aborted = true;
  aborted.failed = {0, 3};
  rs.push_back(aborted);
  rs.push_back(result("unknown_game", {"a", "b"}, {100, 0}));

  const Summary s = summarise({"c4"}, {"a", "b"}, rs);
  CHECK(s.matches == 9);
  CHECK(s.aborted == 1);
  REQUIRE(s.pairings.size() == 1);
  const PairingScore& p = s.pairings[0];
  CHECK(p.a == 0);
  CHECK(p.wins == 6);
  CHECK(p.draws == 2);
  CHECK(p.losses == 1);
  CHECK(p.score() == doctest::Approx(7.0 / 9));
  const auto [lo, hi] = p.interval();
  const auto [wlo, whi] = wilson_interval(7, 9);
  CHECK(lo == wlo);
  CHECK(hi == whi);
  CHECK(s.per_game[0][0].score() == doctest::Approx(7.0 / 9));
  CHECK(s.per_game[0][1].mean_goal() == doctest::Approx((100 + 100) / 9.0));
  CHECK(s.per_player[1].failed == 3);  // counted, though the match was aborted
  CHECK(s.per_player[0].replies == 10 * 10);
  CHECK(s.per_player[0].rating.elo == 0);  // the anchor
  CHECK(s.per_player[1].rating.elo < 0);
  const nlohmann::json j = to_json(s);
  CHECK(j["pairings"][0]["wins"] == 6);
  CHECK(j["players_stats"][1]["failed"] == 3);
  CHECK(to_text(s).find("a vs b") != std::string::npos);
}

TEST_CASE("summary: three-role matches are compared pairwise; CPU per move where measured") {
  std::vector<MatchResult> rs;
  MatchResult m = result("cc3", {"x", "y", "z"}, {100, 50, 0}, 20);
  m.cpu_ms = {2000, 1000, 500};
  m.timeouts = {0, 1, 0};
  rs.push_back(m);
  rs.push_back(result("cc3", {"y", "z", "x"}, {100, 100, 0}, 20));
  const Summary s = summarise({"cc3"}, {"x", "y", "z"}, rs, 1);
  CHECK(s.pairings.size() == 3);
  const PairingScore* xy = s.pairing(0, 1, 0);
  REQUIRE(xy);
  CHECK(xy->wins == 1);  // x over y in the first, y over x in the second
  CHECK(xy->losses == 1);
  const PairingScore* yz = s.pairing(0, 1, 2);
  CHECK(yz->wins == 1);
  CHECK(yz->draws == 1);
  // y: 1/2 (beat z, lost to x) in the first match, 3/4 in the second.
  CHECK(s.per_game[0][1].score() == doctest::Approx((0.5 + 0.75) / 2));
  CHECK(s.per_player[0].cpu_ms_per_move() == doctest::Approx(100));  // 2000 ms over 20 moves
  CHECK(s.per_player[1].timeouts == 1);
  CHECK(s.per_player[1].rating.elo == 0);
  CHECK(s.per_player[2].cpu_moves == 20);  // measured in one match of two
}

TEST_CASE("summary: scores by role") {
  std::vector<MatchResult> rs;
  for (int i = 0; i < 3; ++i) {
    MatchResult r = result("bt", {"a", "b"}, {100, 0});
    r.roles = {"white", "black"};
    rs.push_back(r);
  }
  MatchResult r = result("bt", {"b", "a"}, {100, 0});
  r.roles = {"white", "black"};
  rs.push_back(r);
  const Summary s = summarise({"bt"}, {"a", "b"}, rs);
  const PlayerGameScore& a = s.per_game[0][0];
  CHECK(a.role_matches == std::vector<int>{3, 1});
  CHECK(a.role_score(0) == 1.0);
  CHECK(a.role_score(1) == 0.0);
  CHECK(s.per_game[0][1].role_score(0) == 1.0);
  CHECK(to_json(s)["per_game"][0]["by_role"]["white"]["matches"] == 3);
  CHECK(to_text(s).find("as white 100.0% (3), as black 0.0% (1)") != std::string::npos);
}
