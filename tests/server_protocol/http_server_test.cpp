// The HTTP player over real loopback sockets: GGP-Base traffic replayed (our wire fixture, and the
// corpus's captures), GET and OPTIONS, and faults (malformed, truncated, oversized, slow and
// half-open requests).
#include <doctest/doctest.h>

#include <boost/asio.hpp>
#include <future>
#include <thread>

#include "server_protocol/http_server.h"
#include "server_protocol/messages.h"
#include "support/corpus.h"
#include "test_support.h"

using namespace ggp::server_protocol;
using namespace std::chrono_literals;
namespace t = ggp::server_protocol::testing;

namespace {

struct Served {
  std::shared_ptr<t::Script> script = std::make_shared<t::Script>();
  PlayerService service{ServiceConfig{"tester", 800ms, 3},
                        [s = script] { return t::make_scripted_player(s); }};
  HttpServer server;

  explicit Served(size_t max_bytes = 10 * 1024 * 1024)
      : server(HttpServerConfig{"127.0.0.1", 0, max_bytes, 500ms, nullptr}, service) {
    server.start(2);
  }
  std::string exchange(const std::string& bytes, std::chrono::milliseconds timeout = 5000ms,
                       bool finish = false) {
    return t::raw_exchange(server.port(), bytes, timeout, finish);
  }
  std::string info_body() { return t::http_body(exchange(t::ggp_post("( INFO )"))); }
};

void check_ggp_headers(const std::string& response) {
  CHECK(t::http_header(response, "Content-Type") == "text/acl");
  CHECK(t::http_header(response, "Access-Control-Allow-Origin") == "*");
  CHECK(t::http_header(response, "Access-Control-Allow-Methods") == "POST, GET, OPTIONS");
  CHECK(t::http_header(response, "Access-Control-Allow-Headers") == "Content-Type");
  CHECK(t::http_header(response, "Access-Control-Allow-Age") == "86400");
  CHECK(t::http_header(response, "Content-Length") == std::to_string(t::http_body(response).size()));
}

// Sends every request of `exchanges` and checks our reply against the GGP-Base player's: the same
// status line and GGP headers, and the same body where it is fixed (ready, done, aborted).
void replay(Served& s, const std::vector<t::CapturedExchange>& exchanges) {
  for (const auto& x : exchanges) {
    const Message m = parse_message(t::http_body(x.request));
    CAPTURE(kind_name(m.kind));
    const std::string ours = s.exchange(x.request);
    if (x.response.empty()) {
      // The sample player drops PREVIEW (a GGP-Base bug); we answer.
      CHECK(m.kind == MessageKind::Preview);
      CHECK(t::http_body(ours) == "ready");
    } else {
      CHECK(t::http_status_line(ours) == t::http_status_line(x.response));
      for (const char* h : {"Content-Type", "Access-Control-Allow-Origin",
                            "Access-Control-Allow-Methods", "Access-Control-Allow-Headers",
                            "Access-Control-Allow-Age"})
        CHECK(t::http_header(ours, h) == t::http_header(x.response, h));
    }
    check_ggp_headers(ours);
    const std::string body = t::http_body(ours), theirs = t::http_body(x.response);
    switch (m.kind) {
      case MessageKind::Info:
        CHECK(body == "( ( name tester ) ( status available ) )");
        break;
      case MessageKind::Play:  // a term, like theirs
        CHECK(respell_term(body, TermStyle::Wire) == body);
        CHECK(respell_term(theirs, TermStyle::Wire) == theirs);
        break;
      case MessageKind::Preview: break;
      default: CHECK(body == theirs);  // ready, done, aborted
    }
  }
}

}  // namespace

TEST_CASE("http: GGP-Base's messages (our wire fixture) get replies of the same status and shape") {
  Served s;
  auto exchanges = t::read_wire_fixture("tictactoe.txt");
  REQUIRE(exchanges.size() == 15);
  replay(s, exchanges);
}

TEST_CASE("corpus: http: the captured GGP-Base traffic gets replies of the same status and shape") {
  Served s;
  for (const char* name : {"tictactoe-match-xplayer.log", "tictactoe-match-oplayer.log",
                           "preview-start-abort.log"}) {
    CAPTURE(name);
    auto exchanges = t::read_capture(ggp::testing::corpus_path(std::string("protocol/") + name));
    REQUIRE(exchanges.size() >= 3);
    replay(s, exchanges);
  }
}

