#pragma once
// The running tournament on the console: on a terminal one line redrawn in place (a bar, the
// matches done, the elapsed time and an ETA); elsewhere a plain line per finished match.
#include <chrono>
#include <iosfwd>
#include <string>

#include "tournament/runner.h"

namespace ggp::tournament {

// "45s", "3m05s", "1h02m".
std::string format_duration(double seconds);

// The time left at the pace of the matches finished by this run, or a negative number while
// none has finished.
double eta_seconds(const Progress& p, double elapsed_seconds);

class ProgressPrinter {
 public:
  ProgressPrinter(std::ostream& out, bool terminal);
  // Thread-compatible: the runner calls it one call at a time.
  void update(const Progress& p);
  // Ends the bar's line (on a terminal).
  void finish();

 private:
  std::string bar_line(const Progress& p, double elapsed) const;

  std::ostream& out_;
  bool terminal_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point begin_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace ggp::tournament
