// The request handler without sockets: replies, busy rules, deadlines and the fallback.
#include <doctest/doctest.h>

#include <future>
#include <optional>
#include <thread>

#include "agent/random_player.h"
#include "propnet/machine_cache.h"
#include "server_protocol/messages.h"
#include "server_protocol/player_service.h"
#include "test_support.h"

using namespace ggp::server_protocol;
using namespace std::chrono_literals;
namespace t = ggp::server_protocol::testing;

namespace {

struct Fixture {
  std::shared_ptr<t::Script> script = std::make_shared<t::Script>();
  PlayerService service{ServiceConfig{"tester", 800ms, 7},
                        [s = script] { return t::make_scripted_player(s); }};

  HandleResult send(const std::string& text) { return service.handle_message(text, Clock::now()); }
  HandleResult start_at(const std::string& id, int play_clock, Clock::time_point arrival) {
    return service.handle_message("( START " + id + " crosses (" + t::tictactoe_rules() + ") 5 " +
                                      std::to_string(play_clock) + ")",
                                  arrival);
  }
  std::string start(const std::string& id, int play_clock = 2) {
    return start_at(id, play_clock, Clock::now()).reply;
  }
};

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

TEST_CASE("service: INFO, PREVIEW and messages for matches we are not in") {
  Fixture f;
  CHECK(f.send("( INFO )").reply == "( ( name tester ) ( status available ) )");
  CHECK(f.send("( PREVIEW (( role a )) 5 )").reply == "ready");
  for (const char* text : {"( PLAY nobody NIL )", "( STOP nobody NIL )", "( ABORT nobody )"}) {
    HandleResult r = f.send(text);
    CHECK(r.reply == "busy");
    CHECK_FALSE(r.bad_request);
  }
}

TEST_CASE("service: a malformed message is a bad request with a one-line reason") {
  Fixture f;
  HandleResult r = f.send("( PLAY m (( mark 1 1 ) )");
  CHECK(r.bad_request);
  CHECK(r.reply.find("unbalanced") != std::string::npos);
  CHECK(r.reply.find('\n') == std::string::npos);
  CHECK(f.send("( INFO )").reply.find("available") != std::string::npos);  // unaffected
}

TEST_CASE("service: a match from START to STOP, busy to others meanwhile") {
  Fixture f;
  CHECK(f.start("m1") == "ready");
  CHECK(f.send("( INFO )").reply == "( ( name tester ) ( status busy ) )");
  CHECK(f.start("m2") == "busy");
  CHECK(f.send("( PLAY m2 NIL )").reply == "busy");

  HandleResult play = f.send("( PLAY m1 NIL )");
  CHECK(play.reply == "( place 1 1 )");  // the searcher's move, in the wire spelling
  CHECK(play.playouts == 42);
  CHECK(play.kind == "PLAY");
  CHECK(play.match_id == "m1");

  CHECK(f.send("( STOP m2 NIL )").reply == "busy");
  CHECK(f.send("( STOP m1 (( place 1 1 ) pass ) )").reply == "done");
  CHECK(f.send("( INFO )").reply.find("available") != std::string::npos);
  CHECK(f.start("m3") == "ready");  // a new match after the end of the last
  CHECK(f.send("( ABORT m3 )").reply == "aborted");
  CHECK(f.send("( STOP m3 NIL )").reply == "busy");
}

TEST_CASE("service: a match whose server went silent is dropped by the next START") {
  Fixture f;  // silence_grace 10 s: a match is silent 5 s (start clock) + 1 s (play clock) + 10 s
              // after its START when nothing else came
  SUBCASE("still within its clocks and the grace: busy") {
    REQUIRE(f.start_at("m1", 1, Clock::now() - 12s).reply == "ready");
    CHECK(f.send("( INFO )").reply == "( ( name tester ) ( status busy ) )");
    HandleResult r = f.start_at("m2", 1, Clock::now());
    CHECK(r.reply == "busy");
    CHECK(r.note == "already in match m1");
  }
  SUBCASE("silent past them: dropped, the new match played, the old one unknown") {
    REQUIRE(f.start_at("m1", 1, Clock::now() - 30s).reply == "ready");
    CHECK(f.send("( INFO )").reply == "( ( name tester ) ( status available ) )");
    HandleResult r = f.start_at("m2", 1, Clock::now());
    CHECK(r.reply == "ready");
    CHECK(r.note.rfind("dropped match m1: silent for 25 s after its last reply was due", 0) == 0);
    CHECK(f.send("( PLAY m1 NIL )").reply == "busy");
    CHECK(f.send("( PLAY m2 NIL )").reply == "( place 1 1 )");
    CHECK(f.send("( STOP m1 NIL )").reply == "busy");
    CHECK(f.send("( STOP m2 NIL )").reply == "done");
  }
  SUBCASE("a PLAY restarts the count") {
    REQUIRE(f.start_at("m1", 1, Clock::now() - 30s).reply == "ready");
    f.service.handle_message("( PLAY m1 NIL )", Clock::now() - 5s);  // its reply was due 4 s ago
    CHECK(f.start_at("m2", 1, Clock::now()).reply == "busy");
  }
}

TEST_CASE("service: rules that do not validate get busy, not ready") {
  Fixture f;
  HandleResult r = f.send("( START bad crosses (( role crosses ) ( <= ) ( not a b ) ) 5 2)");
  CHECK(r.reply == "busy");
  CHECK(r.note.find("rules rejected") != std::string::npos);
  CHECK(f.send("( INFO )").reply.find("available") != std::string::npos);
}

TEST_CASE("service: rules GGP-Base reads get ready, and the log line names the first warning") {
  Fixture f;
  // `(done)` beside `done`: GGP-Base's reading, a warning of ours.
  HandleResult r = f.send(
      "( START odd crosses (( role crosses ) ( init done ) ( <= ( legal crosses go ) ( true done ) "
      ") "
      "( <= ( next ( done ) ) ( does crosses go ) ) ( <= terminal ( true ( done ) ) ) "
      "( goal crosses 100 ) ) 5 2)");
  CHECK(r.reply == "ready");
  CHECK(r.note.find("rules read with 1 warning(s), the first: START odd:") != std::string::npos);
}

TEST_CASE("service: a player without a move, or with an illegal one, is replaced, never silent") {
  REQUIRE(t::machine_available());
  Fixture f;
  REQUIRE(f.start("m", 1) == "ready");

  SUBCASE("no move by the time the reply is due") {
    f.script->delay = 10000ms;
    Clock::time_point sent = Clock::now();
    HandleResult r = f.service.handle_message("( PLAY m NIL )", sent);
    CHECK(ms_between(sent, Clock::now()) < 5000);  // long before the player's move would come
    CHECK(r.note.find("no move yet; fallback: random legal move") != std::string::npos);
    CHECK(r.reply.rfind("( place ", 0) == 0);
  }
  SUBCASE("throws") {
    f.script->throw_in_play = true;
    HandleResult r = f.send("( PLAY m NIL )");
    CHECK(r.note.find("scripted failure") != std::string::npos);
    CHECK(r.reply.rfind("( place ", 0) == 0);
  }
  SUBCASE("illegal") {
    f.script->move = "(place 9 9)";
    HandleResult r = f.send("( PLAY m NIL )");
    CHECK(r.note.find("not legal") != std::string::npos);
    CHECK(r.reply.rfind("( place ", 0) == 0);
    CHECK(r.reply != "( place 9 9 )");
  }
  SUBCASE("second role passes") {
    f.script->move = "(place 2 2)";
    CHECK(f.send("( PLAY m NIL )").reply == "( place 2 2 )");
    f.script->move = "pass";
    // Our mark went in; now the other role moves and we may only pass.
    HandleResult r = f.send("( PLAY m (( place 2 2 ) pass ) )");
    CHECK(r.reply == "pass");
    CHECK(r.note.empty());
  }
}

TEST_CASE("service: INFO and ABORT are answered at once while a PLAY searches") {
  Fixture f;
  f.script->use_deadline = true;  // the searcher thinks until its deadline
  REQUIRE(f.start("m", 3) == "ready");
  Clock::time_point sent = Clock::now();
  auto play = std::async(std::launch::async, [&] { return f.service.handle_message("( PLAY m NIL )", sent); });
  std::this_thread::sleep_for(100ms);

  Clock::time_point asked = Clock::now();
  CHECK(f.send("( INFO )").reply.find("busy") != std::string::npos);
  CHECK(f.send("( ABORT m )").reply == "aborted");
  const double answered_ms = ms_between(asked, Clock::now());
  CHECK(play.wait_for(0ms) == std::future_status::timeout);  // still searching
  CHECK(answered_ms < 1000);                                  // well before the 2.2 s deadline

  HandleResult r = play.get();  // the PLAY still gets an answer
  CHECK_FALSE(r.reply.empty());
  CHECK(ms_between(sent, Clock::now()) < 3000);
  CHECK(f.send("( INFO )").reply.find("available") != std::string::npos);
}

TEST_CASE("service: scrambled, mixed-case symbols: moves go out as the rules spell them") {
  REQUIRE(t::machine_available());
  std::string rules = t::tictactoe_rules();
  auto rename = [&rules](const std::string& from, const std::string& to) {
    for (size_t at = rules.find(from); at != std::string::npos; at = rules.find(from, at + to.size()))
      rules.replace(at, from.size(), to);
  };
  rename("place", "qZ_Pl4ce");
  rename("crosses", "XRole");
  rename("noughts", "oRoLe");
  rename("pass", "NOOP");
  PlayerService service(ServiceConfig{"tester", 800ms, 5},
                        [] { return ggp::agent::make_random_player(3); });
  const auto now = Clock::now;
  REQUIRE(service.handle("( START s XRole (" + rules + ") 5 2)", now()) == "ready");
  const std::string first = service.handle("( PLAY s NIL )", now());
  CHECK(first.rfind("( qZ_Pl4ce ", 0) == 0);
  const std::string second =
      service.handle("( PLAY s (" + first + " NOOP ) )", now());
  CHECK(second == "NOOP");
  CHECK(service.handle("( ABORT s )", now()) == "aborted");
}

TEST_CASE("service: PREVIEW builds the machine in the background, START then finds it cached") {
  std::string rules = t::tictactoe_rules();
  // Symbols of its own, so that no other test has put these rules in the process's cache.
  for (size_t at = rules.find("place"); at != std::string::npos; at = rules.find("place", at + 12))
    rules.replace(at, 5, "previewPlace");
  {
    Fixture f;
    HandleResult r = f.send("( PREVIEW (" + rules + ") 5 )");
    CHECK(r.reply == "ready");
    CHECK(r.note == "building the machine");
  }
  namespace pn = ggp::propnet;
  pn::MachineCache& cache = pn::shared_machine_cache();
  for (const auto give_up = Clock::now() + 2min; cache.building() > 0 && Clock::now() < give_up;)
    std::this_thread::sleep_for(10ms);
  // The machine a START's source asks for (server_protocol/match_machines.cpp), built already.
  auto sheet = read_rule_sheet(rules, "test");
  std::optional<pn::BuiltMachine> built = cache.get_until(load_rule_sheet(*sheet, "test"),
                                                          pn::MachineKind::Default, Clock::now());
  REQUIRE(built);
  CHECK(built->report.ends_with(", cached"));
  auto& machine = *built->machine;
  CHECK(ggp::reasoner::legal_move_texts(machine, machine.initial_state(), 0).size() == 9);
}
