// The manager's HTTP client against a real player server on loopback: a reply in time, a silent
// listener and a closed port.
#include <doctest/doctest.h>

#include <boost/asio.hpp>

#include "manager/http_client.h"
#include "server_protocol/http_server.h"
#include "server_protocol/test_support.h"

using namespace ggp::manager;
using namespace std::chrono_literals;
namespace sp = ggp::server_protocol;
namespace t = ggp::server_protocol::testing;

TEST_CASE("http client: a reply in time, a silent player (timeout) and a closed port (error)") {
  auto script = std::make_shared<t::Script>();
  sp::PlayerService service{sp::ServiceConfig{"tester", 800ms, 3},
                            [script] { return t::make_scripted_player(script); }};
  sp::HttpServer server(sp::HttpServerConfig{"127.0.0.1", 0, 1 << 20, 500ms, nullptr}, service);
  server.start(1);
  const Endpoint self{"127.0.0.1", server.port()};
  HttpExchange ok = post_message(self, "( INFO )", "tester", 2000ms);
  CHECK(ok.outcome == HttpExchange::Outcome::Ok);
  CHECK(ok.status == 200);
  CHECK(ok.body == "( ( name tester ) ( status available ) )");

  // A listener that accepts and never answers.
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor silent(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  const Endpoint mute{"127.0.0.1", silent.local_endpoint().port()};
  const auto begin = std::chrono::steady_clock::now();
  HttpExchange late = post_message(mute, "( INFO )", "tester", 300ms);
  CHECK(late.outcome == HttpExchange::Outcome::Timeout);
  CHECK(std::chrono::steady_clock::now() - begin < 2000ms);

  silent.close();
  HttpExchange refused = post_message(mute, "( INFO )", "tester", 1000ms);
  CHECK(refused.outcome == HttpExchange::Outcome::Error);
  CHECK_FALSE(refused.error.empty());

  CHECK(parse_endpoint("localhost:9147").port == 9147);
  CHECK(is_endpoint("10.0.0.1:80"));
  CHECK_FALSE(is_endpoint("uct:c=0.4,playouts=1000"));
  CHECK_FALSE(is_endpoint("random"));
  CHECK_THROWS_AS(parse_endpoint("host:99999"), std::invalid_argument);
}
