#pragma once
// The MCTS engine: one searcher assembled from small policies chosen by MctsConfig.
//
// - Selection: decoupled UCB1 (Kocsis & Szepesvári 2006) per role and node, each role maximising
//   its own goal in [0,1]; optional alpha-AMAF or RAVE values and the SP-MCTS variance term.
// - Expansion: one node per simulation once the leaf has expand_threshold visits; at the node cap
//   the tree stops growing and simulations go on as playouts from the frontier.
// - Playout: agent/rollout.h (random, MAST or PPA; decisive and anti-decisive moves).
// - Backup: mean results per edge; AMAF counters for every move played later in the simulation
//   (Hsu's AMAF update rules); MAST averages; PPA adaptation of the winners' moves (Cazenave 2015,
//   Algorithm 2); MCTS-Solver (Winands et al. 2008): exact values propagate when a mover has a
//   proven top result or all children are proven. With implicit_alpha, implicit minimax backups of
//   a learned evaluation (agent/mcts_implicit.cpp; Lanctot et al. 2014).
// - Final move: a proven win at once; for a single role, the best line seen; else the most visited
//   move (robust child) or a draw with probability visits^(1/T).
// - Threads (tree parallelism, Chaslot, Winands & van den Herik 2008, "Parallel Monte-Carlo Tree
//   Search"): tree_threads workers share the tree under one mutex held for selection, expansion
//   and backup, released for the playout; a virtual loss (the visit counted at selection, its
//   result added at backup) steers concurrent workers apart. Deterministic only with one thread.
// - Transpositions: with MctsConfig::transpositions, a state already in the tree is linked, not
//   created again; a simulation that meets a state already on its path plays out from there.
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "agent/capture_moves.h"
#include "agent/forced_win.h"
#include "agent/goal_cutoff.h"
#include "agent/heuristic.h"
#include "agent/last_good_replies.h"
#include "agent/mcts_config.h"
#include "agent/mcts_tree.h"
#include "agent/mcts_worker.h"
#include "agent/move_tables.h"
#include "agent/piece_features.h"
#include "agent/proof_thread.h"
#include "agent/rollout.h"
#include "agent/root_captures.h"
#include "agent/searcher.h"
#include "agent/trace.h"
#include "reasoner/random.h"

namespace ggp::agent {

class MctsSearcher : public Searcher {
 public:
  // Decisive moves in the tree try every legal move of a mover with at most this many; beyond,
  // only the moves seen ending a game (amazons has thousands of moves, each a transition).
  static constexpr size_t kFullDecisiveScan = 256;

  MctsSearcher(const MctsConfig& config, reasoner::StateMachine& machine, uint64_t seed);

  std::string name() const override { return "mcts"; }
  void set_root(const reasoner::State& state) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  void set_own_role(reasoner::RoleIndex role) override { own_role_ = role; }
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;
  std::vector<std::pair<reasoner::MoveId, double>> root_votes(reasoner::RoleIndex role) override;
  std::vector<RootMove> root_moves(reasoner::RoleIndex role) const override;
  // What the searches since the last call noted (the tree proofs' counts summed over them).
  std::string note() override;

  // Inspection, for tests and reports.
  const Tree& tree() const { return tree_; }
  const PolicyWeights& ppa_weights() const { return workers_[0]->ppa; }
  // The moves a playout plays before it is scored where it stands (the goal cutoff's choice).
  size_t playout_depth() const { return workers_[0]->policy.max_depth; }
  // What the goal-cutoff probe measured so far (empty before the first search with goal_cutoff).
  GoalSignal goal_signal() const { return probe_ ? probe_->signal() : GoalSignal{}; }
  // The root's proven value for `role` (scaled goal), if MCTS-Solver proved it.
  std::optional<double> proven_value(reasoner::RoleIndex role) const;
  // The mean result of `role`'s root move, or nullopt if it was never tried.
  std::optional<double> root_mean(reasoner::RoleIndex role, reasoner::MoveId move) const;
  // Single role: the best line seen from the root and its result (empty if none).
  const std::vector<reasoner::MoveId>& best_line() const { return best_line_; }
  double best_line_result() const { return best_line_result_; }

