#pragma once
// A `ggp serve` child process on a free loopback port: a local player of a tournament played over
// the real protocol. The child is killed when the thread that started it ends (PR_SET_PDEATHSIG),
// so a tournament killed with kill -9 leaves no player behind; the destructor stops it
// (SIGTERM, then SIGKILL).
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ggp::tournament {

class ServeProcess {
 public:
  // Starts `binary serve --port 0 --bind 127.0.0.1` with `args` appended, its output in `log` (a
  // line per message, with the player's notes: what it searched, what it proved), and waits (up to 20 s) until it listens. Throws std::runtime_error, with the log's
  // last line, when it does not.
  ServeProcess(const std::string& binary, const std::vector<std::string>& args,
               const std::filesystem::path& log);
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  bool running() const;
  // User plus system CPU time of the process so far, ms (10 ms resolution); -1 when unknown.
  double cpu_ms() const;

 private:
  pid_t pid_ = -1;
  uint16_t port_ = 0;
  mutable bool reaped_ = false;  // waited for: the pid may be another process's now
};

}  // namespace ggp::tournament
