#include "tournament/serve_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ggp::tournament {
namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

}  // namespace

ServeProcess::ServeProcess(const std::string& binary, const std::vector<std::string>& args,
                           const std::filesystem::path& log) {
  std::vector<std::string> all = {binary, "serve", "--port", "0", "--bind", "127.0.0.1"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) throw std::runtime_error("cannot create " + log.string());
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {  // only async-signal-safe calls from here on
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);  // the parent is gone already
    ::dup2(out, STDOUT_FILENO);
    ::dup2(out, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out);
  if (pid_ < 0) throw std::runtime_error("cannot fork a ggp serve process");
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (port_ == 0) {
    const std::string text = slurp(log);
    const size_t at = text.find("listening on ");
    const size_t eol = at == std::string::npos ? at : text.find('\n', at);
    if (eol != std::string::npos) {
      const std::string endpoint = text.substr(at + 13, eol - at - 13);
      port_ = static_cast<uint16_t>(std::stoi(endpoint.substr(endpoint.rfind(':') + 1)));
      break;
    }
    if (!running() || std::chrono::steady_clock::now() > until) {
      if (!reaped_) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
      }
      pid_ = -1;
      throw std::runtime_error("ggp serve did not start (" + log.string() + "): " +
                               last_line(text));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

ServeProcess::~ServeProcess() {
  if (pid_ <= 0 || reaped_) return;
  ::kill(pid_, SIGTERM);
  for (int i = 0; i < 200; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

bool ServeProcess::running() const {
  if (pid_ <= 0 || reaped_) return false;
  if (::waitpid(pid_, nullptr, WNOHANG) == 0) return true;
  reaped_ = true;
  return false;
}

double ServeProcess::cpu_ms() const {
  if (!running()) return -1;
  // /proc/PID/stat: fields 14 and 15 (utime, stime) in clock ticks, after the command in parens.
  const std::string stat = slurp("/proc/" + std::to_string(pid_) + "/stat");
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return 1000.0 * static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace ggp::tournament
