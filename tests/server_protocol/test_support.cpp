#include "test_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"
#include "support/files.h"

namespace ggp::server_protocol::testing {
namespace {

std::string decode_bytes_literal(const std::string& line) {
  // b'...' with Python's escapes.
  size_t open = line.find("b'");
  size_t close = line.rfind('\'');
  if (open == std::string::npos || close <= open + 1) throw std::runtime_error("not b'...'");
  std::string out;
  for (size_t i = open + 2; i < close; ++i) {
    if (line[i] != '\\') {
      out += line[i];
      continue;
    }
    char c = line[++i];
    switch (c) {
      case 'r': out += '\r'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'x': out += static_cast<char>(std::stoi(line.substr(i + 1, 2), nullptr, 16)); i += 2; break;
      default: out += c;  // \\ \' \"
    }
  }
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

using ggp::testing::slurp;

}  // namespace

std::vector<CapturedExchange> read_capture(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<CapturedExchange> out;
  std::string line, pending;
  while (std::getline(in, line)) {
    if (line.rfind("=== conn", 0) == 0) out.emplace_back();
    else if (line.rfind(">>> REQUEST", 0) == 0 || line.rfind("<<< RESPONSE", 0) == 0) pending = line.substr(0, 3);
    else if (line.rfind("b'", 0) == 0 && !out.empty()) {
      (pending == ">>>" ? out.back().request : out.back().response) = decode_bytes_literal(line);
    }
  }
  return out;
}

std::string http_body(const std::string& message) {
  size_t end = message.find("\r\n\r\n");
  return end == std::string::npos ? "" : message.substr(end + 4);
}

std::string http_header(const std::string& message, const std::string& name) {
  std::istringstream in(message.substr(0, message.find("\r\n\r\n")));
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t colon = line.find(':');
    if (colon != std::string::npos && lower(line.substr(0, colon)) == lower(name)) {
      std::string v = line.substr(colon + 1);
      return v.substr(v.find_first_not_of(' ') == std::string::npos ? v.size() : v.find_first_not_of(' '));
    }
  }
  return "";
}

std::string http_status_line(const std::string& message) { return message.substr(0, message.find("\r\n")); }

std::string raw_exchange(uint16_t port, const std::string& bytes, std::chrono::milliseconds timeout,
                         bool finish) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return "";
  }
  size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  if (finish) ::shutdown(fd, SHUT_WR);
  std::string out;
  char buf[65536];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

std::vector<CapturedExchange> read_wire_fixture(const std::string& name) {
  const std::string path = std::string(GGP_SOURCE_ROOT) + "/tests/server_protocol/wire/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<CapturedExchange> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("> ", 0) == 0) out.push_back({ggp_post(line.substr(2)), ""});
    else if (line.rfind("< ", 0) == 0 && !out.empty() && out.back().response.empty())
      out.back().response = ggp_player_reply(line.substr(2));
    else if (!line.empty() && line[0] != '#')
      throw std::runtime_error(path + ": not '> ', '< ' or '#': " + line);
  }
  return out;
}

std::string ggp_player_reply(const std::string& body) {
  return "HTTP/1.0 200 OK\r\nContent-type: text/acl\r\nContent-length: " +
         std::to_string(body.size()) +
         "\r\nAccess-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, GET, "
         "OPTIONS\r\nAccess-Control-Allow-Headers: Content-Type\r\nAccess-Control-Allow-Age: "
         "86400\r\n\r\n" +
         body;
}

std::string ggp_post(const std::string& message) {
  return "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: localhost\r\nSender: GAMESERVER\r\n"
         "Receiver: ggp\r\nContent-Type: text/acl\r\nContent-Length: " +
         std::to_string(message.size()) + "\r\n\r\n" + message;
}

std::string tictactoe_rules() { return slurp(std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif"); }

bool machine_available() {
  static const bool available = [] {
    try {
      return propnet::make_machine(gdl::load_game_text(tictactoe_rules()), propnet::MachineKind::Default)
                 .machine != nullptr;
    } catch (const std::exception&) {
      return false;
    }
  }();
  return available;
}

namespace {

class ScriptedPlayer : public agent::Player {
 public:
  explicit ScriptedPlayer(std::shared_ptr<Script> s) : script_(std::move(s)) {}
  std::string name() const override { return "scripted"; }
  void start(std::shared_ptr<agent::MachineSource>, const std::string&,
             agent::Clock::time_point) override {}
  std::string wait_ready(agent::Clock::time_point) override { return "scripted"; }
  void begin_turn(const std::vector<std::string>&, agent::Clock::time_point stop_at) override {
    began_ = agent::Clock::now();
    stop_at_ = stop_at;
  }
  // The move is there `delay` after the turn began (use_deadline: at the stop); an answer due
  // before that has none.
  agent::Answer answer(agent::Clock::time_point until) override {
    const agent::Clock::time_point ready =
        script_->use_deadline ? stop_at_ : began_ + script_->delay;
    agent::Answer a;
    a.stats.playouts = 42;
    if (ready > until) {
      std::this_thread::sleep_until(until);
      a.stats.note = "scripted: no move yet";
      return a;
    }
    std::this_thread::sleep_until(ready);
    a.final = true;
    if (script_->throw_in_play)
      a.stats.note = "scripted failure";
    else
      a.move = script_->move;
    return a;
  }
  void end() override {}
  bool finished() const override { return true; }

 private:
  std::shared_ptr<Script> script_;
  agent::Clock::time_point began_, stop_at_;
};

}  // namespace

std::unique_ptr<agent::Player> make_scripted_player(std::shared_ptr<Script> script) {
  return std::make_unique<ScriptedPlayer>(std::move(script));
}

ServeProcess::ServeProcess(const std::vector<std::string>& extra_args) {
  char path[] = "/tmp/ggp_serve_test_XXXXXX";
  int out = ::mkstemp(path);
  if (out < 0) throw std::runtime_error("mkstemp failed");
  std::string log_path = path;
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(out, STDOUT_FILENO);
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDERR_FILENO);
    std::vector<std::string> args = {GGP_BINARY, "serve", "--port", "0"};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(GGP_BINARY, argv.data());
    ::_exit(127);
  }
  ::close(out);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until && port_ == 0) {
    std::string text = slurp(log_path);
    size_t at = text.find("listening on ");
    size_t eol = at == std::string::npos ? at : text.find('\n', at);
    if (eol != std::string::npos) {
      std::string endpoint = text.substr(at + 13, eol - at - 13);
      port_ = static_cast<uint16_t>(std::stoi(endpoint.substr(endpoint.rfind(':') + 1)));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ::unlink(log_path.c_str());
  if (port_ == 0) throw std::runtime_error("ggp serve did not start");
}

ServeProcess::~ServeProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  for (int i = 0; i < 300; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

bool ServeProcess::running() const { return pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0; }

}  // namespace ggp::server_protocol::testing