 private:
  // What a descent through the tree ended on.
  enum class Descent {
    Playout,  // a leaf: play out from w.leaf
    Exact,    // a solved node: w.results hold its exact values
    Expand,   // (deferred expansion only) a missing child: draft it from w.leaf and w.joint,
              // then finish_expansion()
  };
  // Simulations one at a time by worker 0, until a limit.
  void search_serial(const SearchLimits& limits);
  // One simulation by worker `w`; serial searches only.
  void iterate(MctsWorker& w);
  // The simulations of worker `w` in a tree-parallel search, until a limit; `claimed` counts the
  // simulations begun by all workers in this call.
  void simulate_shared(MctsWorker& w, const SearchLimits& limits, uint64_t& claimed);
  void search_tree_parallel(const SearchLimits& limits);
  // Leaf batching (agent/mcts_batch.cpp): leaves selected in turn, played out at once.
  void search_batched(const SearchLimits& limits);
  // Selection and expansion from the root; counts the visit of every node and edge on the path
  // (the virtual loss, until backup adds the result). With `defer_expansion`, a missing child is
  // left for the caller to draft (Descent::Expand) instead of being created here.
  Descent descend(MctsWorker& w, bool& at_terminal, bool defer_expansion = false);
  // Links the child drafted in w.draft at (w.expand_parent, w.expand_index), adding it unless
  // another worker did meanwhile (or the tree is full), and appends it to w's path with its visit.
  void finish_expansion(MctsWorker& w);
  // Takes back the visits descend() counted, for a simulation that backs up nothing.
  void undo_visits(const MctsWorker& w);
  // Counts the visits of w's path `times` more: more simulations of the same descent (leaf
  // batching's further playouts from one leaf).
  void repeat_visits(const MctsWorker& w, uint32_t times = 1);
  void restart_tree();
  // A tree of `state` alone (what the search learned elsewhere, MAST's and PPA's tables, stays).
  void plant_tree(const reasoner::State& state);
  // The end of a probe at the first search: a quarter of the call's time, at most `cap` from now
  // (Clock::duration::max(): no cap). The decisions below probe within it. Under a playout budget
  // alone (no deadline: `ggp bench-search --playouts`) `cap` is raised to kUnclockedProbeSeconds,
  // so that probes stop at their own counts (the same in every run, and so the search's
  // signature) and the time is only a safety net for slow games.
  static Clock::time_point probe_deadline(const SearchLimits& limits, Clock::duration cap);
  // `limits` with probe_deadline(limits, cap_seconds) as its deadline.
  static SearchLimits probe_limits(const SearchLimits& limits, double cap_seconds);
  // Appends a line to the note the player logs ("; " between lines).
  void add_note(const std::string& line);
  // With goal_cutoff, until decided: probe random playouts from the root within a quarter of the
  // call's time, then set every worker's playout depth (agent/goal_cutoff.h).
  void decide_cutoff(const SearchLimits& limits);
  // With greedy_auto in a batched search, once: time greedy and random playouts from the root
  // (alternated, up to kGreedyProbeSeconds; under a playout budget alone, kGreedyWarmBatches then
  // kGreedyProbePairs batches) and set greedy_playouts.
  void decide_greedy(const SearchLimits& limits);
  // With mast_unless_greedy, once greedy playouts are decided: MastGreedy stays where they are
  // off and the root's random playouts show a role's legal moves to be at most mast_max_share of
  // its moves (agent/legal_share.h; kLegalSharePlayouts within a quarter of the call's time, at
  // most kLegalShareSeconds), else playouts are random.
  void decide_mast(const SearchLimits& limits);
  // With capture_share, once: find the captures (agent/capture_moves.h) within a quarter of the
  // call's time, at most kCaptureSeconds, for every playout that follows.
  void decide_captures(const SearchLimits& limits);
  // With avoid_private and private_captures, once: the piece sets (agent/piece_features.h) of the
  // states of random playouts from the root, within a quarter of the call's time, at most
  // kCaptureSeconds, for the batched playouts' MoveBias.
  void decide_piece_sets(const SearchLimits& limits);
  // With amaf_min_fixed and AMAF on, once: measure the share of moves with a fixed effect
  // (agent/move_effects.h; kMoveEffectPlayouts within a quarter of the call's time, at most
  // kMoveEffectSeconds) and turn AMAF off below amaf_min_fixed.
  void decide_amaf(const SearchLimits& limits);
  // With heuristic_weight or implicit_alpha, once: learn the evaluation from playouts within a
  // quarter of the call's time (at most kHeuristicSeconds) and keep it if it passes its check
  // (agent/heuristic.h).
  void decide_heuristic(const SearchLimits& limits);
  // A new node `child` of `parent` reached by the last joint move of w's path: the heuristic's
  // prior on the mover's edge (MctsConfig::heuristic_weight).
  void seed_prior(const MctsWorker& w, uint32_t parent, uint32_t child);
  // Implicit minimax backups (agent/mcts_implicit.cpp), where implicit_ is on. A node's minimax
  // value: its exact values where solved, else its estimate.
  std::span<const double> implicit_value(uint32_t id) const;
  // A new node's estimate: its evaluation (nothing where solved).
  void seed_estimate(uint32_t id);
  // After a simulation: the estimates of w's path, from the leaf up, become their mover's best
  // child's minimax value.
  void back_up_estimates(const MctsWorker& w);
  // Both seeds of a node just added below `parent` by w's last joint move.
  void seed_new_node(const MctsWorker& w, uint32_t parent, uint32_t child);
  // Expansion (agent/mcts_expand.cpp): the machine's half, the tree's half, and both.
  // `after_joint`: the state was reached by w.joint (not the root), whose moves are noted in
  // w.ends_game when the state is terminal.
  void draft_node(MctsWorker& w, const reasoner::State& state, bool after_joint);
  // Decisive moves in the tree: the index in w.draft.legal[mover] of a move that wins at once,
  // or -1; w.joint holds the other roles' only moves. Every move is tried up to
  // kFullDecisiveScan legal moves; beyond, only the moves in w.ends_game or the machine's
  // moves_seen_ending().
  int find_decisive(MctsWorker& w, reasoner::RoleIndex mover);
  // After a deferred descent that ended on `end`: the state a playout starts from, or null when
  // the simulation's values are exact (a solved node, or a drafted child that is terminal or a
  // decisive win: their values are put in w.results). Drafts the child of a Descent::Expand
  // with the worker's machine (no tree access).
  const reasoner::State* start_of_simulation(MctsWorker& w, Descent end, bool& at_terminal);
  uint32_t insert_node(const NodeDraft& draft);
  uint32_t create_node(MctsWorker& w, const reasoner::State& state, bool after_joint);
  // Ends a descent on node `id` just appended to w.path: Exact if solved, else a playout from it.
  Descent end_at(MctsWorker& w, uint32_t id, bool& at_terminal);
  // With transpositions: whether node `id` is already on w's path (a cycle).
  bool on_path(const MctsWorker& w, uint32_t id) const;
  // Chooses each role's edge at `id` (recorded in w.path_edges, w.trace, w.joint); returns the
  // joint move's index among the node's children.
  uint64_t select(MctsWorker& w, uint32_t id);
  // `floor`: the mover's best proven child value at this node (-1: none, or not the mover).
  // `implicit`: the mean is mixed with the child's minimax value (implicit_ on, role the mover).
  double edge_score(MctsWorker& w, uint32_t id, reasoner::RoleIndex role, uint32_t edge,
                    double log_visits, double floor, bool implicit);
  // MctsConfig::capture_order: how urgent the untried move of `edge` is at node `id` as a capture,
  // 0 where it takes nothing, up to Captures::kMaxRanks for a victim of rank 0: at a root whose
  // captures were read off it (root_captures_), from them, else from the sampled table
  // (agent/capture_ranks.h).
  uint8_t capture_urgency(uint32_t id, uint32_t edge) const;
  // With capture_order=root: reads the captures off a root not read yet (agent/root_captures.h),
  // within `limits`.
  void read_root_captures(const SearchLimits& limits);
  // MctsConfig::dag_means: the mean of `role` at child `c` over all its parents' simulations,
  // where the child has more of them than the move's `edge_visits`; else `mean` (the move's own).
  double dag_mean(uint32_t c, reasoner::RoleIndex role, uint32_t edge_visits, double mean) const;
  // The mover's best proven child value at node `id` (-1: none), cached in the node.
  double proven_floor(uint32_t id, reasoner::RoleIndex mover);
  // Progressive pruning: the best lower bound among the edges [begin, end) (-inf: no pruning
  // yet), an edge's upper bound (+inf: not comparable), and whether an edge takes part.
  double pruning_bound(uint32_t begin, uint32_t end) const;
  double upper_bound(uint32_t edge) const;
  bool prunable(uint32_t edge, double& sigma) const;
  void backup(MctsWorker& w, bool reached_terminal);
  // Backs up results.size() / num_roles simulations of w's one descent (num_roles results per
  // playout, one playout after another), with the same effect as as many backup() calls in turn;
  // descend() counted the first one's visits, this counts the others'.
  void backup_playouts(MctsWorker& w, std::span<const double> results, bool reached_terminal);
  // PpaGreedy in a batch (agent/mcts_ppa.cpp): replays ppa_replays of the lanes just played
  // (their start states, their leaves' workers, their results in [0,1]; batch_moves_ recorded)
  // and adapts the first worker's PPA weights to each replayed playout's winners.
  void learn_ppa_from_lanes(std::span<const reasoner::State* const> starts,
                            std::span<const size_t> lane_worker, std::span<const double> results);
  // Appends to ppa_trace_ the steps of `joint_moves` (role-major) from `start`, with each role's
  // legal moves as the machine gives them.
  void replay_lane(const reasoner::State& start, std::span<const reasoner::MoveId> joint_moves);
  // Appends to lane_previous_ the last joint move of w's descent (kNone without one).
  void push_last_tree_move(const MctsWorker& w);
  // AMAF's update for each simulation of `results` (as in backup_playouts).
  void update_amaf(MctsWorker& w, std::span<const double> results);
  // Fills w.amaf_edges from w's path and trace (valid until either changes: w.amaf_ready).
  void collect_amaf_edges(MctsWorker& w);
  bool try_solve(uint32_t id);
  // Score bounds (MctsConfig::score_bounds; agent/mcts_bounds.cpp). bounds_on(): usable now (on,
  // two roles, and every terminal node of the tree so far with one goal sum). note_terminal()
  // checks a terminal node's values against that sum. as_role(): role 0's bounds as `role`'s
  // (and back). role_bounds(): `role`'s bounds at node `c` (kNoNode: a child not in the tree,
  // [0, 1]). update_bounds() recomputes node `id`'s from its children and returns whether they
  // tightened. try_solve() settles a node by them.
  bool bounds_on() const { return bounds_sum_.has_value() && !bounds_off_; }
  void note_terminal(std::span<const double> values);
  std::pair<double, double> as_role(double lo, double hi, reasoner::RoleIndex role) const;
  std::pair<double, double> role_bounds(uint32_t c, reasoner::RoleIndex role) const;
  bool update_bounds(uint32_t id);
  // With proof_plies, in two-role turn-taking games (agent/mcts_proof.cpp): hands a new root to
  // the proof thread, and marks the root moves it has proven (lost, or won) since the last call.
  void take_proofs();
  // Marks the child of node `parent` (one mover) by the mover's move `index` solved, with
  // `winner`'s value 1 and the other role's 0, and the game's end within `turns`, creating the
  // child if the tree has not, and tries to solve `parent`.
  void mark_child(uint32_t parent, size_t index, reasoner::RoleIndex winner, int turns);
  // Shallow proofs in the tree (MctsConfig::node_proof_plies; agent/mcts_proof.cpp), at node `id`
  // of a descent whose visits reached the threshold of its next search (node_proof_visits_): a
  // forced win of its mover solves its winning child and so the node, one of the other role (not
  // at the root) the node itself. Returns whether the node is solved.
  bool prove_node(uint32_t id);
  // Where shallow proofs are on and the root is proven without a win for the own role (lost or
  // drawn): drops them for the rest of the match and starts a fresh tree at the root, so that the
  // search goes on as it would without them. Returns whether it did.
  bool drop_node_proofs_if_lost();
  // The guard (MctsConfig::guard_plies; agent/mcts_guard.cpp): the index among the own role's
  // root moves of the move it is to check now, best_move()'s, if it has work at this call (the
  // own role's turn at an unsolved root, that move unproven and not yet checked to guard_plies);
  // a root other than the last one's starts its checks afresh (the prover's table is kept).
  std::optional<size_t> guard_move();
  // Checks the move best_move() gives the own role, within `limits` and guard_states states, and
  // the next one while one is proven lost.
  void guard(const SearchLimits& limits);
  // Proofs of the root's moves (MctsConfig::root_proof_plies; agent/mcts_root_proof.cpp), within
  // root_proof_probe of `limits`' time, and root_proof_share once they prove a move of the root:
  // the moves proven lost or won are marked in the tree.
  void prove_at_root(const SearchLimits& limits);
  // Fills node_proof_visits_ from the config (one entry a search, the deeper ones included).
  void plan_node_proofs();
  // Adds the left root's proofs to the note.
  void note_proofs();
  // Between two proven children of a node whose mover is `role`: > 0 where `a` is the better
  // move, < 0 where `b` is, 0 where they are proven alike (the same value and turns).
  int proven_order(uint32_t a, uint32_t b, reasoner::RoleIndex role) const;
  // The only role with more than one move at node `id`, or -1.
  int node_mover(uint32_t id) const;
  // The tree holds `share` of its cap (MctsConfig::max_nodes or max_tree_mb) or more.
  bool tree_full(double share = 1.0) const;
  // MctsConfig::recycle, called where no descent is under way (one search thread): a full tree is
  // trimmed to the nodes visited more than the median (Tree::trim), unless an earlier trim of this
  // call left it nearly full.
  void recycle_if_full();

