#pragma once
// The one narrow interface every game engine implements: the prover (the reference semantics) and
// the propnet (the fast machine). Joint moves are native; whose turn it is is derived by callers
// (the only role with more than one legal move), never assumed.
//
// Contracts:
// - Ids (roles, moves, facts) are dense and shared by a machine and all its clones, so states and
//   moves may pass between clones (one clone per thread).
// - A machine is not thread-safe; clone() it per thread. Clones share the immutable program.
// - legal_moves() returns a span into a buffer the machine reuses: valid until the next call on
//   this machine. The hot path (legal_moves, next_state into a reused State, is_terminal, goal)
//   does not allocate once warm.
// - Errors in the rules surface at construction (gdl::GdlError or std::runtime_error), never as a
//   crash later; a role without exactly one goal value is reported as kNoGoal / kAmbiguousGoal.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/random.h"
#include "reasoner/state.h"

namespace ggp::reasoner {

// How a playout chooses its moves. Random: uniformly among each role's legal moves. Greedy, where
// a single role has more than one legal move (elsewhere as Random): a move that wins at once (a
// terminal state where the mover's goal is kWinGoal) if it has one; else uniformly among its moves
// after which the next single mover cannot win at once, if any; else uniformly. These are the
// decisive and anti-decisive moves of Teytaud & Teytaud 2010 ("On the huge benefit of decisive
// moves in Monte-Carlo tree search algorithms"), which Sancho plays as "greedy rollouts". A machine
// may look for wins among the moves it has seen end a game only (the propnet's lanes do:
// propnet/bit_parallel.h), so a win by a move never seen to end a game can be missed.
enum class PlayoutPolicy { Random, Greedy };

// Move values that bias the uniformly random choice of a playout (of either policy): MAST
// (Finnsson & Björnsson 2008) played epsilon-greedy (Tak, Winands & Björnsson 2012, "N-Grams and
// the Last-Good-Reply Policy Applied in General Game Playing"). Where `values` is not empty, each
// role's move is, with probability 1 - epsilon, its legal move of highest value (ties broken at
// random), else drawn uniformly. `values` is indexed by MoveId; a move past its end is worth
// `unseen`. A machine may round 1 - epsilon (the propnet's lanes: to 1/256).
//
// Captures (optional, with or without values): a move is a capture in a state where one of its
// victims holds (facts it always removes, from a piece set whose count drops: agent/capture_moves.h).
// With probability `share` a role that has captures among its legal moves plays one of them,
// drawn uniformly; otherwise its move is chosen as above. Playouts that capture whenever they can
// play out exchanges (a capture answered by a recapture), as Breakthrough programs' playouts do
// (Lorentz & Horey 2013, "Programming Breakthrough"), where uniform ones leave pieces hanging.
// With ranks (optional), the most valuable victim first: a capture's rank in a state is the least
// rank among its victims that hold there, and the role draws only among its captures of the least
// rank it has (MVV ordering, as chess programs order captures; rank 0 is the most valuable).
struct Captures {
  static constexpr uint8_t kMaxRanks = 16;
  // The victims of move m are facts[begin[m] .. begin[m + 1]), for m below begin.size() - 1;
  // later moves have none.
  std::span<const uint32_t> begin;
  std::span<const FactId> facts;
  std::span<const uint8_t> ranks;  // parallel to facts, each below kMaxRanks; empty: all rank 0
  double share = 0;
  bool active() const { return share > 0 && begin.size() > 1; }
  std::span<const FactId> victims(MoveId move) const {
    if (size_t{move} + 1 >= begin.size()) return {};
    return facts.subspan(begin[move], begin[move + 1] - begin[move]);
  }
  // The rank of victim k of move m (victims(m)[k]).
  uint8_t rank(MoveId move, size_t k) const { return ranks.empty() ? 0 : ranks[begin[move] + k]; }
};

struct MoveBias {
  std::span<const float> values;
  float unseen = 1.0f;
  double epsilon = 1.0;
  Captures captures;
  // Private moves (optional): in a two-role game, a move is private where the other role's move
  // of the same name would be illegal in this state but for whose turn it is (the propnet's
  // factored turn guard, propnet/network.h: Network::guard). A mover that has a move that is not
  // private plays one of those. In Go these are its own eyes, where the opponent's stone would be
  // suicide: random playouts that fill them kill groups that live (Bouzy & Helmstetter 2003,
  // "Monte-Carlo Go Developments"; Gelly et al. 2006, MoGo). Only the propnet's lanes read it.
  bool avoid_private = false;
  // Private captures (optional, with avoid_private): the opponent's stone is suicide on the last
  // liberty of its own chain too, where the mover's stone captures that chain; skipping every
  // private move would let a chain with one eye live in every playout. So a lane that draws a
  // private move plays it where it takes pieces: where some piece set (facts
  // piece_facts[piece_begin[k] .. piece_begin[k + 1]), agent/piece_features.h) loses a fact and
  // gains none; elsewhere it draws again among its moves that are not private. A private move is
  // drawn as often as any other, as a capture is in uniform playouts. Empty: every private move
  // is skipped. Only the propnet's lanes read it (a lookahead of the transition per step where a
  // lane drew one).
  std::span<const uint32_t> piece_begin;
  std::span<const FactId> piece_facts;
  bool keeps_private_captures() const { return avoid_private && piece_begin.size() > 1; }
  // Passes last (optional): a move whose legality is exactly its role's turn (pass in Go) is
  // played only where the mover has no other move, as Go programs' playouts pass only when no
  // move but an eye is left, so that a playout ends on a filled board that area scoring reads.
  // Only the propnet's lanes read it.
  bool pass_last = false;
  // Last good replies (optional, two-role games: LGRF-1 of Baier & Drake 2010, "The Power of
  // Forgetting", which Tak, Winands & Björnsson 2012 carried to GGP): replies[m] is the move to
  // play in answer to the other role's move m of the step before, where it is legal (kNoReply, or
  // a move of another role: none). It comes first, before captures and values. reply_previous,
  // where not empty, holds per start the joint move that led to it (role-major, kNoReply where
  // unknown): the first step's replies answer it. Only the propnet's lanes read it.
  static constexpr MoveId kNoReply = ~MoveId{0};
  std::span<const MoveId> replies;
  std::span<const MoveId> reply_previous;
  MoveId reply(MoveId move) const { return move < replies.size() ? replies[move] : kNoReply; }
  // Epsilon-greedy on `values`, no captures.
  static MoveBias on_values(std::span<const float> values, float unseen, double epsilon) {
    MoveBias bias;
    bias.values = values, bias.unseen = unseen, bias.epsilon = epsilon;
    return bias;
  }
  bool active() const { return !values.empty() && epsilon < 1.0; }
  float value(MoveId move) const { return move < values.size() ? values[move] : unseen; }
};

// What StateMachine::random_playouts played.
struct PlayoutTally {
  size_t completed = 0;  // playouts that reached a terminal state
  size_t steps = 0;      // joint moves played, over all playouts
  size_t unsafe_picks = 0;  // PlayoutPolicy::Greedy: steps where the uniformly random move drawn
                            // first (no win at once being there) let the next mover win at once
};

// The game as a sum of independent sub-games (propnet/factors.h, after Günther, Schiffel and
// Thielscher 2009), in a machine's own ids: each sub-game's facts change only by its own moves, and
// a move's legality reads only its sub-game and the global facts (move-independent: whose turn,
// a step counter). The end of the game and the goals may read several sub-games. Free moves (noop)
// change nothing. Every non-global fact is in exactly one sub-game.
struct SubGame {
  std::vector<FactId> facts;  // ascending
  std::vector<MoveId> moves;  // ascending, of any role
  std::vector<RoleIndex> roles;  // ascending: the roles with a move in it
  bool read_by_outcome = false;  // some goal or the terminal literal reads one of its facts
};
struct SubGames {
  std::vector<SubGame> subgames;  // empty: not known (one game)
  std::vector<FactId> global_facts;
  std::vector<MoveId> free_moves;
};

class StateMachine {
 public:
  virtual ~StateMachine() = default;

