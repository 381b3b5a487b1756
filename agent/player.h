#pragma once
// A Player plays one match at a time for one role. The protocol layer (server_protocol/) owns the
// clocks and the fallback: it tells the player when to stop thinking and takes whatever move the
// player has when the reply is due. So no call here blocks past a time the caller gives: a player
// thinks on a thread of its own from START to the end of the match, and publishes its best move
// as it goes.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agent/machine_source.h"

namespace ggp::agent {

using Clock = std::chrono::steady_clock;

// What the player did for one turn, for logs and reports.
struct ThinkStats {
  uint64_t playouts = 0;         // simulations since the turn's joint move reached the searcher
  uint64_t ponder_playouts = 0;  // simulations between our previous reply and this turn's PLAY
  uint64_t nodes = 0;
  std::string machine;  // "prover" or "propnet"
  std::string note;     // e.g. the metagame's choice, a switch of machine, a failed search
};

// The player's move for the current turn.
struct Answer {
  std::string move;  // in the rules' case; empty when the player has none (stats.note says why)
  ThinkStats stats;
  bool final = false;  // the turn's search has ended; else the best move of a search still running
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;

  // START: the machines to play with (built above the agent) and our role (its name as the rules
  // write it). Returns at once: the player takes its machine and thinks on its own thread, and
  // ends its start search by `stop_at`. Call once.
  virtual void start(std::shared_ptr<MachineSource> machines, const std::string& role,
                     Clock::time_point stop_at) = 0;
  // Waits until the player is ready (its machine taken, its start search over) or `until`;
  // returns a line for the log: the machine and the searcher's remarks, or what is missing.
  virtual std::string wait_ready(Clock::time_point until) = 0;
  // PLAY: the previous joint move as move texts in role order (empty on the first turn); the
  // player searches for our move until `stop_at`. Returns at once.
  virtual void begin_turn(const std::vector<std::string>& last_joint_move,
                          Clock::time_point stop_at) = 0;
  // Our move for the turn begun last: waits until the turn's search has ended or `until`,
  // whichever comes first, then returns the best move the player has.
  virtual Answer answer(Clock::time_point until) = 0;
  // STOP or ABORT: the match is over. Returns at once; the player's thread ends soon after.
  virtual void end() = 0;
  // True when the player's thread has ended (the player can be destroyed without waiting).
  virtual bool finished() const = 0;
};

}  // namespace ggp::agent
