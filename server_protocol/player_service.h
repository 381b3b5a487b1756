#pragma once
// The GGP player's request handler, apart from any socket: a message text and its arrival time in,
// the reply text out. It is called concurrently (one thread per request): INFO, STOP and ABORT
// answer at once even while a PLAY searches; the player searches on a thread of its own.
//
// One match at a time: a START during another match is answered `busy`, unless that match has gone
// silent (ServiceConfig::silence_grace); then it is dropped, with a log line naming it.
//
// PREVIEW answers `ready` at once and builds the game's machine in the background into the
// process's machine cache (propnet/machine_cache.h), where START finds it.
//
// Deadlines count from the request's arrival; each match's MatchSession owns them (its
// ReplyClock: the network margin given here, and the reply latency it measures). A player without
// a move, or with an illegal one, is replaced by a random legal move from the fallback: never
// silence.
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "agent/player.h"
#include "server_protocol/match_session.h"

namespace ggp::server_protocol {

struct Message;

struct ServiceConfig {
  std::string name = "ggp";                      // INFO's name
  std::chrono::milliseconds margin{200};  // network margin: kept back from every clock for the
                                          // time on the wire (see ReplyClock)
  uint64_t seed = 1;                             // of the fallback's random moves
  MachineSourceFactory machines = cached_machines();  // the players' machines
  // A match whose server has sent nothing for this long past its next message's latest time (the
  // last reply's due time plus a play clock) is abandoned: no STOP or ABORT will come (the server
  // crashed, or threw while scoring), and a new START is taken instead of answered `busy`.
  std::chrono::seconds silence_grace{10};
};

// Makes a fresh Player for each match.
using PlayerFactory = std::function<std::unique_ptr<agent::Player>()>;

// One handled message, for the reply and the log line.
struct HandleResult {
  std::string reply;         // the body to send back
  bool bad_request = false;  // not a GGP message: `reply` is the one-line reason (HTTP 400)
  std::string kind;          // "INFO", "PLAY", ... ("?" when bad)
  std::string match_id;
  double think_ms = 0;       // arrival to reply
  uint64_t playouts = 0;
  uint64_t ponder_playouts = 0;
  std::string note;  // e.g. "fallback: random legal move"
  // When set (PLAY), the HTTP layer calls it with the time the reply was written: the reply's
  // latency, which the match's next deadlines keep back.
  std::function<void(Clock::time_point written)> written;
};

// The wall-clock time as 2026-01-31T12:00:00.000Z, for log lines.
std::string utc_timestamp();

// `time match kind reply think_ms playouts [ponder] note`, one line.
std::string format_log_line(const HandleResult& result);

class PlayerService {
 public:
  PlayerService(ServiceConfig config, PlayerFactory factory);
  // Waits for the players' queued calls to finish.
  ~PlayerService();
  PlayerService(const PlayerService&) = delete;
  PlayerService& operator=(const PlayerService&) = delete;

  HandleResult handle_message(std::string_view text, Clock::time_point arrival);
  std::string handle(std::string_view text, Clock::time_point arrival) {
    return handle_message(text, arrival).reply;
  }

 private:
  HandleResult on_info() const;
  HandleResult on_preview(const Message& m);
  HandleResult on_start(const Message& m, Clock::time_point arrival);
  HandleResult on_play(const Message& m, Clock::time_point arrival);
  HandleResult on_end(const Message& m);
  std::shared_ptr<MatchSession> session_for(const std::string& match_id) const;
  void prune_retired();
  // True when current_ has gone silent (see ServiceConfig::silence_grace). Holds mutex_.
  bool current_abandoned(Clock::time_point now) const;

  ServiceConfig config_;
  PlayerFactory factory_;
  mutable std::mutex mutex_;                              // guards the fields below
  std::shared_ptr<MatchSession> current_;                 // the match we are in, if any
  std::vector<std::shared_ptr<MatchSession>> retired_;    // ended, their workers still busy
  uint64_t matches_started_ = 0;
};

}  // namespace ggp::server_protocol
