#include <doctest/doctest.h>

#include <set>

#include "server_protocol/messages.h"
#include "support/corpus.h"
#include "test_support.h"

using namespace ggp::server_protocol;
namespace wire = ggp::server_protocol::testing;  // the captured exchanges

namespace {

// Every message parses and prints back byte for byte; all six kinds are among them.
void check_round_trips(const std::vector<wire::CapturedExchange>& exchanges) {
  std::set<MessageKind> kinds;
  for (const auto& x : exchanges) {
    const std::string text = wire::http_body(x.request);
    Message m = parse_message(text);
    kinds.insert(m.kind);
    CHECK(print_message(m) == text);
  }
  CHECK(kinds.size() == 6);  // INFO PREVIEW START PLAY STOP ABORT all seen
}

}  // namespace

TEST_CASE("messages: every message of our GGP-Base wire fixture prints back byte for byte") {
  auto exchanges = wire::read_wire_fixture("tictactoe.txt");
  REQUIRE(exchanges.size() == 15);
  check_round_trips(exchanges);
}

TEST_CASE("corpus: messages: every captured GGP-Base message prints back byte for byte") {
  std::vector<wire::CapturedExchange> exchanges;
  for (const char* name : {"tictactoe-match-xplayer.log", "tictactoe-match-oplayer.log",
                           "preview-start-abort.log"})
    for (auto& x : wire::read_capture(ggp::testing::corpus_path(std::string("protocol/") + name)))
      exchanges.push_back(std::move(x));
  REQUIRE(exchanges.size() >= 18);
  check_round_trips(exchanges);
}

TEST_CASE("messages: fields of START, PLAY, STOP") {
  Message start = parse_message(
      "( START demo.1 xplayer (( role xplayer ) ( role oplayer ) ( init ( cell 1 1 b ) ) ) 10 3)");
  CHECK(start.kind == MessageKind::Start);
  CHECK(start.match_id == "demo.1");
  CHECK(start.role == "xplayer");
  CHECK(start.start_clock == 10);
  CHECK(start.play_clock == 3);
  REQUIRE(start.rules);
  CHECK(start.rules->rules.size() == 3);

  Message play = parse_message("( PLAY demo.1 (( mark 2 2 ) noop ) )");
  CHECK(play.kind == MessageKind::Play);
  CHECK(play.moves == std::vector<std::string>{"(mark 2 2)", "noop"});
  CHECK(parse_message("( PLAY demo.1 NIL )").moves.empty());

  Message stop = parse_message("(stop demo.1 ((MARK 3 3) Noop))");
  CHECK(stop.kind == MessageKind::Stop);
  CHECK(stop.moves == std::vector<std::string>{"(MARK 3 3)", "Noop"});  // symbols keep their case
}

TEST_CASE("messages: keywords are case-insensitive, printing is canonical") {
  Message m = parse_message("(info)");
  CHECK(m.kind == MessageKind::Info);
  CHECK(print_message(m) == "( INFO )");
  CHECK(print_message(parse_message("(Abort M.x)")) == "( ABORT M.x )");
  CHECK(print_message(parse_message("(play m nil)")) == "( PLAY m NIL )");
  CHECK(print_message(parse_message("(PREVIEW ((role a)) 5)")) == "( PREVIEW (( role a ) ) 5 )");
}

TEST_CASE("messages: the rules of START become a validated game") {
  Message m = parse_message("( START m r (" + wire::tictactoe_rules() + ") 10 5)");
  auto game = load_rule_sheet(*m.rules, "START m");
  REQUIRE(game);
  CHECK(game->roles.size() == 2);
  CHECK(game->symbols.name(game->roles[0]) == "crosses");
}

TEST_CASE("messages: an empty call (f) stays apart from f on the wire, as GGP-Base prints it") {
  CHECK(parse_message("( PLAY m (( go ) go ) )").moves == std::vector<std::string>{"(go)", "go"});
  CHECK(respell_term("(go)", TermStyle::Wire) == "( go )");
  CHECK(respell_term("(cell (x))", TermStyle::Wire) == "( cell ( x ) )");
}

TEST_CASE("messages: rules GGP-Base reads load with warnings for the log") {
  // `open` as a proposition and as a relation (dresden/Connect4_grounded).
  Message m = parse_message(
      "( START m r (( role r ) ( <= open ( true ( c 1 ) ) ) ( <= ( open ?x ) ( true ( c ?x ) ) ) "
      "( init ( c 1 ) ) ( <= ( legal r go ) open ) ( <= terminal ( open 2 ) ) ( goal r 100 ) ) 10 "
      "5)");
  std::vector<ggp::gdl::Diagnostic> warnings;
  auto game = load_rule_sheet(*m.rules, "START m", &warnings);
  REQUIRE(game);
  REQUIRE(!warnings.empty());
  CHECK(warnings.front().to_string().find("the relation 'open' is used here with 1 argument") !=
        std::string::npos);
}

TEST_CASE("messages: malformed messages give one clear line") {
  struct Bad {
    const char* text;
    const char* says;
  };
  for (Bad b : {Bad{"", "empty"}, Bad{"( INFO", "unbalanced"}, Bad{"INFO", "list"},
                Bad{"( INFO ) ( INFO )", "more than one"}, Bad{"( HELLO )", "unknown message"},
                Bad{"( PLAY m )", "arguments"}, Bad{"( START m r (( role r )) ten 3)", "whole number"},
                Bad{"( START m r role 10 3)", "the rules must be a list"},
                Bad{"( PLAY m maybe )", "NIL or a list"}, Bad{"( PLAY (m) NIL )", "match id"},
                Bad{"( ABORT )", "arguments"}, Bad{"( PLAY m () )", "empty list"}}) {
    CAPTURE(b.text);
    try {
      parse_message(b.text);
      FAIL("accepted");
    } catch (const MessageError& e) {
      std::string what = e.what();
      CHECK(what.find(b.says) != std::string::npos);
      CHECK(what.find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("messages: respelling terms between compact and wire forms") {
  CHECK(respell_term("( mark  2\n2 )", TermStyle::Compact) == "(mark 2 2)");
  CHECK(respell_term("(mark 2 2)", TermStyle::Wire) == "( mark 2 2 )");
  CHECK(respell_term("noop", TermStyle::Wire) == "noop");
  CHECK(respell_term("(Mark (F x) Y)", TermStyle::Wire) == "( Mark ( F x ) Y )");
  CHECK_FALSE(respell_term("(mark 2", TermStyle::Compact));
  CHECK_FALSE(respell_term("a b", TermStyle::Compact));
  CHECK_FALSE(respell_term("", TermStyle::Compact));
}

TEST_CASE("messages: INFO replies, as GGP-Base players and older players give them") {
  auto full = parse_info_reply("( ( name SampleMonteCarloGamer ) ( status available ) )");
  REQUIRE(full);
  CHECK(full->name == "SampleMonteCarloGamer");
  CHECK(full->status == "available");
  auto swapped = parse_info_reply("((STATUS Busy) (NAME x))");
  REQUIRE(swapped);
  CHECK(swapped->name == "x");
  CHECK(swapped->status == "busy");
  auto bare = parse_info_reply("available");
  REQUIRE(bare);
  CHECK(bare->name.empty());
  CHECK(bare->status == "available");
  CHECK_FALSE(parse_info_reply("( ( name ) )"));
  CHECK_FALSE(parse_info_reply("((name a) (status"));
  CHECK_FALSE(parse_info_reply("a b"));
}
