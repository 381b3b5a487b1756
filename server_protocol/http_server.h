#pragma once
// The GGP HTTP player on Boost.Beast: POST (the message is the body), GET (the message URL-encoded
// in the path) and OPTIONS (CORS preflight), HTTP/1.0 and 1.1. Every reply carries
// `Content-Type: text/acl` and the CORS headers of the GGP-Base player. Bad requests get 400 (413
// when over the size cap) with a one-line reason; the server goes on. Reads are asynchronous with a
// timeout, so a slow or half-open connection never blocks others; each message is handled on a
// thread of its own so INFO is answered while a PLAY searches (503 if no thread can be had).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server_protocol/player_service.h"

namespace ggp::server_protocol {

struct HttpServerConfig {
  std::string bind = "127.0.0.1";                  // address to listen on
  uint16_t port = 9147;                            // 0: any free port (see HttpServer::port)
  size_t max_request_bytes = 10 * 1024 * 1024;     // header plus body cap; larger gets 413
  std::chrono::milliseconds read_timeout{10000};   // to read one whole request
  std::ostream* log = nullptr;                     // one line per message; null: quiet
};

class HttpServer {
 public:
  // Binds at once (throws std::system_error when the address is taken).
  HttpServer(HttpServerConfig config, PlayerService& service);
  // stop()s.
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  uint16_t port() const { return port_; }
  // Serves on `threads` background threads until stop().
  void start(int threads = 2);
  // Stops accepting, closes connections, waits for handlers still running (they end by their
  // deadlines).
  void stop();
  // start() and block until stop() is called from elsewhere (e.g. a signal handler).
  void run(int threads = 2);

 private:
  class Connection;
  struct Impl;

  void log_line(const std::string& line);
  void handler_started();
  void handler_finished();

  HttpServerConfig config_;
  PlayerService& service_;
  std::unique_ptr<Impl> impl_;
  uint16_t port_ = 0;
  std::mutex log_mutex_;
  std::mutex flight_mutex_;
  std::condition_variable flight_done_;
  int in_flight_ = 0;
  std::vector<std::thread> threads_;
  std::atomic<bool> stopped_{false};
};

}  // namespace ggp::server_protocol
