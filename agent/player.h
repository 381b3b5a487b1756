#pragma once
// A Player plays one match at a time for one role: the protocol layer (server_protocol/) calls it
// for START, PLAY, STOP and ABORT and only translates; clocks are absolute deadlines already
// reduced by the safety margin, counted from when the request arrived.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agent/machine_source.h"

namespace ggp::agent {

using Clock = std::chrono::steady_clock;

// What the last call did, for logs and reports.
struct ThinkStats {
  uint64_t playouts = 0;
  uint64_t nodes = 0;
  std::string machine;  // "prover" or "propnet"
  std::string note;     // e.g. "fallback: random legal move"
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;

  // START: the machines to play with (built above the agent) and our role (its name as the rules
  // write it); prepare until `deadline`. Throws when no machine can be had or the role is unknown.
  virtual void start(std::shared_ptr<MachineSource> machines, const std::string& role,
                     Clock::time_point deadline) = 0;
  // PLAY: the previous joint move as move texts in role order (empty on the first turn); returns
  // our move as text in the rules' case. Must answer a legal move by `deadline`, whatever fails.
  virtual std::string play(const std::vector<std::string>& last_joint_move,
                           Clock::time_point deadline) = 0;
  // STOP (the final joint move, possibly empty) and ABORT end the match and free its memory.
  virtual void stop(const std::vector<std::string>& last_joint_move) = 0;
  virtual void abort() = 0;

  virtual ThinkStats last_stats() const = 0;
};

}  // namespace ggp::agent
