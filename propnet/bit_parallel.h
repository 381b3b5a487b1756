#pragma once
// Bit-parallel random playouts: 64 playouts at once on one thread. Every proposition is a 64-bit
// word whose bit i is its value in lane i, and each step evaluates the whole network as two- and
// three-input gates (bit_program.h), level by level with one branch-free loop per level and form
// (bit_levels.h); move inputs reach the gates that OR them by scattering only the chosen moves.
// The differential machine (propnet_machine.h) spends most of a step on mispredicted branches, a
// few per changed gate; here a step costs a fixed amount per op, shared by 64 lanes, so it wins on
// the networks of most games (measured by `ggp bench --batch`; docs/benchmarks.md).
//
// Lanes that end (terminal, no legal move, or max depth) are refilled from the start state until
// the requested number of playouts has begun.
//
// PlayoutPolicy::Greedy (bit_greedy.cpp) keeps the lanes independent: where a lane's single mover
// may have a winning move, each lane tests its candidates one per evaluation of the network (a
// lookahead: the next state and its terminal and goal gates, the lanes' bases put back after), so
// an evaluation tests as many moves as there are lanes; the candidates are the moves seen to end a
// playout so far (Sancho's terminating moves) that end a fair share of the playouts they are played
// in (choose_win_candidates). The anti-decisive rule is a take-back: a lane whose
// new mover has a winning move goes back to the state before its last move and chooses again
// without that move, while its mover has moves left to try (which draws uniformly among the moves
// that leave no immediate win, as the filter of the sequential policy does).
//
// A reasoner::MoveBias (run_each) replaces the uniform draw in the lanes that follow it this step:
// the last good reply to the other role's last move where it is legal, else a capture where the
// lane has one (each with probability captures.share), else (each with
// probability 1 - epsilon) their legal move of highest value (bit_choice.cpp), before the greedy
// checks, which treat it as they treat a random draw.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "propnet/bit_program.h"
#include "propnet/program.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet {

// One finished playout, for tests: every joint move in order (role-major per step) and each
// role's goal in its last state, terminal or not (0 where none or several hold).
struct LanePlayout {
  uint32_t lane = 0;  // run_each: the index of its start
  std::vector<uint32_t> moves;
  std::vector<double> goals;
  bool completed = false;
};

// Plays random playouts on a BitProgram. Not thread-safe (one per thread); allocates only when
// constructed, not per playout.
class BitParallelPlayouts {
 public:
  static constexpr uint32_t kLanes = 64;

  explicit BitParallelPlayouts(std::shared_ptr<const BitProgram> bits);

  // As StateMachine::random_playouts. With `record`, appends each finished playout (slow; tests).
  reasoner::PlayoutTally run(const reasoner::State& start, size_t count, reasoner::Random& rng,
                             std::span<double> goal_sums, size_t max_depth,
                             std::vector<LanePlayout>* record = nullptr,
                             reasoner::PlayoutPolicy policy = reasoner::PlayoutPolicy::Random);
  // As StateMachine::random_playouts_from: one playout from each of the first kLanes starts. A
  // lane's results are the goals where it stopped (the query gates still hold that state).
  reasoner::PlayoutTally run_each(std::span<const reasoner::State* const> starts,
                                  reasoner::Random& rng, std::span<double> results,
                                  std::span<uint8_t> completed, size_t max_depth,
                                  std::span<std::vector<reasoner::MoveId>> moves = {},
                                  std::vector<LanePlayout>* record = nullptr,
                                  reasoner::PlayoutPolicy policy = reasoner::PlayoutPolicy::Random,
                                  const reasoner::MoveBias& bias = {});
  // As reasoner::decisive_move: the index in `candidates` (moves of `mover`) of the first that
  // wins at once for the mover from `state`, the other roles playing their moves in `joint`
  // (joint[mover] ignored): the next state terminal and the mover's only goal there kWinGoal; -1
  // if none. Tests kLanes candidates in one evaluation of the network (bit_decisive.cpp), where
  // decisive_move plays one next_state each.
  int first_win(const reasoner::State& state, std::span<const reasoner::MoveId> joint,
                uint32_t mover, std::span<const reasoner::MoveId> candidates);
  // The moves seen to end a playout, by move.
  const std::vector<uint8_t>& ending_moves() const { return ends_game_; }
  // The greedy policy's candidates for a win during the last call, by move.
  const std::vector<uint8_t>& win_candidates() const { return win_candidates_; }

