#include "manager/http_client.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>
#include <optional>
#include <stdexcept>

namespace ggp::manager {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

Endpoint parse_endpoint(const std::string& text) {
  size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
    throw std::invalid_argument("'" + text + "' is not host:port");
  Endpoint e;
  e.host = text.substr(0, colon);
  unsigned port = 0;
  const char* first = text.data() + colon + 1;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, port);
  if (ec != std::errc() || end != last || port == 0 || port > 65535)
    throw std::invalid_argument("'" + text + "' has no valid port");
  e.port = static_cast<uint16_t>(port);
  return e;
}

bool is_endpoint(const std::string& text) {
  try {
    parse_endpoint(text);
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

HttpExchange post_message(const Endpoint& to, const std::string& message,
                          const std::string& receiver, std::chrono::milliseconds timeout) {
  using Clock = std::chrono::steady_clock;
  const auto begin = Clock::now();
  const auto until = begin + timeout;
  HttpExchange result;

  net::io_context ioc;
  tcp::resolver resolver(ioc);
  beast::tcp_stream stream(ioc);
  beast::flat_buffer buffer;
  http::request<http::string_body> req{http::verb::post, "/", 10};
  req.set(http::field::accept, "text/delim");
  req.set(http::field::host, to.host);
  req.set("Sender", "GAMESERVER");
  req.set("Receiver", receiver);
  req.set(http::field::content_type, "text/acl");
  req.body() = message;
  req.prepare_payload();
  http::response_parser<http::string_body> parser;
  parser.body_limit(16 * 1024 * 1024);
  beast::error_code failure;

  auto fail = [&](beast::error_code ec) { failure = ec; };
  resolver.async_resolve(to.host, std::to_string(to.port), [&](beast::error_code ec,
                                                             tcp::resolver::results_type found) {
    if (ec) return fail(ec);
    stream.expires_after(std::min<Clock::duration>(std::chrono::seconds(5), until - Clock::now()));
    stream.async_connect(found, [&](beast::error_code ec, const tcp::endpoint&) {
      if (ec) return fail(ec);
      stream.expires_at(until);
      http::async_write(stream, req, [&](beast::error_code ec, size_t) {
        if (ec) return fail(ec);
        http::async_read(stream, buffer, parser, [&](beast::error_code ec, size_t) {
          if (ec) return fail(ec);
          result.outcome = HttpExchange::Outcome::Ok;
          result.status = static_cast<int>(parser.get().result_int());
          result.body = std::move(parser.get().body());
        });
      });
    });
  });
  ioc.run();

  result.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
  if (result.outcome != HttpExchange::Outcome::Ok) {
    const bool late = failure == beast::error::timeout || Clock::now() >= until;
    result.outcome = late ? HttpExchange::Outcome::Timeout : HttpExchange::Outcome::Error;
    result.error = failure ? failure.message() : "no reply";
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return result;
}

}  // namespace ggp::manager