  MctsConfig config_;
  reasoner::StateMachine& machine_;
  size_t num_roles_;
  Tree tree_;
  std::vector<std::unique_ptr<reasoner::StateMachine>> clones_;  // machines of workers 1..
  std::vector<std::unique_ptr<MctsWorker>> workers_;             // worker 0 runs on machine_
  std::vector<std::unique_ptr<MctsWorker>> batch_workers_;       // one per leaf of a batch
  std::vector<std::vector<reasoner::MoveId>> batch_moves_;  // per lane: batch_amaf, lane MAST/PPA
  std::vector<float> lane_values_;  // by MoveId: the MAST means or PPA weights the lanes play by
  Trace ppa_trace_;                 // learn_ppa_from_lanes: a replayed simulation
  LastGoodReplies replies_;         // last_good_replies: learnt from every lane, kept all match
  std::vector<reasoner::MoveId> lane_previous_;  // per lane, role-major: its leaf's last tree move
  reasoner::State ppa_state_, ppa_next_;
  Clock::duration last_batch_{};  // how long the last batch of playouts took
  std::mutex tree_mutex_;  // held by tree-parallel workers for everything but the playout
  uint64_t playouts_ = 0;
  uint64_t rollouts_ = 0;

  std::vector<reasoner::MoveId> best_line_;
  double best_line_result_ = -1;