  // A move is a candidate for a win where it ends at least 1/kWinCandidateSpread as large a share
  // of the greedy decisions that play it as the move that ends the largest share, each share
  // counted with kEndRatePrior decisions more than were seen. Measured over 3 s of the default
  // search with greedy playouts and captures first (docs/strength.md): moves to the last row end
  // all the playouts they are in (a share of 0.06, one play, to 0.999), captures at most 0.29% in
  // breakthrough_8x8, 0.21% in knightthrough_8x8, 0.96% in breakthrough_5x5 (testing them for a
  // win made greedy playouts 3.2 times as slow); connect_four's drops 0.49-3.6% and
  // nine_board_tictactoe's 0.51-4.8% are all kept; pentago's (0.10-2.9%) and hex_9x9's
  // (0.14-3.3%) rarest are at the edge.
  static constexpr double kWinCandidateSpread = 30;
  static constexpr double kEndRatePrior = 16;

 private:
  void evaluate(std::span<const BitSegment> segments);
  template <uint8_t form>
  void run_fixed(uint32_t begin, uint32_t end);  // ops of one fixed form (BitSegment::form)
  uint64_t word(uint32_t lit) const { return w_[lit >> 1] ^ (0 - static_cast<uint64_t>(lit & 1)); }
  // Picks a uniformly random legal move of `role` for every lane in `movers` and sets its input
  // bit (a retrying lane leaves out the moves it took back). Returns the lanes where the role has
  // no legal move. Sets multi_[role], choice_ and options_.
  uint64_t choose_moves(uint32_t role, uint64_t movers, reasoner::Random& rng);
  // Fills legal_ with the role's moves legal in some lane of `movers`; returns how many.
  size_t gather_legal(uint32_t role, uint64_t movers);
  // Chooses among the `n` moves of legal_ with per-lane counts of `planes` bits; returns false,
  // having changed nothing, where some lane has 2^planes legal moves or more.
  // Lanes of `decided` already have their move (choose_by_value) and are not given another.
  template <int planes>
  bool choose_among(uint32_t role, size_t n, uint64_t movers, uint64_t decided,
                    reasoner::Random& rng, uint64_t& stuck);
  // MoveBias in the lanes: each lane of `movers` follows the bias with probability 1 - epsilon
  // (drawn 8 bits deep: rounded to 1/256) and takes its legal move of highest value among the `n`
  // of legal_, ties broken uniformly at random in each lane. Returns the lanes decided.
  uint64_t choose_by_value(uint32_t role, size_t n, uint64_t movers, reasoner::Random& rng);
  // Private moves (MoveBias::avoid_private): drops from the `n` entries of legal_ each move in the
  // lanes where its twin (BitProgram::twin_legal) is illegal, wherever the lane keeps another
  // move. Returns the entries left. Where the bias keeps private captures (and no redraw is under
  // way) it drops nothing and notes in private_open_[role] the lanes that have such another move.
  size_t drop_private(uint32_t role, size_t n);
  // MoveBias::keeps_private_captures, after every role of the lanes of `moved` chose: the lanes
  // whose choice is private where they had another move, and which take no pieces with it (a
  // lookahead of the transition), choose again without their private moves.
  void redraw_private_non_captures(uint64_t moved, reasoner::Random& rng);
  // Lanes of `lanes` where the chosen moves (inputs set, not yet scattered) make some piece set of
  // the bias lose a fact and gain none. Leaves the bases, inputs and accumulators as found.
  uint64_t lanes_taking_pieces(uint64_t lanes);
  // Passes last (MoveBias::pass_last): drops each turn move (BitProgram::turn_move) of the `n`
  // entries of legal_ in the lanes that keep another move. Returns the entries left.
  size_t drop_passes(size_t n);
  // Lanes where move m's twin is legal but for its role's guard (all lanes where m has no twin).
  uint64_t twin_open(uint32_t m) const { return word(bits_->twin_legal[m]); }
  // Last good replies (MoveBias::replies, two roles): each lane of `movers` whose reply to the
  // other role's move of its last step (last_choice_) is one of the `n` moves of legal_ legal in
  // it takes that move. Returns the lanes decided.
  uint64_t choose_replies(uint32_t role, size_t n, uint64_t movers);
  // Captures in the lanes (MoveBias): each lane of `movers` follows them with probability
  // captures.share (rounded to 1/256) and, where one of the `n` moves of legal_ is a capture in it
  // (one of its victims holds), takes one of those, uniformly at random. Returns the lanes decided.
  uint64_t choose_captures(uint32_t role, size_t n, uint64_t movers, reasoner::Random& rng);
  // The lanes of `lanes` drawn with probability share / 256 each (two random words per bit of
  // `share`, drawn at 256 too, which takes them all).
  static uint64_t random_lanes(uint32_t share, uint64_t lanes, reasoner::Random& rng);
  // Sets the role's input for `lanes` to move `m` (the lanes' choice_).
  void set_choice(uint32_t role, uint32_t m, uint64_t lanes);
  // Sets bias_ and follow_bias_ for a call.
  void set_bias(const reasoner::MoveBias& bias);

