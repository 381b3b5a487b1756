// `ggp tournament` killed with kill -9 in the middle of a run resumes with the same command: the
// finished matches stay, the others are played, none twice; then the summary and the report.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "support/files.h"
#include "support/run_command.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> complete_lines(const fs::path& file) {
  const std::string text = ggp::testing::slurp(file);
  std::vector<std::string> lines;
  for (size_t begin = 0, end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1)
    lines.push_back(text.substr(begin, end - begin));
  return lines;
}

std::vector<std::string> tournament_args(const fs::path& out) {
  // Two clock-using players: each match takes about a second, so the kill lands mid-run.
  return {GGP_BINARY, "tournament", "--game", std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif",
          "--player", "a=uct", "--player", "b=uct:c=1", "--matches", "4", "--startclock", "1",
          "--playclock", "1", "--margin-ms", "880", "--out", out.string()};
}

}  // namespace

TEST_CASE("tournament: killed with kill -9 mid-run, the same command resumes it") {
  const fs::path out = ggp::testing::fresh_folder("ggp_resume_test");
  std::vector<std::string> args = tournament_args(out);
  const fs::path log = out.string() + ".first.txt";

  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int sink = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(sink >= 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(sink, STDOUT_FILENO);
    ::dup2(sink, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(sink);
  REQUIRE(pid > 0);
  const fs::path results = out / "matches.jsonl";
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (complete_lines(results).empty() && std::chrono::steady_clock::now() < until &&
         ::waitpid(pid, nullptr, WNOHANG) == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const size_t before = complete_lines(results).size();
  CAPTURE(before);
  REQUIRE(before >= 1);
  REQUIRE(before < 4);  // killed mid-run, not after the end
  CHECK(WIFSIGNALED(status));

  std::string command;
  for (const std::string& a : args) command += "'" + a + "' ";
  const ggp::testing::CommandRun second = ggp::testing::run_command(command + "2>&1");
  CAPTURE(second.output);
  REQUIRE(second.status == 0);
  CHECK(second.output.find(std::to_string(before) + " of 4 matches played already") !=
        std::string::npos);

  const std::vector<std::string> lines = complete_lines(results);
  REQUIRE(lines.size() == 4);
  std::map<std::string, int> seen;
  for (const std::string& line : lines) {
    const nlohmann::json j = nlohmann::json::parse(line);
    ++seen[j["id"].get<std::string>()];
    CHECK(fs::exists(out / j["record"].get<std::string>()));
    CHECK(j["goals"].size() == 2);
  }
  CHECK(seen.size() == 4);  // four distinct matches, none twice
  for (const char* id : {"ticTacToe.1.a.b", "ticTacToe.1.b.a", "ticTacToe.2.a.b", "ticTacToe.2.b.a"})
    CHECK(seen[id] == 1);
  CHECK(fs::exists(out / "summary.json"));
  CHECK(fs::exists(out / "report.html"));

  // Once more: nothing left to play, the same results.
  const ggp::testing::CommandRun third = ggp::testing::run_command(command + "2>&1");
  CHECK(third.status == 0);
  CHECK(third.output.find("4 of 4 matches played already") != std::string::npos);
  CHECK(complete_lines(results).size() == 4);

  // Another tournament in the same folder is refused.
  const ggp::testing::CommandRun other =
      ggp::testing::run_command(command + "--seed 7 2>&1");
  CHECK(other.status != 0);
  CHECK(other.output.find("holds another tournament") != std::string::npos);
  fs::remove_all(out);
  fs::remove(log);
}
