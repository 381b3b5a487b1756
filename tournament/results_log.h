#pragma once
// The tournament's results: one JSON line per finished match in DIR/matches.jsonl, appended and
// flushed to the disk (fsync) as each match ends. The log is the truth: a match is done when its
// line is there, so a tournament killed at any moment (kill -9 included) resumes by playing the
// scheduled matches without a line, and never plays a match twice. A last line cut short by the
// kill (no newline, or not JSON) is dropped and the file truncated to the lines before it.
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ggp::tournament {

struct MatchResult {
  std::string id;                    // the scheduled match's id
  std::string game;                  // the game's name
  int round = 1;
  std::vector<std::string> players;  // player names, role order
  std::vector<std::string> roles;    // the game's roles
  std::vector<int> goals;            // role order; empty when aborted
  bool aborted = false;
  std::string abort_reason;
  size_t turns = 0;                  // joint moves played
  std::vector<int> timeouts;         // PLAY replies late (TO), per role
  std::vector<int> illegal;          // illegal moves (IL), per role
  std::vector<int> failed;           // failed or unreadable replies (CE), per role
  std::vector<double> cpu_ms;        // CPU time of each role's player over the match; empty when
                                     // not measured (in-process players)
  double wall_ms = 0;                // the match's duration
  int64_t finished_ms = 0;           // when it ended, ms since the epoch
  std::string record;                // the GGP-Base match JSON, relative to the tournament folder
};

nlohmann::json to_json(const MatchResult& result);
// Throws nlohmann::json::exception for a line that lacks a field.
MatchResult match_result_from_json(const nlohmann::json& j);

class ResultsLog {
 public:
  // Opens (creating if need be) the log and reads the matches finished so far. A partial last
  // line is dropped (`dropped_partial_line()` says so); a bad line elsewhere throws.
  explicit ResultsLog(std::filesystem::path path);
  ResultsLog(const ResultsLog&) = delete;
  ResultsLog& operator=(const ResultsLog&) = delete;
  ~ResultsLog();

  const std::filesystem::path& path() const { return path_; }
  bool dropped_partial_line() const { return dropped_partial_; }
  bool contains(const std::string& id) const;
  // The finished matches, in the order they finished.
  std::vector<MatchResult> results() const;

  // Appends `result` as one line and returns once it is on the disk. Thread-safe. Throws
  // std::runtime_error when the write fails, or when the id is in the log already.
  void append(const MatchResult& result);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  bool dropped_partial_ = false;
  mutable std::mutex mutex_;
  std::vector<MatchResult> results_;
  std::set<std::string> ids_;
};

// Writes `text` to `path` durably: a temporary file beside it, fsync, rename, fsync of the folder.
void write_file_durably(const std::filesystem::path& path, const std::string& text);

}  // namespace ggp::tournament