  // Greedy playouts (bit_greedy.cpp). After the moves of `moved` were chosen at random: plays
  // each lane's win where its single mover has one, takes back the previous move of lanes where
  // that win can still be avoided, and returns the lanes that move on.
  uint64_t greedy_step(uint64_t moved);
  // Lanes of `lanes` (where `role` is the single mover) in which one of candidates_ (the role's
  // legal moves seen to end a playout) wins at once; that move becomes the lane's choice.
  uint64_t find_wins(uint32_t role, uint64_t lanes);
  // Lanes of `tested` where the role wins at once playing, in each lane, the move of `round` that
  // holds the lane (the other roles' choices as they are). Leaves the bases and inputs as found.
  uint64_t lookahead(uint32_t role, uint64_t tested);
  // Puts the lanes of `back` at the state before their last move, which they may not choose again.
  void take_back(uint64_t back);
  // Before the transition of `moved` (greedy): remembers each lane's state and decision.
  void note_decisions(uint64_t moved, uint64_t wins);
  // Sets win_candidates_ from the decisions so far (at the start of a greedy call).
  void choose_win_candidates();
  // Forgets the take-backs of `lanes` (their decision is made).
  void clear_exclusions(uint64_t lanes);
  // Keeps the joint move of every lane in `moved` in last_choice_ (replying_).
  void remember_choices(uint64_t moved);
  // Records the joint move of every lane in `moved` (recording_).
  void record_moves(uint64_t moved);
  // Sets mover_of_ for the lanes of `lanes`: the only role with more than one legal move, or -1.
  // Returns the lanes that have such a role.
  uint64_t single_movers(uint64_t lanes);
  // The lanes among `lanes` where exactly one goal literal of `role` holds (elsewhere the goal
  // counts 0, as kNoGoal and kAmbiguousGoal do in StateMachine::random_playouts).
  uint64_t single_goal_lanes(uint32_t role, uint64_t lanes) const;
  // Role's goal in one lane: 0 where none or several goal literals hold.
  double lane_goal(uint32_t role, int lane) const;
  // Sets move's input in `lanes` (listed in set_inputs_).
  void set_input(uint32_t move, uint64_t lanes);
  // Evaluates the transition gates (the inputs scattered) and puts the bases of `lanes` at the
  // next state; with `keep_before`, first keeps their bases in before_move_ (greedy take-backs).
  void apply_transition(uint64_t lanes, bool keep_before);
  // Unsets the inputs set_inputs_ lists and the accumulators they fed (BitProgram::scatter).
  void clear_inputs();
  // Zeroes the accumulators the inputs of set_inputs_ feed, the inputs kept.
  void clear_accumulators();
  // ORs each set input's word into the accumulators it feeds.
  void scatter_inputs();
  // Every lane empty (all words zero), moves recorded only when `recording`.
  void clear(bool recording);
  // Sets the base propositions of `lanes` to `state`.
  void load(const reasoner::State& state, uint64_t lanes);
  // Steps the `active` lanes until all have ended. on_end(lanes, completed) sees lanes as they end
  // (the query gates still hold their final state); restart(ended) returns the ended lanes it
  // loaded with a new start state, which go on playing.
  template <class OnEnd, class Restart>
  reasoner::PlayoutTally play(uint64_t active, reasoner::Random& rng, size_t max_depth,
                              OnEnd&& on_end, Restart&& restart);
  void finish_lanes(uint64_t lanes, bool completed, std::vector<LanePlayout>* record);

