#include "server_protocol/player_service.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "propnet/machine_cache.h"
#include "server_protocol/messages.h"

namespace ggp::server_protocol {
namespace {

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

std::string one_line(std::string text, size_t max) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  if (text.size() > max) text = text.substr(0, max) + "...";
  return text;
}

// The reply for a move: GGP-Base's spacing, `( mark 2 2 )`.
std::string wire_move(const std::string& move) {
  return respell_term(move, TermStyle::Wire).value_or(move);
}

}  // namespace

std::string utc_timestamp() {
  auto now = std::chrono::system_clock::now();
  std::time_t secs = std::chrono::system_clock::to_time_t(now);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms.count()));
  return buf;
}

std::string format_log_line(const HandleResult& r) {
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.0f", r.think_ms);
  std::string line = utc_timestamp() + ' ' + (r.match_id.empty() ? "-" : r.match_id) + ' ' + r.kind +
                     " -> " + one_line(r.reply, 60) + " think_ms=" + ms +
                     " playouts=" + std::to_string(r.playouts);
  if (r.ponder_playouts > 0) line += " ponder=" + std::to_string(r.ponder_playouts);
  // Notes carry the first search's decisions (machine, cutoff, greedy playouts, MAST, evaluation,
  // implicit backups): about 500 characters, all of which a reader of the log needs.
  if (!r.note.empty()) line += " note=\"" + one_line(r.note, 1000) + '"';
  return line;
}

PlayerService::PlayerService(ServiceConfig config, PlayerFactory factory)
    : config_(std::move(config)), factory_(std::move(factory)) {}

PlayerService::~PlayerService() = default;

HandleResult PlayerService::handle_message(std::string_view text, Clock::time_point arrival) {
  HandleResult result;
  Message m;
  try {
    m = parse_message(text);
  } catch (const MessageError& e) {
    result.bad_request = true;
    result.kind = "?";
    result.reply = e.what();
    result.think_ms = ms_since(arrival);
    return result;
  }
  try {
    switch (m.kind) {
      case MessageKind::Info: result = on_info(); break;
      case MessageKind::Preview: result = on_preview(m); break;
      case MessageKind::Start: result = on_start(m, arrival); break;
      case MessageKind::Play: result = on_play(m, arrival); break;
      case MessageKind::Stop:
      case MessageKind::Abort: result = on_end(m); break;
    }
  } catch (const std::exception& e) {  // e.g. a player factory that throws: still a reply
    result.reply = m.kind == MessageKind::Play ? "nil" : "busy";
    result.note = std::string("internal error: ") + e.what();
  }
  result.kind = kind_name(m.kind);
  if (result.match_id.empty()) result.match_id = m.match_id;
  result.think_ms = ms_since(arrival);
  return result;
}

HandleResult PlayerService::on_info() const {
  std::lock_guard lock(mutex_);
  HandleResult r;
  const bool busy = current_ && !current_abandoned(Clock::now());
  r.reply = "( ( name " + config_.name + " ) ( status " + (busy ? "busy" : "available") + " ) )";
  return r;
}

HandleResult PlayerService::on_preview(const Message& m) {
  HandleResult r;
  r.reply = "ready";
  std::shared_ptr<const gdl::Game> game;
  try {
    game = load_rule_sheet(*m.rules, "PREVIEW");
  } catch (const std::exception& e) {
    r.note = std::string("rules rejected: ") + e.what();
    return r;
  }
  constexpr size_t kMaxBuilds = 2;  // background builds at once; more PREVIEWs are not prepared
  propnet::MachineCache& cache = propnet::shared_machine_cache();
  if (cache.building() >= kMaxBuilds) {
    r.note = "not prepared: other machines still building";
    return r;
  }
  try {  // starts the build that START's machine source waits for (match_machines.cpp)
    cache.get_until(game, propnet::MachineKind::Default, Clock::now());
  } catch (const std::exception&) {
    // START builds again and reports the problem.
  }
  r.note = "building the machine";
  return r;
}

std::shared_ptr<MatchSession> PlayerService::session_for(const std::string& id) const {
  std::lock_guard lock(mutex_);
  if (current_ && current_->match_id() == id) return current_;
  return nullptr;
}

bool PlayerService::current_abandoned(Clock::time_point now) const {
  return now > current_->last_reply_due() + std::chrono::seconds(current_->play_clock()) +
                   config_.silence_grace;
}

void PlayerService::prune_retired() {
  std::erase_if(retired_, [](const std::shared_ptr<MatchSession>& s) { return s->idle(); });
}

HandleResult PlayerService::on_start(const Message& m, Clock::time_point arrival) {
  HandleResult r;
  std::shared_ptr<MatchSession> session, dropped;
  uint64_t seed;
  {
    std::lock_guard lock(mutex_);
    prune_retired();
    if (current_ && current_abandoned(arrival)) {
      const auto silent = std::chrono::duration_cast<std::chrono::seconds>(
          arrival - current_->last_reply_due());
      r.note = "dropped match " + current_->match_id() + ": silent for " +
               std::to_string(silent.count()) + " s after its last reply was due (no STOP or ABORT came); ";
      dropped = std::move(current_);
      retired_.push_back(dropped);
    }
    if (current_) {
      r.reply = "busy";
      r.note = "already in match " + current_->match_id();
      return r;
    }
    session = std::make_shared<MatchSession>(m.match_id, m.play_clock, factory_(), config_.machines,
                                             config_.margin);
    current_ = session;
    seed = config_.seed + 0x9e37 * ++matches_started_;
  }
  if (dropped) dropped->end();

  std::shared_ptr<const gdl::Game> game;
  std::vector<gdl::Diagnostic> warnings;
  try {
    game = load_rule_sheet(*m.rules, "START " + m.match_id, &warnings);
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    current_.reset();
    retired_.push_back(session);
    r.reply = "busy";
    r.note += std::string("rules rejected: ") + e.what();
    return r;
  }
  r.note += session->start(game, m.role, arrival, m.start_clock, seed);
  if (!warnings.empty())  // read as GGP-Base reads it; the log says where the rules stray
    r.note += "; rules read with " + std::to_string(warnings.size()) +
              " warning(s), the first: " + warnings.front().to_string();
  r.reply = "ready";
  return r;
}

HandleResult PlayerService::on_play(const Message& m, Clock::time_point arrival) {
  HandleResult r;
  std::shared_ptr<MatchSession> session = session_for(m.match_id);
  if (!session) {
    r.reply = "busy";
    r.note = "not in this match";
    return r;
  }
  PlayOutcome outcome = session->play(m.moves, arrival);
  r.reply = wire_move(outcome.move);
  r.playouts = outcome.playouts;
  r.ponder_playouts = outcome.ponder_playouts;
  r.note = std::move(outcome.note);
  r.written = [weak = std::weak_ptr<MatchSession>(session),
               stop_at = outcome.stop_at](Clock::time_point written) {
    if (std::shared_ptr<MatchSession> s = weak.lock()) s->reply_written(stop_at, written);
  };
  return r;
}

HandleResult PlayerService::on_end(const Message& m) {
  HandleResult r;
  std::shared_ptr<MatchSession> session;
  {
    std::lock_guard lock(mutex_);
    if (!current_ || current_->match_id() != m.match_id) {
      r.reply = "busy";
      r.note = "not in this match";
      return r;
    }
    session = std::move(current_);
    retired_.push_back(session);
  }
  session->end();
  r.reply = m.kind == MessageKind::Stop ? "done" : "aborted";
  return r;
}

}  // namespace ggp::server_protocol
