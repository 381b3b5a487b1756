// Raw bytes as one HTTP request to `ggp serve`, without a socket: Boost.Beast's request parser
// with the server's caps, the request read as the server reads it (http_request.h), and its GGP
// message handled by a fresh PlayerService (a random player on the prover, so a START needs no
// propnet build).
// Contract: the parser accepts or refuses the bytes; an accepted request yields a message or a
// refusal; the service answers every message with a non-empty reply and never throws.
#include <boost/asio/buffer.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "agent/random_player.h"
#include "server_protocol/http_request.h"
#include "server_protocol/player_service.h"

namespace http = boost::beast::http;
namespace sp = ggp::server_protocol;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  http::request_parser<http::string_body> parser;
  parser.eager(true);
  parser.body_limit(1 << 20);
  parser.header_limit(1 << 16);
  boost::beast::error_code ec;
  size_t offset = 0;
  while (!parser.is_done() && offset < size) {
    const size_t used = parser.put(boost::asio::buffer(data + offset, size - offset), ec);
    if (ec || used == 0) break;
    offset += used;
  }
  if (ec || !parser.is_done()) return 0;
  sp::HttpRequest request = parser.release();
  sp::RequestMessage asked = sp::request_message(request);
  if (!asked.message) {
    if (asked.status != http::status::ok && asked.reason.empty()) std::abort();
    return 0;
  }
  sp::ServiceConfig config;
  config.machines = sp::cached_machines(ggp::propnet::MachineKind::Prover);
  sp::PlayerService service(config, [] { return ggp::agent::make_random_player(1); });
  const sp::HandleResult r = service.handle_message(*asked.message, sp::Clock::now());
  if (r.reply.empty()) std::abort();
  return 0;
}
