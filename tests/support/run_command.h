#pragma once
// Runs a shell command for tests that drive the `ggp` binary: its exit status and its output
// (append " 2>&1" to the command to capture stderr too).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace ggp::testing {

struct CommandRun {
  int status = -1;  // the exit status; -1 if the command could not run or was killed
  std::string output;
};

inline CommandRun run_command(const std::string& command) {
  CommandRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.output.append(buffer.data(), n);
  int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace ggp::testing