  std::shared_ptr<const BitProgram> bits_;
  const Program& p_;
  std::vector<uint64_t> w_;              // by slot
  std::vector<uint64_t> next_;           // by fact: the next state, before it replaces the bases
  std::vector<uint64_t> cycle_before_;   // scratch for fixpoints (a cyclic segment's slots)
  std::vector<std::pair<uint32_t, uint64_t>> legal_;  // a role's moves legal in some lane (scratch)
  std::vector<uint32_t> set_inputs_;     // input slots set this step
  std::vector<size_t> start_step_;       // by lane
  bool recording_ = false;
  std::vector<std::vector<uint32_t>> lane_moves_;  // by lane, when recording (capacity kept)
  std::vector<uint32_t> choice_;    // by role * kLanes + lane: the move chosen this step
  std::vector<uint64_t> multi_;     // by role: lanes where it has more than one legal move
  std::array<uint32_t, kLanes> options_{};  // by lane: its mover's moves to choose from this step
  reasoner::MoveBias bias_;                  // this call's (run_each)
  uint32_t follow_bias_ = 0;                 // (1 - bias_.epsilon) in 256ths: lanes that follow it
  uint32_t follow_captures_ = 0;             // bias_.captures.share in 256ths
  std::vector<std::pair<float, std::pair<uint32_t, uint64_t>>> ranked_;  // (value, legal_ entry)
  std::vector<std::pair<uint32_t, uint64_t>> tied_;  // the entries of one value (scratch)
  std::vector<uint8_t> tied_ranks_;  // choose_captures: the capture rank of each entry of tied_
  std::vector<uint64_t> private_open_;  // by role: lanes with a move that is not private (this step)
  bool redrawing_ = false;              // redraw_private_non_captures is choosing
  bool replying_ = false;               // bias_ has replies and the game two roles
  std::vector<uint32_t> last_choice_;   // by role * kLanes + lane: the move of its last step
  std::vector<uint64_t> wanted_;        // by move: lanes whose reply it is (choose_replies)
  std::vector<uint32_t> wanted_moves_;  // moves with a nonzero wanted_ word

  // Greedy playouts (bit_greedy.cpp).
  bool greedy_ = false;
  std::vector<int64_t> win_literal_;        // by role: its kWinGoal goal literal, or -1
  std::vector<uint8_t> ends_game_;          // by move: seen to end a playout (kept across calls)
  std::vector<uint64_t> decided_, ended_;   // by move: greedy decisions that played it, and how
                                            // many of those ended their playout (across calls)
  std::vector<uint8_t> win_candidates_;     // by move: tested for a win during this call
  std::vector<uint64_t> excluded_;          // by move: lanes that took it back at their decision
  std::vector<uint32_t> excluded_moves_;    // moves with a nonzero excluded_ word
  std::vector<uint64_t> before_move_;       // by fact: each lane's state before its last move
  std::vector<uint64_t> saved_bases_;       // by fact: the bases during lookaheads
  std::vector<uint64_t> saved_query_;       // the query gates' slots during lookaheads
  std::vector<std::pair<uint32_t, uint64_t>> candidates_, round_;  // (move, lanes) scratch
  std::vector<std::pair<uint32_t, uint64_t>> saved_inputs_;        // (slot, word) scratch
  std::array<int32_t, kLanes> mover_of_{};       // by lane: this step's single mover, or -1
  std::array<int32_t, kLanes> last_mover_{};     // by lane: the single mover of its last move
  std::array<uint32_t, kLanes> decision_move_{};  // by lane: that mover's move
  uint64_t revisable_ = 0;  // lanes whose last move may be taken back (its mover had others)
  uint64_t retrying_ = 0;   // lanes back at a decision, choosing without the moves taken back
  uint64_t retried_ = 0;    // lanes whose last move was chosen again after a take-back
  uint32_t query_slots_ = 0;  // slots [first_op_slot, + query_slots_) hold the query gates
  size_t unsafe_picks_ = 0;  // this call's PlayoutTally::unsafe_picks: first take-backs
};

}  // namespace ggp::propnet
