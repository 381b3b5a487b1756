// The game manager: whole matches with in-process players, with `ggp serve` processes over HTTP,
// and with players that misbehave (IL, TO, CE recorded, the match goes on).
#include <doctest/doctest.h>

#include <set>

#include "agent/random_player.h"
#include "manager/board_view.h"
#include "manager/game_manager.h"
#include "server_protocol/test_support.h"

using namespace ggp::manager;
using namespace ggp::server_protocol;
using namespace std::chrono_literals;
namespace t = ggp::server_protocol::testing;

namespace {

struct Table {
  std::shared_ptr<const RuleSheet> sheet = read_rule_sheet(t::tictactoe_rules(), "ticTacToe");
  GameManager manager{sheet, load_rule_sheet(*sheet, "ticTacToe")};
};

std::unique_ptr<Seat> random_seat(const std::string& name, uint64_t seed) {
  return std::make_unique<LocalSeat>(name, ServiceConfig{name, 300ms, seed},
                                     [seed] { return ggp::agent::make_random_player(seed); });
}

// Replies from a script, whatever the message: START gets "ready", PLAY the next canned reply.
class CannedSeat : public Seat {
 public:
  explicit CannedSeat(SeatReply play_reply) : play_(std::move(play_reply)) {}
  std::string name() const override { return "canned"; }
  SeatReply send(const std::string& message, std::chrono::milliseconds) override {
    if (message.find("( PLAY") == 0) return play_;
    SeatReply r;
    r.outcome = SeatReply::Outcome::Ok;
    r.text = message.find("( START") == 0 ? "ready" : "done";
    return r;
  }

 private:
  SeatReply play_;
};

// A whole match's record is consistent: one state more than joint moves, an error list per turn,
// goals for a terminal state.
void check_record(const MatchRecord& rec, size_t roles) {
  CHECK(rec.is_completed);
  CHECK_FALSE(rec.is_aborted);
  CHECK(rec.states.size() == rec.moves.size() + 1);
  CHECK(rec.state_times_ms.size() == rec.states.size());
  CHECK(rec.errors.size() == rec.moves.size());
  CHECK(rec.goal_values.size() == roles);
  for (const auto& joint : rec.moves) CHECK(joint.size() == roles);
  const nlohmann::json j = rec.to_json();
  for (const char* field : {"matchId", "randomToken", "startTime", "isCompleted", "isAborted",
                            "states", "moves", "stateTimes", "errors", "goalValues", "previewClock",
                            "startClock", "playClock", "playerNamesFromHost", "scrambled"})
    CHECK_MESSAGE(j.contains(field), field);
  CHECK(j["states"][0].get<std::string>().rfind("( ( ", 0) == 0);  // GGP-Base's state rendering
}

}  // namespace

TEST_CASE("manager: a whole match between in-process random players") {
  REQUIRE(t::machine_available());
  Table table;
  auto a = random_seat("a", 1), b = random_seat("b", 2);
  MatchSettings settings{"test.local.1", 2, 1, 5, "ticTacToe", 100};
  size_t turns_seen = 0;
  MatchRecord rec = table.manager.run({a.get(), b.get()}, settings, [&](const TurnReport& r) {
    ++turns_seen;
    CHECK(r.turn == turns_seen);
    REQUIRE(r.state != nullptr);
  });
  check_record(rec, 2);
  CHECK(turns_seen == rec.moves.size());
  CHECK(turns_seen >= 5);  // tic-tac-toe needs five marks to end
  for (const auto& errors : rec.errors) CHECK(errors == std::vector<std::string>{"", ""});
  CHECK(rec.goal_values[0] + rec.goal_values[1] == 100);
}

TEST_CASE("manager: illegal, unreadable, late and failed replies are replaced and recorded") {
  REQUIRE(t::machine_available());
  struct Case {
    SeatReply reply;
    const char* code;
  };
  SeatReply illegal{SeatReply::Outcome::Ok, "( place 9 9 )", "", 1};
  SeatReply wrong_case{SeatReply::Outcome::Ok, "( PLACE 1 1 )", "", 1};
  SeatReply unreadable{SeatReply::Outcome::Ok, "( place 1", "", 1};
  SeatReply late{SeatReply::Outcome::Timeout, "", "timed out", 2001};
  SeatReply failed{SeatReply::Outcome::Error, "", "connection refused", 1};
  for (const Case& c : {Case{illegal, "IL"}, Case{wrong_case, "IL"}, Case{unreadable, "CE"},
                        Case{late, "TO"}, Case{failed, "CE"}}) {
    CAPTURE(c.code);
    Table table;
    CannedSeat bad(c.reply);
    auto good = random_seat("good", 9);
    MatchRecord rec = table.manager.run({&bad, good.get()}, MatchSettings{"test.bad", 2, 1, 3, "t", 100});
    check_record(rec, 2);
    for (const auto& errors : rec.errors) {
      CHECK(errors[0] == c.code);
      CHECK(errors[1] == "");
    }
  }
}

