#pragma once
// The search thread's side of a SearchPlayer (search_player.h): the match followed on the
// player's machine, the searcher, and one search slice at a time. Used by that thread alone.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/player.h"
#include "agent/search_player.h"
#include "agent/searcher.h"

namespace ggp::agent {

class MatchThread {
 public:
  // `stop` is the player's flag that interrupts a search (new orders or the end of the match).
  MatchThread(const SearchPlayerConfig& config, const SearcherFactory& factory, uint64_t seed,
              const std::atomic<bool>& stop);
  ~MatchThread();

  // Takes the first machine `machines` offers (waiting for the preferred one through most of the
  // start clock), then searches the initial position until `stop_at` when the config says so.
  // Returns the line for the log: the machine and the searcher's remarks, or what failed.
  std::string take_machine(std::shared_ptr<MachineSource> machines, const std::string& role,
                           Clock::time_point stop_at);
  // Applies joint moves (texts in role order; an empty one opens the first turn); each opens a
  // turn, the last of which stops at `stop_at`.
  void follow(const std::vector<std::vector<std::string>>& joints, Clock::time_point stop_at);
  // True while there is search to do without new orders: a turn without its final answer, or
  // pondering.
  bool has_work() const;
  // One step: a slice of the open turn's search, with the answer to publish, or a slice of
  // pondering (no answer). Switches to a better machine between turns when one is ready.
  std::optional<Answer> step();
  // Turns opened so far (the turn an answer of step() belongs to).
  size_t turn() const { return turn_; }

 private:
  struct Machines;  // the machine following the match, the searcher's clone, the searcher

  std::optional<Answer> decide();
  void ponder();
  // The length of the open turn's next search call.
  Clock::duration slice_length() const;
  // The search call just made within `limits` gave back before its deadline, not stopped, with
  // no playout done since `playouts_before`.
  bool returned_early(const SearchLimits& limits, uint64_t playouts_before) const;
  // Searches within `limits`; false (the searcher replaced, the reason in note_) if it threw.
  bool search(SearchLimits limits);
  void maybe_switch_machine();
  // The machines for `offer`, on the match so far: throws when `offer` cannot follow it.
  std::unique_ptr<Machines> install(OfferedMachine offer) const;
  // A fresh searcher from the factory on m's search machine, for m's role, at m's state.
  void start_searcher(Machines& m, uint64_t seed) const;
  Answer answer_with(std::string move, bool final);
  void add_note(const std::string& text);

  const SearchPlayerConfig& config_;
  const SearcherFactory& factory_;
  uint64_t seed_;
  const std::atomic<bool>& stop_;

  std::shared_ptr<MachineSource> source_;
  std::string role_name_;
  std::unique_ptr<Machines> m_;  // null until a machine is taken, and after the match is lost
  std::vector<std::vector<std::string>> history_;  // joint moves applied, to replay on a switch
  size_t turn_ = 0;                                // turns opened
  size_t answered_ = 0;                            // the last turn with a final answer
  Clock::time_point stop_at_;  // of the open turn (before the first: of the start search)
  uint64_t turn_base_ = 0;                      // searcher playouts when the open turn began
  uint64_t at_final_ = 0;                       // searcher playouts at the last final answer
  uint64_t ponder_playouts_ = 0;                // of the open turn (see ThinkStats)
  size_t slices_ = 0;                           // search calls in the open turn
  size_t quiet_ = 0;  // ponder calls in a row that gave back early with nothing done
  size_t idle_turn_ = static_cast<size_t>(-1);  // no pondering in this turn (nothing to search)
  std::string note_;                            // remarks for the next final answer
};

}  // namespace ggp::agent
