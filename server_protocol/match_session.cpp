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
                           std::unique_ptr<agent::Player> player, MachineSourceFactory machines,
                           std::chrono::milliseconds network_margin)
    : match_id_(std::move(match_id)),
      play_clock_(play_clock),
      machines_(std::move(machines)),
      clock_(network_margin),
      player_(std::move(player)),
      fallback_(std::make_unique<SerialWorker<FallbackSlot>>(std::make_unique<FallbackSlot>())),
      last_reply_due_(Clock::now().time_since_epoch().count()) {}

MatchSession::~MatchSession() = default;

std::string MatchSession::start(std::shared_ptr<const gdl::Game> game, const std::string& role,
                                Clock::time_point arrival, int start_clock,
                                uint64_t fallback_seed) {
  last_reply_due_ = (arrival + std::chrono::seconds(start_clock)).time_since_epoch().count();
  std::lock_guard turn(turn_mutex_);
  const TurnTimes t = clock_.times(arrival, start_clock);
  fallback_->submit([game, role, fallback_seed](FallbackSlot& slot) {
    try {
      slot.fallback = std::make_unique<Fallback>(game, role, fallback_seed);
    } catch (const std::exception& e) {
      slot.problem = std::string("no fallback: ") + e.what();
    }
    return CallResult{};
  });
  player_->start(machines_(game), role, t.stop_at);
  return player_->wait_ready(t.reply_by);
}

PlayOutcome MatchSession::play(const std::vector<std::string>& joint, Clock::time_point arrival) {
  last_reply_due_ = (arrival + std::chrono::seconds(play_clock_)).time_since_epoch().count();
  std::lock_guard turn(turn_mutex_);
  const TurnTimes t = clock_.times(arrival, play_clock_);
  PlayOutcome out;
  out.stop_at = t.stop_at;
  auto note = [&out](const std::string& text) {
    if (!text.empty()) out.note += (out.note.empty() ? "" : "; ") + text;
  };

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
                                            Clock::now() - submitted)
                                            .count()) +
                         " ms behind";
          slot.fallback.reset();
        }
        if (!slot.fallback) {
          r.note = slot.problem;
          return r;
        }
        try {
          slot.fallback->advance(joint);
          if (*move_wanted) r.move = slot.fallback->random_move().value_or("");
        } catch (const std::exception& e) {
          slot.problem = std::string("fallback lost track: ") + e.what();
          r.note = slot.problem;
          slot.fallback.reset();
        }
        return r;
      });

  player_->begin_turn(joint, t.stop_at);
  agent::Answer answer = player_->answer(t.reply_by);
  out.playouts = answer.stats.playouts;
  out.ponder_playouts = answer.stats.ponder_playouts;
  note(answer.stats.note);

  std::optional<std::string> move;
  if (!answer.move.empty()) {
    if (!answer.final) note("search still stopping: its best move so far");
    // The fallback checks legality if it can say by reply_by; otherwise the move goes unchecked.
    std::future<CallResult> checked =
        fallback_->submit([m = answer.move, check_wanted](FallbackSlot& slot) {
          CallResult r;
          if (!slot.fallback || !*check_wanted)
            r.error = "not checked";
          else
            r.move = slot.fallback->legal_spelling(m).value_or("");
          return r;
        });
    if (!ready_by(checked, t.reply_by)) {
      *check_wanted = false;
      move = answer.move;
    } else if (CallResult check = checked.get(); !check.error.empty()) {
      move = answer.move;
    } else if (!check.move.empty()) {
      move = check.move;
    } else {
      note("the searcher's move '" + answer.move + "' is not legal");
    }
  } else if (answer.stats.note.empty()) {
    note("no move from the searcher");
  }
  if (!move) {
    if (ready_by(fallback_move, t.last_moment)) {
      CallResult fb = fallback_move.get();
      if (!fb.move.empty()) {
        move = fb.move;
        note("fallback: random legal move");
      } else {
        note(fb.note.empty() ? "fallback: no legal move" : fb.note);
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

void MatchSession::reply_written(Clock::time_point stop_at, Clock::time_point written) {
  clock_.record(written - stop_at);
}

void MatchSession::end() {
  player_->end();
}

bool MatchSession::idle() const {
  return player_->finished() && fallback_->idle();
}

Clock::time_point MatchSession::last_reply_due() const {
  return Clock::time_point(Clock::duration(last_reply_due_.load()));
}

}  // namespace ggp::server_protocol
