#include "server_protocol/http_request.h"

namespace ggp::server_protocol {

namespace http = boost::beast::http;

std::optional<std::string> url_decode(std::string_view text) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

RequestMessage request_message(HttpRequest& req) {
  RequestMessage out;
  if (req.method() == http::verb::options) return out;
  if (req.method() == http::verb::post) {
    out.message = std::move(req.body());
    return out;
  }
  if (req.method() == http::verb::get) {
    std::string_view target = req.target();
    if (!target.empty() && target.front() == '/') target.remove_prefix(1);
    out.message = url_decode(target);
    if (!out.message) {
      out.status = http::status::bad_request;
      out.reason = "broken %-escape in the GET path";
    }
    return out;
  }
  out.status = http::status::bad_request;
  out.reason = "method " + std::string(req.method_string()) + " not supported (POST, GET, OPTIONS)";
  return out;
}

}  // namespace ggp::server_protocol
