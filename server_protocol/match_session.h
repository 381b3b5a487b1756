#pragma once
// One match from the player's side, and the one place that owns its deadlines (ReplyClock) and
// its fallback. The player searches on a thread of its own and publishes its best move as it goes
// (agent/player.h); per PLAY the session tells it when to stop, takes its move when the reply is
// due, and has it checked for legality by the fallback when the fallback can tell in time. The
// fallback, the prover following the match on a worker thread of its own, supplies a random legal
// move only when the player has no move at all (no machine yet, a failed search, an illegal
// proposal); as a last resort the reply is our previous move. The fallback is dropped for the
// match when it cannot keep up.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "agent/player.h"
#include "gdl/ast.h"
#include "server_protocol/match_machines.h"
#include "server_protocol/reply_clock.h"
#include "server_protocol/serial_worker.h"

namespace ggp::server_protocol {

struct PlayOutcome {
  std::string move;  // compact form, or "nil" when nothing at all was known
  uint64_t playouts = 0;  // the player's figures for this turn (agent::ThinkStats)
  uint64_t ponder_playouts = 0;
  std::string note;           // the player's remarks, and what was replaced and why
  Clock::time_point stop_at;  // when the player was told to stop (the reply's latency counts
                              // from here: see reply_written)
};

class MatchSession {
 public:
  // `machines` makes the player's machines at START; `network_margin` goes to the ReplyClock.
  MatchSession(std::string match_id, int play_clock, std::unique_ptr<agent::Player> player,
               MachineSourceFactory machines, std::chrono::milliseconds network_margin);
  ~MatchSession();

  const std::string& match_id() const { return match_id_; }
  int play_clock() const { return play_clock_; }

  // START (arrived at `arrival`, with a start clock of `start_clock` seconds): starts the player
  // and the fallback's machine; returns when the player is ready or the reply is due, with a
  // note for the log (the player's machine and remarks, or what is missing).
  std::string start(std::shared_ptr<const gdl::Game> game, const std::string& role,
                    Clock::time_point arrival, int start_clock, uint64_t fallback_seed);
  // One turn: returns our move by the ReplyClock's reply_by (a fallback move possibly later, by
  // its last_moment). Calls are serialised.
  PlayOutcome play(const std::vector<std::string>& joint, Clock::time_point arrival);
  // The reply of a PLAY whose outcome had `stop_at` went out at `written`: the latency the next
  // turns keep back. Thread-safe.
  void reply_written(Clock::time_point stop_at, Clock::time_point written);
  // STOP or ABORT: returns at once.
  void end();
  // True when the player's thread has ended and the fallback has nothing queued or running.
  bool idle() const;
  // When the reply to the match's latest START or PLAY was due by its clock (before START: when
  // the session was made). A server still running the match sends its next message right after
  // that; one that has crashed sends nothing more. Thread-safe.
  Clock::time_point last_reply_due() const;

 private:
  struct FallbackSlot;

  std::string match_id_;
  int play_clock_;
  MachineSourceFactory machines_;
  ReplyClock clock_;
  std::mutex turn_mutex_;
  std::string last_move_;  // our previous reply, the last resort
  std::unique_ptr<agent::Player> player_;
  std::unique_ptr<SerialWorker<FallbackSlot>> fallback_;
  std::atomic<Clock::rep> last_reply_due_;  // see last_reply_due()
};

}  // namespace ggp::server_protocol
