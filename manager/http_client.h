#pragma once
// The game manager's side of the wire: one connection per message, `POST / HTTP/1.0` with the
// headers the GGP-Base server sends (Accept: text/delim, Sender: GAMESERVER, Receiver, Content-Type:
// text/acl), the whole exchange bounded by a timeout.
#include <chrono>
#include <cstdint>
#include <string>

namespace ggp::manager {

struct HttpExchange {
  enum class Outcome { Ok, Timeout, Error };
  Outcome outcome = Outcome::Error;
  int status = 0;          // the HTTP status, when a response came
  std::string body;        // the response body
  std::string error;       // what went wrong, for Timeout and Error
  double elapsed_ms = 0;   // from the connect to the last byte
};

// "host:port" split; throws std::invalid_argument when it is not of that form.
struct Endpoint {
  std::string host;
  uint16_t port = 0;
};
Endpoint parse_endpoint(const std::string& text);
// True if `text` looks like host:port (a seat that is a remote player).
bool is_endpoint(const std::string& text);

// Sends `message` and reads the reply. The connect alone may take at most 5 s (GGP-Base's connect
// timeout) and the whole exchange at most `timeout`.
HttpExchange post_message(const Endpoint& to, const std::string& message,
                          const std::string& receiver, std::chrono::milliseconds timeout);

}  // namespace ggp::manager
