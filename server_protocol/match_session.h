#pragma once
// One match from the player's side: the searcher (a Player) and the fallback, each on a serial
// worker thread of its own, so that neither a slow searcher nor a slow fallback machine can make a
// reply late. Per PLAY both get the joint move at once; the reply is, in order of preference, the
// searcher's move by the deadline (checked legal by the fallback when it can tell in time), the
// fallback's random legal move, and as a last resort our previous move. The fallback is the prover,
// independent of the searcher's machine; it is dropped for the match when it cannot keep up.
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "agent/player.h"
#include "gdl/ast.h"
#include "server_protocol/match_machines.h"
#include "server_protocol/player_worker.h"

namespace ggp::server_protocol {

using Clock = agent::Clock;

struct PlayOutcome {
  std::string move;  // compact form, or "nil" when nothing at all was known
  uint64_t playouts = 0;
  std::string note;  // what was replaced and why; empty when the searcher's move went out
};

class MatchSession {
 public:
  // `machines` makes the machines the player gets at START.
  MatchSession(std::string match_id, int play_clock, std::unique_ptr<agent::Player> player,
               MachineSourceFactory machines);
  ~MatchSession();

  const std::string& match_id() const { return match_id_; }
  int play_clock() const { return play_clock_; }

  // Starts the searcher and the fallback's machine build; waits for the searcher until `until`.
  // Returns a note for the log: what went wrong, or the player's machine and its own note (e.g.
  // the configuration metagaming chose).
  std::string start(std::shared_ptr<const gdl::Game> game, const std::string& role,
                    Clock::time_point until, uint64_t fallback_seed);
  // One turn: the searcher may think until `until`; the reply is settled by `last_moment` at the
  // latest. Calls are serialised.
  PlayOutcome play(const std::vector<std::string>& joint, Clock::time_point until,
                   Clock::time_point last_moment);
  // Queued behind any late call; returns at once.
  void stop(const std::vector<std::string>& joint);
  void abort();
  // True when neither worker has anything queued or running.
  bool idle() const;

 private:
  struct FallbackSlot;

  std::string match_id_;
  int play_clock_;
  std::mutex turn_mutex_;
  MachineSourceFactory machines_;
  std::string last_move_;  // our previous reply, the last resort
  std::unique_ptr<PlayerWorker> searcher_;
  std::unique_ptr<SerialWorker<FallbackSlot>> fallback_;
};

}  // namespace ggp::server_protocol
