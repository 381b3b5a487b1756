#pragma once
// A seat at the game manager's table: how one message reaches one player and its reply comes
// back. A remote seat is a GGP player over HTTP (`host:port`); a local seat is an in-process Player
// behind its own PlayerService, so both are driven by the same message texts and clocks.
#include <chrono>
#include <memory>
#include <string>

#include "manager/http_client.h"
#include "server_protocol/player_service.h"

namespace ggp::manager {

struct SeatReply {
  enum class Outcome { Ok, Timeout, Error };
  Outcome outcome = Outcome::Error;
  std::string text;       // the reply body (Ok)
  std::string error;      // why not (Timeout, Error)
  double elapsed_ms = 0;  // from sending to the reply
};

class Seat {
 public:
  virtual ~Seat() = default;
  // The player's name as the host knows it (playerNamesFromHost).
  virtual std::string name() const = 0;
  // Sends one message text and waits at most `timeout` for the reply. Thread-safe across seats.
  virtual SeatReply send(const std::string& message, std::chrono::milliseconds timeout) = 0;
};

class RemoteSeat : public Seat {
 public:
  explicit RemoteSeat(const std::string& host_port);
  std::string name() const override { return name_; }
  SeatReply send(const std::string& message, std::chrono::milliseconds timeout) override;

 private:
  std::string name_;
  Endpoint endpoint_;
};

class LocalSeat : public Seat {
 public:
  LocalSeat(std::string name, server_protocol::ServiceConfig config,
            server_protocol::PlayerFactory factory);
  std::string name() const override { return name_; }
  // A reply that comes after `timeout` counts as a Timeout, as over the network.
  SeatReply send(const std::string& message, std::chrono::milliseconds timeout) override;

 private:
  std::string name_;
  server_protocol::PlayerService service_;
};

}  // namespace ggp::manager
