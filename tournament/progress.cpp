#include "tournament/progress.h"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace ggp::tournament {

std::string format_duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char text[32];
  if (s < 60)
    std::snprintf(text, sizeof text, "%lds", s);
  else if (s < 3600)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, (s % 3600) / 60);
  return text;
}

double eta_seconds(const Progress& p, double elapsed_seconds) {
  const size_t done_now = p.done - p.done_before;
  if (done_now == 0) return -1;
  return elapsed_seconds / static_cast<double>(done_now) * static_cast<double>(p.total - p.done);
}

ProgressPrinter::ProgressPrinter(std::ostream& out, bool terminal)
    : out_(out), terminal_(terminal) {}

std::string ProgressPrinter::bar_line(const Progress& p, double elapsed) const {
  const int width = 28;
  const double fraction = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1;
  const int filled = static_cast<int>(fraction * width);
  const double eta = eta_seconds(p, elapsed);
  char text[160];
  std::snprintf(text, sizeof text, "[%s%s] %zu/%zu %3.0f%%  elapsed %s  ETA %s  (%zu running)",
                std::string(static_cast<size_t>(filled), '#').c_str(),
                std::string(static_cast<size_t>(width - filled), '.').c_str(), p.done, p.total,
                100 * fraction, format_duration(elapsed).c_str(),
                eta < 0 ? "--" : format_duration(eta).c_str(), p.running);
  return text;
}

void ProgressPrinter::update(const Progress& p) {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - begin_).count();
  if (terminal_) {
    if (!p.finished && drawn_ && now - last_draw_ < std::chrono::milliseconds(250)) return;
    last_draw_ = now;
    if (p.finished) {  // the finished match on a line of its own, above the bar
      out_ << "\r\x1b[K" << p.finished->id << ": ";
      if (p.finished->aborted)
        out_ << "aborted (" << p.finished->abort_reason << ")";
      else
        for (size_t i = 0; i < p.finished->goals.size(); ++i)
          out_ << (i ? " " : "goals ") << p.finished->goals[i];
      out_ << '\n';
    }
    out_ << "\r\x1b[K" << bar_line(p, elapsed) << std::flush;
    drawn_ = true;
    return;
  }
  if (!p.finished) return;
  const MatchResult& r = *p.finished;
  out_ << p.done << '/' << p.total << ' ' << r.id << ':';
  if (r.aborted) out_ << " aborted (" << r.abort_reason << ')';
  for (size_t i = 0; i < r.goals.size() && i < r.players.size(); ++i)
    out_ << ' ' << r.players[i] << '=' << r.goals[i];
  const double eta = eta_seconds(p, elapsed);
  char tail[96];
  std::snprintf(tail, sizeof tail, ", %zu turns, %.1f s; elapsed %s, ETA %s", r.turns,
                r.wall_ms / 1000, format_duration(elapsed).c_str(),
                eta < 0 ? "--" : format_duration(eta).c_str());
  out_ << tail << std::endl;
}

void ProgressPrinter::finish() {
  if (terminal_ && drawn_) out_ << '\n' << std::flush;
  drawn_ = false;
}

}  // namespace ggp::tournament