  // "prover", "propnet", ...: reported to users with every figure.
  virtual std::string name() const = 0;
  virtual std::unique_ptr<StateMachine> clone() const = 0;

  virtual size_t num_roles() const = 0;
  // The role's name as the rule sheet writes it.
  virtual std::string role_name(RoleIndex role) const = 0;

  virtual State initial_state() = 0;
  virtual bool is_terminal(const State& state) = 0;
  // The role's goal value in `state`, or kNoGoal / kAmbiguousGoal.
  virtual GoalValue goal(const State& state, RoleIndex role) = 0;
  // The role's legal moves in `state`; valid until the next call on this machine.
  virtual std::span<const MoveId> legal_moves(const State& state, RoleIndex role) = 0;
  // The successor of `state` under `joint` (one move per role, in role order), written into `out`
  // (reusing its storage). `out` must not alias `state`.
  virtual void next_state(const State& state, std::span<const MoveId> joint, State& out) = 0;

  // Translation to and from GDL text, in the rule sheet's case: `(mark 1 1)`, `noop`.
  virtual std::string move_text(MoveId move) const = 0;
  virtual std::string fact_text(FactId fact) const = 0;
  // The role's move written as `text` (any whitespace), or nullopt if the text is not a term or
  // names a move this machine can never see. Legality is not checked.
  virtual std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) = 0;
  // The fact written as `text`, or nullopt if this machine does not know it.
  virtual std::optional<FactId> fact_from_text(std::string_view text) = 0;