  static constexpr double kHeuristicSeconds = 3.0;
  static constexpr double kCaptureSeconds = 0.5;
  CaptureMoves captures_;  // once decided (capture_share)
  RootCaptures root_captures_;  // the last root read (capture_order=root)
  RootPieceSets root_piece_sets_;  // over the capture table's sample and the roots read since
  bool captures_decided_ = false;
  PieceFeatures::FactLists piece_sets_;  // once decided (private_captures)
  bool piece_sets_decided_ = false;
  static constexpr double kGreedyProbeSeconds = 1.0;
  // Under a playout budget alone (no deadline), the greedy probe's batches: warm-up, then pairs
  // (kept few: hex_9x9's greedy playouts cost about 65 random ones).
  static constexpr size_t kGreedyWarmBatches = 4;
  static constexpr size_t kGreedyProbePairs = 16;
  static constexpr double kUnclockedProbeSeconds = 30.0;
  static constexpr double kLegalShareSeconds = 0.3;
  static constexpr size_t kLegalSharePlayouts = 64;
  static constexpr double kMoveEffectSeconds = 0.3;
  static constexpr size_t kMoveEffectPlayouts = 64;
  bool amaf_decided_ = false;
  bool greedy_decided_ = false;
  std::unique_ptr<Heuristic> heuristic_;  // when learned and kept
  bool heuristic_decided_ = false;
  // Implicit backups on: implicit_alpha set, the evaluation kept and its held-out correlation at
  // least implicit_min_correlation (decided with the evaluation).
  bool implicit_ = false;
  // Score bounds: the goal sum of the tree's terminal nodes (once one is seen), and whether one
  // differed (bounds are then no longer read: a game of more than one sum).
  std::optional<double> bounds_sum_;
  bool bounds_off_ = false;
  std::vector<double> prior_;  // scratch: the heuristic's values

