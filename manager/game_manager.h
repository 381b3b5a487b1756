#pragma once
// The game manager: drives players exactly as the GGP-Base server does. START to every seat (the
// reply may take the start clock), then rounds of PLAY with the previous joint move (NIL first),
// each reply allowed the play clock + 1 s, then STOP with the last joint move (the play clock).
// All seats are sent each message in parallel. An illegal (IL), late (TO) or unreadable or failed
// (CE) reply is replaced by a random legal move and recorded; the match goes on.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gdl/ast.h"
#include "manager/match_record.h"
#include "manager/seat.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"
#include "server_protocol/messages.h"

namespace ggp::manager {

struct MatchSettings {
  std::string match_id;    // unique per match
  int start_clock = 10;    // seconds
  int play_clock = 5;      // seconds
  uint64_t seed = 1;       // of the replacement moves
  std::string game_name;   // for the record
  size_t max_turns = 5000; // a guard against a referee that never reaches a terminal state
};

// One turn as the manager saw it, for showing the match as it goes.
struct TurnReport {
  size_t turn = 0;                    // 1-based
  std::vector<std::string> moves;     // compact form, role order, after replacements
  std::vector<std::string> errors;    // "", "IL", "TO" or "CE" per role
  std::vector<std::string> details;   // why a reply was replaced, per role
  std::vector<double> reply_ms;       // per role
  const reasoner::State* state = nullptr;  // after the turn
};
using TurnObserver = std::function<void(const TurnReport&)>;

class GameManager {
 public:
  // Builds the referee machine (default kind, through the process's machine cache). Throws what
  // it throws.
  GameManager(std::shared_ptr<const server_protocol::RuleSheet> sheet, std::shared_ptr<const gdl::Game> game);

  reasoner::StateMachine& referee() { return *referee_; }

  // Plays one match; `seats` are in role order (throws std::invalid_argument for a wrong count).
  // A failure of the referee aborts the match: ABORT to every seat, isAborted and the reason set.
  MatchRecord run(const std::vector<Seat*>& seats, const MatchSettings& settings,
                  const TurnObserver& observer = {});

 private:
  std::shared_ptr<const server_protocol::RuleSheet> sheet_;
  std::shared_ptr<const gdl::Game> game_;
  std::unique_ptr<reasoner::StateMachine> referee_;
};

// Sends `messages[i]` to `seats[i]`, all in parallel, each waiting at most `timeout`.
std::vector<SeatReply> broadcast(const std::vector<Seat*>& seats,
                                 const std::vector<std::string>& messages,
                                 std::chrono::milliseconds timeout);

}  // namespace ggp::manager