  // Plays `count` uniformly random playouts from `state`, each at most `max_depth` joint moves,
  // and adds each role's goal value in every terminal state reached to goal_sums[role] (which has
  // num_roles() entries; no goal counts 0). A playout that meets a role without legal moves, or
  // max_depth, ends unfinished. A machine may play the playouts at once in parallel lanes
  // (the propnet plays 64 bit-parallel); the default plays them one by one (depth_charge) and
  // allocates its playout buffers once per call. These are in the interface, unlike the other
  // playout helpers, because only the machine can play several playouts side by side.
  virtual PlayoutTally random_playouts(const State& state, size_t count, Random& rng,
                                       std::span<double> goal_sums, size_t max_depth = 100000,
                                       PlayoutPolicy policy = PlayoutPolicy::Random);
  // One uniformly random playout from each of `starts`, at most `max_depth` joint moves: role r's
  // goal in the state where playout i stopped (terminal, at max_depth, or where a role had no
  // legal move; no goal counts 0) goes to results[i * num_roles() + r], and completed[i] says
  // whether that state is terminal. (A search that cuts playouts scores them there: the goal
  // cutoff, agent/goal_cutoff.h.) With `moves` (one vector per start, or empty: not recorded),
  // moves[i] is set to playout i's joint moves in order, role-major, whole steps only (for AMAF;
  // the vectors' storage is reused). Playouts at once: parallel_playouts() (the default: one by
  // one). Both play their moves by `policy`; random_playouts_from biases them by `bias`.
  virtual PlayoutTally random_playouts_from(std::span<const State* const> starts, Random& rng,
                                            std::span<double> results, std::span<uint8_t> completed,
                                            size_t max_depth = 100000,
                                            std::span<std::vector<MoveId>> moves = {},
                                            PlayoutPolicy policy = PlayoutPolicy::Random,
                                            const MoveBias& bias = {});
  // How many playouts random_playouts_from plays side by side (1: one after another).
  virtual size_t parallel_playouts() const { return 1; }
  // decisive_move (playout.h) answered by a machine that can test the candidates side by side
  // (the propnet in its lanes), where it expects that to be faster: the index in `candidates` of
  // the first move that wins at once for `mover`, or -1. nullopt: decisive_move plays one
  // next_state per candidate.
  virtual std::optional<int> decisive_move_at_once(const State& state,
                                                   std::span<const MoveId> joint, RoleIndex mover,
                                                   std::span<const MoveId> candidates) {
    (void)state, (void)joint, (void)mover, (void)candidates;
    return std::nullopt;
  }
  // By MoveId, the moves this machine's own playouts have seen ending a game (nonzero: seen),
  // where it keeps them (the propnet's lanes learn them for greedy playouts); empty: unknown. A
  // hint for searches that look for wins at once: a move not marked may still end a game.
  virtual std::span<const uint8_t> moves_seen_ending() const { return {}; }
  // The game's independent sub-games where the machine knows them (the propnet analyses its
  // network, in time linear in its size); empty where it does not or the game is one.
  virtual SubGames sub_games() const { return {}; }
};

// Convenience, outside the interface.
std::vector<std::string> role_names(const StateMachine& machine);
// The facts of `state` as text, sorted by byte order (the traces' form).
std::vector<std::string> state_texts(const StateMachine& machine, const State& state);
// Moves as text, sorted by byte order (the traces' form).
std::vector<std::string> move_texts(const StateMachine& machine, std::span<const MoveId> moves);
// The role's legal moves as text, sorted by byte order.
std::vector<std::string> legal_move_texts(StateMachine& machine, const State& state, RoleIndex role);
// Each role's goal in role order.
std::vector<GoalValue> goals(StateMachine& machine, const State& state);
// The value a goal term's text names, as every machine reads it: an integer 0..100 written in
// 1 to 3 digits (GDL's range); -1 for any other term, which a machine treats as no goal value.
int goal_value_of(std::string_view text);

}  // namespace ggp::reasoner
