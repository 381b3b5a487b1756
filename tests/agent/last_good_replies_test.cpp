// LGRF-1's table (agent/last_good_replies.h): the winner's replies stored, the loser's forgotten.
#include <doctest/doctest.h>

#include <vector>

#include "agent/last_good_replies.h"

namespace ggp::agent {
namespace {

using reasoner::MoveId;
constexpr MoveId kNone = LastGoodReplies::kNone;

MoveId stored(const LastGoodReplies& table, MoveId key) {
  return key < table.table().size() ? table.table()[key] : kNone;
}

TEST_CASE("last good replies: the winner's replies are stored, the loser's forgotten") {
  LastGoodReplies table;
  // Roles 0 and 1 alternate: 0 plays 10 (1 idles with 90), then 1 plays 21 (0 idles with 80),
  // then 0 plays 12. The start was reached by 0 playing 7 (1 idling with 90).
  const std::vector<MoveId> before{7, 90};
  const std::vector<MoveId> moves{10, 90, 80, 21, 12, 90};
  // Role 0 wins. A reply answers the other role's move of the step before.
  table.learn(before, moves, std::vector<double>{1.0, 0.0});
  CHECK(stored(table, 21) == 12);     // 0's 12 answered 1's 21
  CHECK(stored(table, 90) == 80);     // 0's 10, then its idle 80, answered 1's idle 90
  CHECK(stored(table, 10) == kNone);  // role 1 lost: none of its replies stored
  CHECK(stored(table, 7) == kNone);
  // A draw teaches nothing: either role taken for the winner would store a reply to 22 or to 10.
  table.learn(before, std::vector<MoveId>{10, 90, 80, 22, 12, 90}, std::vector<double>{0.5, 0.5});
  CHECK(stored(table, 22) == kNone);
  CHECK(stored(table, 10) == kNone);
  CHECK(stored(table, 21) == 12);
  // Role 1 wins the same playout: its replies stored, role 0's forgotten.
  table.learn(before, moves, std::vector<double>{0.0, 1.0});
  CHECK(stored(table, 10) == 21);     // 1's 21 answered 0's 10
  CHECK(stored(table, 7) == 90);      // the joint move before the start is answered too
  CHECK(stored(table, 80) == 90);
  CHECK(stored(table, 21) == kNone);  // 0's 12 after 21 lost: forgotten
  CHECK(stored(table, 90) == kNone);  // 0's 80 after 90 lost: forgotten
}

TEST_CASE("last good replies: the loser forgets only the reply it played") {
  LastGoodReplies table;
  table.learn({}, std::vector<MoveId>{1, 2, 3, 4}, std::vector<double>{1.0, 0.0});
  REQUIRE(stored(table, 2) == 3);  // 0 answered 1's 2 with 3
  table.learn({}, std::vector<MoveId>{1, 2, 5, 4}, std::vector<double>{0.0, 1.0});
  CHECK(stored(table, 2) == 3);  // 0 lost with 5 after 2: 3 stays
  table.learn({}, std::vector<MoveId>{1, 2, 3, 4}, std::vector<double>{0.0, 1.0});
  CHECK(stored(table, 2) == kNone);  // 0 lost with 3 after 2: forgotten
}

}  // namespace
}  // namespace ggp::agent
