// The schedule: every player in every seat equally often, for games of two and three roles and
// more players than roles; stable ids; player arguments.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "tournament/plan.h"

using namespace ggp::tournament;

namespace {

TournamentSpec spec_of(size_t games, size_t players, int matches) {
  TournamentSpec spec;
  // Names built by += (GCC 12 warns, wrongly, of overlapping copies in "g" + to_string).
  for (size_t g = 0; g < games; ++g) {
    std::string name = "g";
    name += std::to_string(g);
    spec.games.push_back({name, ""});
  }
  for (size_t p = 0; p < players; ++p) {
    std::string name = "p";
    name += std::to_string(p);
    spec.players.push_back({name, "random", ""});
  }
  spec.settings.matches = matches;
  return spec;
}

// How often each player sits in each seat of game g.
std::map<std::pair<size_t, size_t>, int> seat_counts(const std::vector<ScheduledMatch>& schedule,
                                                     size_t game) {
  std::map<std::pair<size_t, size_t>, int> counts;
  for (const ScheduledMatch& m : schedule)
    if (m.game == game)
      for (size_t seat = 0; seat < m.seats.size(); ++seat) ++counts[{m.seats[seat], seat}];
  return counts;
}

void check_balanced(const std::vector<ScheduledMatch>& schedule, size_t game, size_t players,
                    size_t roles, int expected) {
  const auto counts = seat_counts(schedule, game);
  CHECK(counts.size() == players * roles);  // everyone sat in every seat
  for (const auto& count : counts) {  // CAPTURE of a structured binding: clang 14 can't
    CAPTURE(count.first.first);
    CAPTURE(count.first.second);
    CHECK(count.second == expected);
  }
}

}  // namespace

TEST_CASE("schedule: two players, a two-role game: both seats equally often, rounds interleaved") {
  const TournamentSpec spec = spec_of(1, 2, 5);  // 5 rounds up to 6
  const auto schedule = make_schedule(spec, {2});
  REQUIRE(schedule.size() == 6);
  check_balanced(schedule, 0, 2, 2, 3);
  CHECK(schedule[0].id == "g0.1.p0.p1");
  CHECK(schedule[1].id == "g0.1.p1.p0");
  CHECK(schedule[5].id == "g0.3.p1.p0");
  CHECK(schedule[5].round == 3);
  CHECK(matches_per_group(5, 2) == 6);
  CHECK(matches_per_group(6, 3) == 6);
  CHECK(matches_per_group(1, 1) == 1);
}

TEST_CASE("schedule: three players on a two-role game: every pair, every seat, equally often") {
  const auto schedule = make_schedule(spec_of(1, 3, 4), {2});
  CHECK(schedule.size() == 3 * 4);  // 3 pairs, 4 matches each
  check_balanced(schedule, 0, 3, 2, 4);
  std::map<std::set<size_t>, int> pairs;
  for (const ScheduledMatch& m : schedule) ++pairs[{m.seats[0], m.seats[1]}];
  CHECK(pairs.size() == 3);
  for (const auto& [pair, n] : pairs) CHECK(n == 4);
}

TEST_CASE("schedule: three and four players on a three-role game, with a two-role game beside") {
  SUBCASE("three players: one group in its three rotations, twice") {
    const auto schedule = make_schedule(spec_of(1, 3, 6), {3});
    CHECK(schedule.size() == 6);
    check_balanced(schedule, 0, 3, 3, 2);
  }
  SUBCASE("four players: four groups of three, each player in three groups") {
    const auto schedule = make_schedule(spec_of(2, 4, 3), {3, 2});
    CHECK(std::count_if(schedule.begin(), schedule.end(), [](auto& m) { return m.game == 0; }) ==
          4 * 3);
    check_balanced(schedule, 0, 4, 3, 3);
    // The two-role game: 3 matches round up to 4 per pair, 6 pairs.
    CHECK(std::count_if(schedule.begin(), schedule.end(), [](auto& m) { return m.game == 1; }) ==
          6 * 4);
    check_balanced(schedule, 1, 4, 2, 3 * 2);
  }
}

TEST_CASE("schedule: ids are unique and the same for the same tournament") {
  const auto a = make_schedule(spec_of(2, 4, 4), {2, 3});
  const auto b = make_schedule(spec_of(2, 4, 4), {2, 3});
  std::set<std::string> ids;
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].id == b[i].id);
    ids.insert(a[i].id);
  }
  CHECK(ids.size() == a.size());
  // More matches keep the ids of the earlier rounds: a longer run extends a shorter one.
  const auto longer = make_schedule(spec_of(2, 4, 8), {2, 3});
  std::set<std::string> longer_ids;
  for (const auto& m : longer) longer_ids.insert(m.id);
  for (const auto& id : ids) CHECK(longer_ids.count(id) == 1);
}

TEST_CASE("schedule: one-role games, too few players, clashing names") {
  const auto solo = make_schedule(spec_of(1, 3, 2), {1});
  CHECK(solo.size() == 6);
  check_balanced(solo, 0, 3, 1, 2);
  CHECK_THROWS_AS(make_schedule(spec_of(1, 2, 2), {3}), std::invalid_argument);
  TournamentSpec clash = spec_of(1, 2, 2);
  clash.players[0].name = "uct:c=1";
  clash.players[1].name = "uct:c_1";
  CHECK_THROWS_AS(make_schedule(clash, {2}), std::invalid_argument);
}

TEST_CASE("player arguments: NAME=SPEC, SPEC, host:port; threads") {
  CHECK(parse_player_argument("uct:c=0.4").name == "uct:c=0.4");
  CHECK(parse_player_argument("uct:c=0.4").spec == "uct:c=0.4");
  const PlayerEntry best = parse_player_argument("best=amaf:c=0.4,batch=16");
  CHECK(best.name == "best");
  CHECK(best.spec == "amaf:c=0.4,batch=16");
  CHECK(parse_player_argument("mmmcs").spec == "mmmcs");
  const PlayerEntry remote = parse_player_argument("far=10.0.0.2:9147");
  CHECK(remote.name == "far");
  CHECK(is_remote(remote));
  CHECK_FALSE(is_remote(best));
  CHECK(player_threads(best) == 1);
  CHECK(player_threads({"t", "uct:threads=4,parallel=root", ""}) == 4);
  CHECK(player_threads({"t", "uct:c=0.4,threads=2", ""}) == 2);
  CHECK(player_threads(remote) == 0);
  CHECK(sanitise_name("uct:c=0.4") == "uct_c_0_4");
}

TEST_CASE("schedule: a gauntlet plays only the groups with its player") {
  TournamentSpec spec = spec_of(1, 4, 2);
  spec.settings.gauntlet = "p2";
  const auto schedule = make_schedule(spec, {2});
  CHECK(schedule.size() == 3 * 2);  // p2 against each of three others, both seats
  for (const ScheduledMatch& m : schedule)
    CHECK((m.seats[0] == 2 || m.seats[1] == 2));
  const auto counts = seat_counts(schedule, 0);
  CHECK(counts.at({2, 0}) == 3);
  CHECK(counts.at({2, 1}) == 3);
  CHECK(counts.at({0, 0}) == 1);
  CHECK(counts.at({0, 1}) == 1);
  spec.settings.gauntlet = "nobody";
  CHECK_THROWS_AS(make_schedule(spec, {2}), std::invalid_argument);
}