TEST_CASE("http: GET with the message in the path, HTTP/1.1 keep-alive, OPTIONS") {
  Served s;
  const std::string get = "GET /%28%20INFO%20%29 HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string two = s.exchange(get + get, 2000ms, true);  // pipelined on one connection
  CHECK(t::http_status_line(two) == "HTTP/1.1 200 OK");
  size_t first = two.find("( ( name tester ) ( status available ) )");
  REQUIRE(first != std::string::npos);
  CHECK(two.find("( ( name tester ) ( status available ) )", first + 1) != std::string::npos);

  const std::string plus = s.exchange("GET /(+INFO+) HTTP/1.0\r\n\r\n");
  CHECK(t::http_body(plus) == "( ( name tester ) ( status available ) )");

  const std::string options = s.exchange(
      "OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\nAccess-Control-Request-Method: POST\r\n"
      "Connection: close\r\n\r\n");
  CHECK(t::http_status_line(options) == "HTTP/1.1 200 OK");
  check_ggp_headers(options);
  CHECK(t::http_body(options).empty());
}

TEST_CASE("http: malformed, truncated and oversized requests get 400/413 and the server goes on") {
  Served s(64 * 1024);
  struct Case {
    std::string bytes;
    std::string status;
    std::string says;
    bool finish;
  };
  const std::vector<Case> cases = {
      {"HELLO THERE\r\n\r\n", "400", "bad request", false},
      {"POST / HTTP/1.0\r\nContent-Length: zzz\r\n\r\n", "400", "bad request", false},
      {t::ggp_post("( INFO"), "400", "unbalanced", false},
      {t::ggp_post("( PLAY m )"), "400", "arguments", false},
      {"GET /%2 HTTP/1.0\r\n\r\n", "400", "escape", false},
      {"DELETE / HTTP/1.0\r\n\r\n", "400", "not supported", false},
      {"POST / HTTP/1.0\r\nContent-Length: 100\r\n\r\n( INFO )", "400", "bad request", true},
      {"POST / HTTP/1.0\r\nContent-Length: 100000\r\n\r\n( INFO )", "413", "size cap", false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.bytes.substr(0, 60));
    const std::string reply = s.exchange(c.bytes, 3000ms, c.finish);
    CHECK(t::http_status_line(reply).find(c.status) != std::string::npos);
    const std::string body = t::http_body(reply);
    CHECK(body.find(c.says) != std::string::npos);
    CHECK(body.find('\n') == std::string::npos);
    check_ggp_headers(reply);
    CHECK(s.info_body().find("available") != std::string::npos);  // still serving
  }
}

TEST_CASE("http: a 1.3 MB rule sheet passes the default cap") {
  Served s;
  // Tic-tac-toe and 1.3 MB of facts no rule reads, as large as the largest corpus rule sheets.
  std::string rules = t::tictactoe_rules() + "\n";
  for (int i = 0; rules.size() <= 1300000; ++i)
    rules += "(unused_fact " + std::to_string(i) + " padding_to_make_a_large_rule_sheet)\n";
  const std::string reply = s.exchange(t::ggp_post("( PREVIEW (" + rules + ") 5 )"), 10000ms);
  CHECK(t::http_status_line(reply) == "HTTP/1.0 200 OK");
  CHECK(t::http_body(reply) == "ready");
}

TEST_CASE("http: slow and half-open connections time out without blocking others") {
  Served s;
  const auto begin = std::chrono::steady_clock::now();
  auto slow = std::async(std::launch::async, [&] {
    return s.exchange("POST / HTTP/1.0\r\nContent-Length: 50\r\n\r\n( IN", 5000ms);
  });
  auto silent = std::async(std::launch::async, [&] { return s.exchange("", 5000ms); });
  std::this_thread::sleep_for(50ms);
  for (int i = 0; i < 3; ++i) CHECK(s.info_body().find("available") != std::string::npos);
  CHECK(slow.get().empty());    // closed without a reply after the 500 ms read timeout
  CHECK(silent.get().empty());
  CHECK(std::chrono::steady_clock::now() - begin < 4000ms);  // well before the clients gave up
  CHECK(s.info_body().find("available") != std::string::npos);
}

TEST_CASE("http: INFO during a PLAY's search, ABORT mid-search, STOP for an unknown match") {
  Served s;
  s.script->use_deadline = true;
  const std::string start = t::ggp_post("( START m crosses (" + t::tictactoe_rules() + ") 5 2)");
  REQUIRE(t::http_body(s.exchange(start)) == "ready");
  auto play = std::async(std::launch::async, [&] { return s.exchange(t::ggp_post("( PLAY m NIL )")); });
  std::this_thread::sleep_for(100ms);
  const auto asked = std::chrono::steady_clock::now();
  CHECK(s.info_body() == "( ( name tester ) ( status busy ) )");
  CHECK(t::http_body(s.exchange(t::ggp_post("( STOP other NIL )"))) == "busy");
  CHECK(t::http_body(s.exchange(t::ggp_post("( ABORT m )"))) == "aborted");
  CHECK(std::chrono::steady_clock::now() - asked < 1000ms);  // not held up by the 1.2 s search
  CHECK(play.wait_for(0ms) == std::future_status::timeout);
  const std::string played = play.get();
  CHECK(t::http_status_line(played) == "HTTP/1.0 200 OK");
  CHECK_FALSE(t::http_body(played).empty());
  CHECK(s.info_body().find("available") != std::string::npos);
}
