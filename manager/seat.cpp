#include "manager/seat.h"

namespace ggp::manager {

using server_protocol::Clock;
using server_protocol::HandleResult;
using server_protocol::PlayerFactory;
using server_protocol::ServiceConfig;

RemoteSeat::RemoteSeat(const std::string& host_port)
    : name_(host_port), endpoint_(parse_endpoint(host_port)) {}

SeatReply RemoteSeat::send(const std::string& message, std::chrono::milliseconds timeout) {
  HttpExchange x = post_message(endpoint_, message, name_, timeout);
  SeatReply r;
  r.elapsed_ms = x.elapsed_ms;
  switch (x.outcome) {
    case HttpExchange::Outcome::Ok:
      if (x.status == 200) {
        r.outcome = SeatReply::Outcome::Ok;
        r.text = std::move(x.body);
      } else {
        r.error = "HTTP " + std::to_string(x.status) + ": " + x.body;
      }
      break;
    case HttpExchange::Outcome::Timeout:
      r.outcome = SeatReply::Outcome::Timeout;
      r.error = x.error;
      break;
    case HttpExchange::Outcome::Error:
      r.error = x.error;
      break;
  }
  return r;
}

LocalSeat::LocalSeat(std::string name, ServiceConfig config, PlayerFactory factory)
    : name_(std::move(name)), service_(std::move(config), std::move(factory)) {}

SeatReply LocalSeat::send(const std::string& message, std::chrono::milliseconds timeout) {
  const Clock::time_point sent = Clock::now();
  HandleResult h = service_.handle_message(message, sent);
  if (h.written) h.written(Clock::now());  // in process, the reply is out as soon as it exists
  SeatReply r;
  r.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
  if (h.bad_request) {
    r.error = "rejected: " + h.reply;
  } else if (r.elapsed_ms > static_cast<double>(timeout.count())) {
    r.outcome = SeatReply::Outcome::Timeout;
    r.error = "replied after " + std::to_string(static_cast<long>(r.elapsed_ms)) + " ms";
  } else {
    r.outcome = SeatReply::Outcome::Ok;
    r.text = std::move(h.reply);
  }
  return r;
}

}  // namespace ggp::manager