  std::unique_ptr<GoalSignalProbe> probe_;
  reasoner::Random probe_rng_;  // its own stream: where the cutoff stays off, the search is the same
  uint32_t probe_attempts_ = 0;
  Clock::duration probe_time_{};  // spent by decide_cutoff in all
  static constexpr size_t kCutoffMinProbes = 4;
  bool cutoff_decided_ = false;  // once per searcher (per game), not per root
  std::string note_;

  std::unique_ptr<ProofThread> proof_thread_;  // with proof_plies (stopped with the searcher)
  // Shallow proofs in the tree: on where node_proof_plies is set and the game and search allow
  // them (two roles, the solver, one thread); the search made on machine_ when first needed, and
  // the limits of the search call under way (proofs stop at its deadline; descents happen only
  // within a call, so it is set wherever prove_node runs).
  // By the searches a node has had (Node::proof_searches): the visits that start the next one;
  // its depth is node_proof_plies plus two a search before it. Empty where proofs are off (or
  // dropped: drop_node_proofs_if_lost).
  std::vector<uint32_t> node_proof_visits_;
  std::optional<reasoner::RoleIndex> own_role_;  // set_own_role's (none: proofs never dropped)
  std::unique_ptr<ForcedWinSearch> node_prover_;
  const SearchLimits* active_limits_ = nullptr;  // set through each search() call
  // A root planted outside a search call (set_root, advance) has not had its test for a win at
  // once (decisive_in_tree), which nothing would bound there and which on a slow machine takes
  // seconds (chess on the prover: a transition a move); the next call plants it again, within
  // its limits, while the tree is the root alone.
  bool root_decisive_pending_ = false;
  struct NodeProofCount {  // in the search calls since the note was last taken
    uint64_t tried = 0, won = 0, lost = 0;  // nodes searched; solved as their mover's win, loss
    uint64_t deeper = 0;                    // of the searches, those after a node's first
    std::chrono::steady_clock::duration time{};  // spent in them
  } node_proof_count_;
  struct GuardState {
    std::unique_ptr<ForcedWinSearch> prover;  // made when first needed; its table kept
    reasoner::State root;                    // the root its checks are for
    std::vector<int> safe_to;  // by the own role's root move: no loss within these turns (-1)
    // For the note, since it was last taken: checks finished, moves proven lost, the deepest check
    // passed (turns), the time spent.
    uint64_t checked = 0, lost = 0;
    int deepest_safe = 0;
    std::chrono::steady_clock::duration time{};
  } guard_;
  struct RecycleCount {  // MctsConfig::recycle, since the note was last taken
    uint64_t trims = 0, dropped = 0;  // trims made, the nodes they dropped
    std::chrono::steady_clock::duration time{};
    bool stuck = false;  // this search call's last trim left the tree nearly full: no more
  } recycle_;
  struct RootProofState {
    std::unique_ptr<ForcedWinSearch> prover;  // made when first needed; its table kept
    reasoner::State root;                    // the root of the last call
    int done_to = -1;  // every move of that root proven to this many turns (-1: not to one)
    bool found = false;  // a move of that root proven, the tree unaware (then the whole share)
    // For the note, since it was last taken: moves proven lost, wins found, time spent.
    uint64_t lost = 0, won = 0;
    std::chrono::steady_clock::duration time{};
  } root_proof_;
  struct ProofCursor {
    reasoner::State root;      // the root last handed to the thread
    size_t lost = 0;           // its moves proven lost so far
  } proof_;
};

}  // namespace ggp::agent
