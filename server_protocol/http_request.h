#pragma once
// What one parsed HTTP request asks of the GGP player, apart from any socket: the GGP message it
// carries (POST: the body; GET: the URL-decoded path), or the reply the HTTP layer gives itself
// (OPTIONS: the CORS preflight; a broken %-escape or another method: 400 with a one-line reason).
// The server (http_server.cpp) and the HTTP fuzz target (tests/fuzz/) both read requests here.
#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace ggp::server_protocol {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

struct RequestMessage {
  std::optional<std::string> message;  // the GGP message to hand the service, when there is one
  boost::beast::http::status status = boost::beast::http::status::ok;  // when there is none
  std::string reason;  // the one-line body of a 400 (and its log line); empty for OPTIONS
};

// `%XX` and `+` decoded; nullopt for a broken escape.
std::optional<std::string> url_decode(std::string_view text);

// Moves the body out of a POST.
RequestMessage request_message(HttpRequest& request);

}  // namespace ggp::server_protocol
