#pragma once
// Helpers of the protocol tests: GGP-Base traffic (our own fixtures in tests/server_protocol/wire/,
// and the corpus's captures of protocol/), a raw TCP client that sends bytes exactly as given, a
// scripted Player, and child `ggp serve` processes.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agent/player.h"

namespace ggp::server_protocol::testing {

// One connection of a capture log: the request and response bytes, decoded.
struct CapturedExchange {
  std::string request;
  std::string response;
};
std::vector<CapturedExchange> read_capture(const std::string& path);
// A fixture of tests/server_protocol/wire/ (its format is in the file's header): each message in
// a POST as GGP-Base's game server sends it (ggp_post) and each reply in the HTTP response a
// GGP-Base player gives (ggp_player_reply).
std::vector<CapturedExchange> read_wire_fixture(const std::string& name);

// The body of an HTTP message (after the blank line), and one header's value ("" if absent,
// name matched case-insensitively).
std::string http_body(const std::string& message);
std::string http_header(const std::string& message, const std::string& name);
// The status line, e.g. "HTTP/1.0 200 OK".
std::string http_status_line(const std::string& message);

// Connects to 127.0.0.1:port, sends `bytes`, half-closes when `finish` is set, and reads until the
// server closes or `timeout` passes. Returns what was read.
std::string raw_exchange(uint16_t port, const std::string& bytes, std::chrono::milliseconds timeout,
                         bool finish = false);

// A POST of `message` as the GGP-Base server sends it.
std::string ggp_post(const std::string& message);
// A reply of `body` as a GGP-Base player sends it: HTTP/1.0 200, text/acl and the CORS headers.
std::string ggp_player_reply(const std::string& body);

// True when propnet::make_machine builds a machine for the project's tic-tac-toe.
bool machine_available();
// The project's tic-tac-toe, as rule text.
std::string tictactoe_rules();

// A Player with scripted behaviour; the shared knobs may be changed while it plays.
struct Script {
  std::string move = "(place 1 1)";    // the move a turn's answer gives
  std::chrono::milliseconds delay{0};  // how long after the turn began the move is there
  bool throw_in_play = false;          // the answer has no move, as after a failed search
  bool use_deadline = false;           // the move is there at the stop (a searcher using its time)
};
std::unique_ptr<agent::Player> make_scripted_player(std::shared_ptr<Script> script);

// A `ggp serve` child process on a free loopback port; killed by the destructor.
class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& extra_args);
  ~ServeProcess();
  uint16_t port() const { return port_; }
  bool running() const;

 private:
  int pid_ = -1;
  uint16_t port_ = 0;
};

}  // namespace ggp::server_protocol::testing
