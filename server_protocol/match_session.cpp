#include "server_protocol/match_session.h"

#include <algorithm>
#include <atomic>

#include "server_protocol/fallback.h"

namespace ggp::server_protocol {

// The fallback lives on its worker thread; `problem` says why it is missing.
struct MatchSession::FallbackSlot {
  std::unique_ptr<Fallback> fallback;
  std::string problem;
};

namespace {

bool ready_by(std::future<CallResult>& f, Clock::time_point t) {
  return f.wait_until(t) == std::future_status::ready;
}

}  // namespace

MatchSession::MatchSession(std::string match_id, int play_clock,
                           std::unique_ptr<agent::Player> player, MachineSourceFactory machines)
    : match_id_(std::move(match_id)),
      play_clock_(play_clock),
      machines_(std::move(machines)),
      searcher_(std::make_unique<PlayerWorker>(std::move(player))),
      fallback_(std::make_unique<SerialWorker<FallbackSlot>>(std::make_unique<FallbackSlot>())) {}

MatchSession::~MatchSession() = default;

std::string MatchSession::start(std::shared_ptr<const gdl::Game> game, const std::string& role,
                                Clock::time_point until, uint64_t fallback_seed) {
  std::lock_guard turn(turn_mutex_);
  fallback_->submit([game, role, fallback_seed](FallbackSlot& slot) {
    try {
      slot.fallback = std::make_unique<Fallback>(game, role, fallback_seed);
    } catch (const std::exception& e) {
      slot.problem = std::string("no fallback: ") + e.what();
    }
    return CallResult{};
  });
  std::future<CallResult> started =
      searcher_->submit([machines = machines_, game, role, until](agent::Player& p) {
        p.start(machines(game), role, until);
        return CallResult{{}, p.last_stats(), {}};
      });
  if (!ready_by(started, until)) return "searcher still preparing";
  CallResult result = started.get();
  if (!result.error.empty()) return "searcher start failed: " + result.error;
  std::string note = result.stats.machine.empty() ? "" : "machine " + result.stats.machine;
  if (!result.stats.note.empty()) note += (note.empty() ? "" : "; ") + result.stats.note;
  return note;
}

PlayOutcome MatchSession::play(const std::vector<std::string>& joint, Clock::time_point until,
                               Clock::time_point last_moment) {
  std::lock_guard turn(turn_mutex_);
  PlayOutcome out;
  auto note = [&out](const std::string& text) { out.note += (out.note.empty() ? "" : "; ") + text; };

  // Answers nobody waits for any more are not computed (the fallback only keeps in step).
  auto move_wanted = std::make_shared<std::atomic<bool>>(true);
  auto check_wanted = std::make_shared<std::atomic<bool>>(true);
  // A fallback that starts a turn more than a play clock late is falling ever further behind and
  // taking the searcher's CPU: it is dropped for the rest of the match.
  const auto too_late = std::chrono::milliseconds(1000LL * play_clock_);
  const Clock::time_point submitted = Clock::now();
  std::future<CallResult> fallback_move =
      fallback_->submit([joint, move_wanted, too_late, submitted](FallbackSlot& slot) {
    CallResult r;
    if (slot.fallback && Clock::now() - submitted > too_late) {
      slot.problem = "fallback dropped: " +
                     std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        Clock::now() - submitted).count()) + " ms behind";
      slot.fallback.reset();
    }
    if (!slot.fallback) {
      r.stats.note = slot.problem;
      return r;
    }
    try {
      slot.fallback->advance(joint);
      if (*move_wanted) r.move = slot.fallback->random_move().value_or("");
    } catch (const std::exception& e) {
      slot.problem = std::string("fallback lost track: ") + e.what();
      r.stats.note = slot.problem;
      slot.fallback.reset();
    }
    return r;
  });
  std::future<CallResult> searched = searcher_->submit([joint, until](agent::Player& p) {
    std::string move = p.play(joint, until);
    return CallResult{std::move(move), p.last_stats(), {}};
  });

  std::optional<std::string> move;
  if (!ready_by(searched, until)) {
    note("searcher late");
  } else if (CallResult result = searched.get(); !result.error.empty()) {
    note("searcher failed: " + result.error);
  } else {
    out.playouts = result.stats.playouts;
    if (!result.stats.note.empty()) note(result.stats.note);
    // The fallback checks legality if it can say in time; otherwise the move goes unchecked.
    std::future<CallResult> checked =
        fallback_->submit([m = result.move, check_wanted](FallbackSlot& slot) {
          CallResult r;
          if (!slot.fallback || !*check_wanted) r.error = "not checked";
          else r.move = slot.fallback->legal_spelling(m).value_or("");
          return r;
        });
    const Clock::time_point check_by =
        std::min(last_moment, std::max(until, Clock::now() + std::chrono::milliseconds(100)));
    if (!ready_by(checked, check_by)) {
      *check_wanted = false;
      move = result.move;
    } else if (CallResult check = checked.get(); !check.error.empty()) {
      move = result.move;
    } else if (!check.move.empty()) {
      move = check.move;
    } else {
      note("searcher's move '" + result.move + "' is not legal");
    }
  }
  if (!move) {
    if (ready_by(fallback_move, last_moment)) {
      CallResult fb = fallback_move.get();
      if (!fb.move.empty()) {
        move = fb.move;
        note("fallback: random legal move");
      } else {
        note(fb.stats.note.empty() ? "fallback: no legal move" : fb.stats.note);
      }
    } else {
      *move_wanted = false;
      note("fallback late too");
    }
  }
  if (!move) {
    move = last_move_.empty() ? "nil" : last_move_;
    note("last resort: " + *move);
  }
  last_move_ = *move;
  out.move = *move;
  return out;
}

void MatchSession::stop(const std::vector<std::string>& joint) {
  searcher_->submit([joint](agent::Player& p) {
    p.stop(joint);
    return CallResult{};
  });
}

void MatchSession::abort() {
  searcher_->submit([](agent::Player& p) {
    p.abort();
    return CallResult{};
  });
}

bool MatchSession::idle() const { return searcher_->idle() && fallback_->idle(); }

}  // namespace ggp::server_protocol
