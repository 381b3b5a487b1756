#include "server_protocol/http_server.h"

#include "server_protocol/http_request.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <csignal>
#include <functional>
#include <limits>
#include <system_error>

namespace ggp::server_protocol {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct HttpServer::Impl {
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::optional<net::signal_set> signals;
};

class HttpServer::Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, HttpServer& server)
      : stream_(std::move(socket)), server_(server) {}

  void begin() { read_header(); }

 private:
  void read_header() {
    parser_.emplace();
    const size_t cap = server_.config_.max_request_bytes;
    parser_->body_limit(cap);
    parser_->header_limit(static_cast<uint32_t>(
        std::min<size_t>(cap, std::numeric_limits<uint32_t>::max())));
    stream_.expires_after(server_.config_.read_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, size_t) {
                              self->arrival_ = Clock::now();
                              if (ec) return self->on_error(ec);
                              self->read_body();
                            });
  }

  void read_body() {
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return self->on_error(ec);
                       self->on_request();
                     });
  }

  void on_error(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == net::error::eof ||
        ec == net::error::connection_reset || ec == net::error::operation_aborted)
      return close();
    if (ec == beast::error::timeout) {
      server_.log_line(utc_timestamp() + " - read timeout: connection closed");
      return close();
    }
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      const std::string why = "request over the size cap of " +
                              std::to_string(server_.config_.max_request_bytes) + " bytes";
      server_.log_line(utc_timestamp() + " - 413 " + why);
      return write(http::status::payload_too_large, why, 11, false);
    }
    server_.log_line(utc_timestamp() + " - 400 bad request: " + ec.message());
    write(http::status::bad_request, "bad request: " + ec.message(), 11, false);
  }

  void on_request() {
    HttpRequest req = parser_->release();
    const unsigned version = req.version();
    const bool keep_alive = req.keep_alive();
    RequestMessage asked = request_message(req);
    if (!asked.message) {
      if (asked.status == http::status::ok) return write(asked.status, "", version, keep_alive);
      server_.log_line(utc_timestamp() + " - 400 " + asked.reason);
      return write(asked.status, asked.reason, version, false);
    }
    std::string message = std::move(*asked.message);

    // The handler may wait until a deadline: it gets a thread of its own.
    server_.handler_started();
    try {
      spawn_handler(std::move(message), version, keep_alive);
    } catch (const std::system_error& e) {  // no thread to be had
      server_.handler_finished();
      server_.log_line(utc_timestamp() + " - 503 " + e.what());
      write(http::status::service_unavailable, "overloaded: " + std::string(e.what()), version, false);
    }
  }

  void spawn_handler(std::string message, unsigned version, bool keep_alive) {
    std::thread([self = shared_from_this(), message = std::move(message), arrival = arrival_,
                 version, keep_alive]() mutable {
      HttpServer& server = self->server_;
      HandleResult r = server.service_.handle_message(message, arrival);
      server.log_line(format_log_line(r));
      auto status = r.bad_request ? http::status::bad_request : http::status::ok;
      net::post(self->stream_.get_executor(),
                [self, status, body = std::move(r.reply), version, keep_alive, bad = r.bad_request,
                 written = std::move(r.written)] {
                  self->write(status, body, version, keep_alive && !bad, written);
                });
      self.reset();
      server.handler_finished();
    }).detach();
  }

  // `written`, if set, is called with the time the reply has been written.
  void write(http::status status, const std::string& body, unsigned version, bool keep_alive,
             std::function<void(Clock::time_point)> written = {}) {
    auto res = std::make_shared<http::response<http::string_body>>(status, version);
    res->set(http::field::content_type, "text/acl");
    res->set(http::field::access_control_allow_origin, "*");
    res->set(http::field::access_control_allow_methods, "POST, GET, OPTIONS");
    res->set(http::field::access_control_allow_headers, "Content-Type");
    res->set("Access-Control-Allow-Age", "86400");
    res->body() = body;
    res->keep_alive(keep_alive);
    res->prepare_payload();
    stream_.expires_after(server_.config_.read_timeout);
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res, written = std::move(written)](
                          beast::error_code ec, size_t) {
                        if (!ec && written) written(Clock::now());
                        if (ec || !res->keep_alive()) return self->close();
                        self->read_header();
                      });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  HttpServer& server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Clock::time_point arrival_;
};

HttpServer::HttpServer(HttpServerConfig config, PlayerService& service)
    : config_(std::move(config)), service_(service), impl_(std::make_unique<Impl>()) {
  tcp::endpoint endpoint(net::ip::make_address(config_.bind), config_.port);
  impl_->acceptor.open(endpoint.protocol());
  impl_->acceptor.set_option(net::socket_base::reuse_address(true));
  impl_->acceptor.bind(endpoint);
  impl_->acceptor.listen(net::socket_base::max_listen_connections);
  port_ = impl_->acceptor.local_endpoint().port();
}

HttpServer::~HttpServer() { stop(); }

void HttpServer::start(int threads) {
  struct Acceptor {
    HttpServer* server;
    void operator()() const {
      server->impl_->acceptor.async_accept(
          net::make_strand(server->impl_->ioc), [s = server](beast::error_code ec, tcp::socket socket) {
            if (ec == net::error::operation_aborted) return;
            if (!ec) std::make_shared<Connection>(std::move(socket), *s)->begin();
            else s->log_line(utc_timestamp() + " - accept failed: " + ec.message());
            Acceptor{s}();
          });
    }
  };
  Acceptor{this}();
  for (int i = 0; i < std::max(1, threads); ++i)
    threads_.emplace_back([this] { impl_->ioc.run(); });
}

void HttpServer::run(int threads) {
  impl_->signals.emplace(impl_->ioc, SIGINT, SIGTERM);
  impl_->signals->async_wait([this](beast::error_code, int) { impl_->ioc.stop(); });
  start(threads);
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  stop();
}

void HttpServer::stop() {
  if (stopped_.exchange(true)) return;
  impl_->ioc.stop();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
  std::unique_lock lock(flight_mutex_);
  flight_done_.wait(lock, [this] { return in_flight_ == 0; });
}

void HttpServer::log_line(const std::string& line) {
  if (!config_.log) return;
  std::lock_guard lock(log_mutex_);
  *config_.log << line << '\n' << std::flush;
}

void HttpServer::handler_started() {
  std::lock_guard lock(flight_mutex_);
  ++in_flight_;
}

void HttpServer::handler_finished() {
  std::lock_guard lock(flight_mutex_);
  if (--in_flight_ == 0) flight_done_.notify_all();
}

}  // namespace ggp::server_protocol