TEST_CASE("manager: a match between two `ggp serve` processes over HTTP") {
  REQUIRE(t::machine_available());
  t::ServeProcess one({"--quiet", "--name", "one", "--seed", "1", "--player", "random"});
  t::ServeProcess two({"--quiet", "--name", "two", "--seed", "2", "--player", "random"});
  RemoteSeat a("127.0.0.1:" + std::to_string(one.port()));
  RemoteSeat b("127.0.0.1:" + std::to_string(two.port()));
  Table table;
  MatchRecord rec = table.manager.run({&a, &b}, MatchSettings{"test.http.1", 3, 1, 11, "t", 100});
  check_record(rec, 2);
  for (const auto& errors : rec.errors) CHECK(errors == std::vector<std::string>{"", ""});
  CHECK(rec.player_names == std::vector<std::string>{"one", "two"});  // as INFO named them
  CHECK(one.running());
  CHECK(two.running());
  // Both are free again and answer INFO with their names.
  CHECK(a.send("( INFO )", 1000ms).text == "( ( name one ) ( status available ) )");
  CHECK(b.send("( INFO )", 1000ms).text == "( ( name two ) ( status available ) )");
}

TEST_CASE("manager: a player that is not there costs its turns (CE), the match completes") {
  REQUIRE(t::machine_available());
  RemoteSeat nobody("127.0.0.1:1");
  auto good = random_seat("good", 4);
  Table table;
  MatchRecord rec = table.manager.run({good.get(), &nobody}, MatchSettings{"test.gone", 1, 1, 2, "t", 100});
  check_record(rec, 2);
  for (const auto& errors : rec.errors) CHECK(errors[1] == "CE");
}

TEST_CASE("manager: a final state without a role's goal completes, scored 0, and says so") {
  REQUIRE(t::machine_available());
  // b's goal is defined only before the end, as base/chess leaves its goals undefined when the
  // move limit ends a game without mate.
  const char* rules =
      "( role a ) ( role b ) ( init ( step 0 ) ) ( legal a go ) ( legal b wait ) "
      "( <= ( next ( step 1 ) ) ( true ( step 0 ) ) ) ( <= terminal ( true ( step 1 ) ) ) "
      "( <= ( goal a 100 ) ( true ( step 1 ) ) ) ( <= ( goal b 50 ) ( true ( step 0 ) ) )";
  auto sheet = read_rule_sheet(rules, "no goal");
  GameManager manager{sheet, load_rule_sheet(*sheet, "no goal")};
  auto a = random_seat("a", 1), b = random_seat("b", 2);
  MatchRecord rec = manager.run({a.get(), b.get()}, MatchSettings{"test.nogoal", 1, 1, 2, "t", 100});
  check_record(rec, 2);
  CHECK(rec.goal_values == std::vector<int>{100, 0});
  CHECK(rec.goal_problem == "b has no goal in the final state, scored 0");
  CHECK(rec.to_json()["goalProblem"] == rec.goal_problem);
  // The players heard the end of the match: both are free for the next.
  CHECK(a->send("( INFO )", 1000ms).text == "( ( name a ) ( status available ) )");
}

TEST_CASE("board view: a (cell x y mark)-like relation is drawn as a grid, other facts follow") {
  const std::string view = render_state_view(
      {"(square 1 1 x)", "(square 1 2 empty)", "(square 2 1 o)", "(square 2 2 empty)",
       "(square 10 1 x)", "(to_move crosses)"});
  CHECK(view.find("  1  x .") != std::string::npos);
  CHECK(view.find("  10 x .") != std::string::npos);  // rows sorted as numbers; gaps are '.'
  CHECK(view.find("(to_move crosses)") != std::string::npos);
  const std::string kinds = render_state_view(
      {"(cell 1 1 black man)", "(cell 1 2 white king)", "(cell 2 1 black man)", "(cell 2 2 b x)"});
  CHECK(kinds.find("  1 black:man  white:king") != std::string::npos);  // more words: one mark
  REQUIRE(find_board({"(cell 1 1 black man)", "(cell 1 2 white king)", "(cell 2 1 black man)",
                      "(cell 3 3 white man)"}));
  CHECK(find_board({"(cell 1 1 black man)", "(cell 3 3 white man)", "(cell 2 2 white man)",
                    "(cell 1 2 white king)"})->cols == std::vector<std::string>{"1", "2", "3"});
  const std::string plain = render_state_view({"(step 1)", "(control a)"});
  CHECK(plain == "  (step 1)\n  (control a)\n");
}
