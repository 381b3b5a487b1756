#include "tournament/results_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ggp::tournament {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path) {
  throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

void write_all(int fd, const std::string& text, const std::filesystem::path& path) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("cannot write", path);
    done += static_cast<size_t>(n);
  }
}

void sync_folder(const std::filesystem::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

template <class T>
std::vector<T> list_or_empty(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_array() ? j[key].get<std::vector<T>>() : std::vector<T>{};
}

}  // namespace

nlohmann::json to_json(const MatchResult& r) {
  nlohmann::json j;
  j["id"] = r.id;
  j["game"] = r.game;
  j["round"] = r.round;
  j["players"] = r.players;
  j["roles"] = r.roles;
  j["goals"] = r.goals;
  j["aborted"] = r.aborted;
  if (r.aborted) j["abort_reason"] = r.abort_reason;
  j["turns"] = r.turns;
  j["timeouts"] = r.timeouts;
  j["illegal"] = r.illegal;
  j["failed"] = r.failed;
  j["cpu_ms"] = r.cpu_ms;
  j["wall_ms"] = r.wall_ms;
  j["finished_ms"] = r.finished_ms;
  j["record"] = r.record;
  return j;
}

MatchResult match_result_from_json(const nlohmann::json& j) {
  MatchResult r;
  r.id = j.at("id").get<std::string>();
  r.game = j.at("game").get<std::string>();
  r.round = j.at("round").get<int>();
  r.players = j.at("players").get<std::vector<std::string>>();
  r.roles = j.at("roles").get<std::vector<std::string>>();
  r.goals = j.at("goals").get<std::vector<int>>();
  r.aborted = j.at("aborted").get<bool>();
  r.abort_reason = j.value("abort_reason", "");
  r.turns = j.at("turns").get<size_t>();
  r.timeouts = list_or_empty<int>(j, "timeouts");
  r.illegal = list_or_empty<int>(j, "illegal");
  r.failed = list_or_empty<int>(j, "failed");
  r.cpu_ms = list_or_empty<double>(j, "cpu_ms");
  r.wall_ms = j.value("wall_ms", 0.0);
  r.finished_ms = j.value("finished_ms", int64_t{0});
  r.record = j.value("record", "");
  return r;
}

ResultsLog::ResultsLog(std::filesystem::path path) : path_(std::move(path)) {
  std::string text;
  {
    std::ifstream in(path_, std::ios::binary);
    if (in) {
      std::ostringstream s;
      s << in.rdbuf();
      text = s.str();
    }
  }
  size_t good_end = 0;  // the end of the last complete, readable line
  for (size_t begin = 0; begin < text.size();) {
    const size_t newline = text.find('\n', begin);
    const bool last = newline == std::string::npos || newline + 1 == text.size();
    const std::string line =
        text.substr(begin, newline == std::string::npos ? std::string::npos : newline - begin);
    std::optional<MatchResult> result;
    if (newline != std::string::npos) {
      try {
        result = match_result_from_json(nlohmann::json::parse(line));
      } catch (const nlohmann::json::exception&) {
      }
    }
    if (!result) {
      if (!last)
        throw std::runtime_error(path_.string() + ": an unreadable line before the last one: '" +
                                 line.substr(0, 80) + "'");
      dropped_partial_ = !line.empty();
      break;
    }
    if (ids_.insert(result->id).second) results_.push_back(std::move(*result));
    good_end = newline + 1;
    begin = newline + 1;
  }
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("cannot open", path_);
  if (good_end < text.size()) {
    if (::ftruncate(fd_, static_cast<off_t>(good_end)) != 0) fail("cannot truncate", path_);
    ::fsync(fd_);
  }
  sync_folder(path_.parent_path());
}

ResultsLog::~ResultsLog() {
  if (fd_ >= 0) ::close(fd_);
}

bool ResultsLog::contains(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return ids_.count(id) > 0;
}

std::vector<MatchResult> ResultsLog::results() const {
  std::lock_guard lock(mutex_);
  return results_;
}

void ResultsLog::append(const MatchResult& result) {
  const std::string line = to_json(result).dump() + '\n';
  std::lock_guard lock(mutex_);
  if (ids_.count(result.id)) throw std::runtime_error("match " + result.id + " is logged already");
  write_all(fd_, line, path_);
  if (::fsync(fd_) != 0) fail("cannot sync", path_);
  ids_.insert(result.id);
  results_.push_back(result);
}

void write_file_durably(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create", tmp);
  write_all(fd, text, tmp);
  if (::fsync(fd) != 0) fail("cannot sync", tmp);
  ::close(fd);
  std::filesystem::rename(tmp, path);
  sync_folder(path.parent_path());
}

}  // namespace ggp::tournament
