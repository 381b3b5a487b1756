#pragma once
// The configuration of the one MCTS engine (agent/mcts.h). UCT, RAVE, alpha-AMAF, decisive-move
// UCT, MAST, PPA and SP-MCTS are this engine with different fields; the presets below name them.
// Flags are parsed in cli/ only.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ggp::agent {

// Which value estimate selection adds the UCB1 bonus to.
enum class AmafMode {
  Off,    // plain UCB1 on the move's mean
  Alpha,  // alpha-AMAF: alpha * A + (1 - alpha) * U (comparison-of-monte-carlo-approaches seed)
  Rave,   // (1 - beta) * mean + beta * A, beta = sqrt(k / (3n + k)) (Gelly & Silver 2011)
};

// How playouts choose moves (beyond decisive moves).
enum class PlayoutMode {
  Random,  // uniform over the legal moves
  Mast,    // Gibbs over each move's average result (MAST, Finnsson & Björnsson 2008)
  MastGreedy,  // epsilon-greedy on the same averages (Tak, Winands & Björnsson 2012): cheaper
  Ppa,     // Gibbs over adapted weights (PPA, Cazenave 2015)
  // Epsilon-greedy on the same weights (mast_epsilon), in the bit-parallel lanes too: there the
  // lanes play by the first worker's weights, and ppa_replays lanes of each batch are replayed
  // one move at a time for the legal moves PPA's update needs (agent/mcts_ppa.cpp).
  PpaGreedy,
};

// Where untried moves that capture are tried first (MctsConfig::capture_order).
enum class CaptureOrder {
  Off,    // untried moves in random order everywhere
  Tree,   // captures first at every node
  Root,   // captures first at the root alone (and first among its moves of equal visits)
};

struct MctsConfig {
  double exploration = 0.4;           // UCB1 constant c (0.4 as in the PPA paper's GGP setting)
  bool ucb_tuned = false;  // UCB1-Tuned (Auer, Cesa-Bianchi & Fischer 2002; Sancho's default):
                           // c * sqrt(ln N / n * min(1/4, variance + sqrt(2 ln N / n))); at the
                           // top variance of a win/loss result it is half UCB1's term
  uint32_t expand_threshold = 0;      // visits a leaf needs before it grows children
  size_t max_nodes = 1'000'000;       // node pool cap: at the cap the tree stops growing
  double max_tree_mb = 512;           // memory cap of the tree (MiB), same effect as max_nodes
  // At the cap, one search thread: instead of stopping growth, the nodes visited no more than the
  // median are dropped (Tree::trim), as Sancho recycles its least visited nodes; while a trim
  // leaves the tree above three quarters of the cap, growth stops for the rest of the call.
  bool recycle = false;
  size_t max_playout_depth = 10'000;  // a playout longer than this is scored where it stops
  // Leaf batching (agent/mcts_batch.cpp): this many leaves are selected in turn, with virtual
  // loss, and played out at once where the machine plays playouts side by side (the propnet's
  // 64 bit-parallel lanes). 0 or 1: one leaf, one traced playout at a time.
  size_t leaf_batch = 0;
  // Playouts from each leaf of a batch (leaf parallelisation within the batch, Chaslot, Winands
  // and van den Herik 2008): a batch of leaf_batch leaves fills leaf_batch * leaf_playouts lanes
  // (at most the machine's), each playout backed up as one simulation of that leaf. 0: as many
  // as fill the lanes.
  size_t leaf_playouts = 1;
  bool batch_amaf = false;  // with AMAF: batched playouts give back their moves, which count for
                            // AMAF as a sequential playout's do (else only the tree's moves count)

  // Early cutoff (agent/goal_cutoff.h): the first search probes random playouts; if the goals of
  // non-terminal states predict results, playouts stop after cutoff_depth moves, scored there.
  bool goal_cutoff = false;
  size_t cutoff_depth = 16;         // playout moves before the cut, when the probe turns it on
  uint32_t cutoff_probes = 64;      // random playouts of the per-game probe
  double cutoff_correlation = 0.3;  // least goal/result correlation that turns the cutoff on
  // The probe's time over all calls, after which the probes finished so far decide (at least 4
  // for the cutoff to go on): a slow machine's probe stops taking a share of every turn.
  double cutoff_probe_seconds = 3.0;

  // A learned evaluation (agent/heuristic.h), fitted at the first search from playouts and kept
  // where it predicts results: each new node of a single mover's choice starts with this many
  // pseudo-visits of a value for the mover: the parent's mean so far moved by the evaluation's
  // change from parent to child (progressive bias as Sancho seeds new nodes, with 2 to 6.5
  // pseudo-visits, relative to a reference node). 0: no evaluation.
  uint32_t heuristic_weight = 0;
  bool heuristic_lines = false;  // its candidate features include line sets: pieces of a kind
                                 // on one row or column (PieceFeatures::discover)
  // Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014, "Monte Carlo Tree
  // Search with Heuristic Evaluations using Implicit Minimax Backups"): with the learned
  // evaluation kept, each node holds a minimax value of the evaluations at the tree's leaves (the
  // mover's best child, exact values where solved), and the mover's selection scores a move by
  // (1 - implicit_alpha) * its mean + implicit_alpha * its child's minimax value. Learns the
  // evaluation as heuristic_weight does (which may stay 0: no priors). 0: off.
  double implicit_alpha = 0;
  // ... only where the evaluation's held-out correlation with results (HeuristicReport) is at
  // least this: a minimax over a weak evaluation misleads (docs/strength.md: knightThrough at 0.19
  // lost 0-4 to Sancho, in 17 to 34 turns; checkers at 0.59 won its screens 7-8-1). At 0.5,
  // checkers is the one shipped game over it (go_9x9 0.42, same_game 0.45, knightthrough_5x5 0.44
  // in one run: unmeasured, and near enough to the line to fall either side of 0.4).
  double implicit_min_correlation = 0.5;

  AmafMode amaf = AmafMode::Off;  // AMAF value in selection (updates: Hsu's AMAF slides)
  double amaf_alpha = 0.5;        // alpha of alpha-AMAF (the seed fixes no value)
  double rave_k = 2500;           // RAVE equivalence parameter k (go-player seed: 2500)
  bool amaf_untried = false;  // an untried move with AMAF data is scored as if tried once with its
                              // AMAF value as mean (first-play urgency from AMAF, as Go programs
                              // order moves by RAVE), instead of being tried before any other
  // With AMAF on: at the first search, AMAF is turned off where fewer than this share of the
  // moves played from the root's random playouts have a fixed effect (agent/move_effects.h:
  // connect four's drops land at different heights). 0: AMAF stays as set.
  double amaf_min_fixed = 0;

  PlayoutMode playout = PlayoutMode::Random;  // playout policy
  double mast_temperature = 0.1;  // MAST Gibbs temperature on results in [0,1] (tau 10 on 0..100)
  double mast_unseen = 1.0;       // MAST value of a move never played (optimistic)
  double mast_epsilon = 0.4;      // MastGreedy and PpaGreedy: the chance of a uniform move instead
  // MastGreedy only where greedy playouts are off (random playouts where they are on), decided
  // at the first search, after greedy_auto's decision. Screen 7 of docs/strength.md: ε-greedy MAST
  // in the lanes scored 15-5-4 against the default on the three games where greedy=auto turns
  // greedy playouts off (reversi, checkers, pentago) and 6-1-17 on the three where it turns them on.
  bool mast_unless_greedy = false;
  // ... and where a role's legal moves are at most this share of its moves (agent/legal_share.h;
  // 1: wherever greedy playouts are off). 0.25 divides the games of screens 7 and 8: reversi 0.15
  // and checkers 0.02, where MAST won, from pentago 0.35 and hex 0.57, where it did not.
  double mast_max_share = 0.25;
  // Captures in playouts (agent/capture_moves.h, reasoner::MoveBias): found at the first search;
  // with this probability a playout's mover that has captures plays one, uniformly among them,
  // before MAST's choice and the greedy checks (in the lanes and in sequential playouts). 0: off.
  double capture_share = 0;
  // ... the most valuable victim first (`mvv=1`): a mover draws only among its captures of the
  // scarcest kind it can take (agent/capture_ranks.h).
  bool capture_ranks = false;
  // ... and in the tree (`capture_order=1`): a node's untried moves that capture (by the table
  // above) are tried first, the most valuable victim first with mvv, and the move played, among
  // moves of equal visits and sums, is such a capture; `capture_order=root` orders the root's
  // moves alone, with captures read off each root (agent/root_captures.h: no table needed, so
  // it acts on the prover games, where the first search samples too few states for one). Meant
  // for a search too slow to try every move.
  CaptureOrder capture_order = CaptureOrder::Off;
  // Batched playouts skip private moves (reasoner::MoveBias::avoid_private: a move the opponent
  // could not make here on its turn, in Go the mover's own eye) wherever they have another.
  bool avoid_private = false;
  // ... but a private move that takes pieces is played (reasoner::MoveBias::piece_facts: the piece
  // sets of agent/piece_features.h, found at the first search): in Go, a capture at the last
  // liberty of a chain, which is private too.
  bool private_captures = false;
  bool pass_last = false;  // batched playouts pass only where nothing else is left (MoveBias)
  // Batched playouts of two-role games answer the other role's last move with its last good
  // reply (LGRF-1, agent/last_good_replies.h: reasoner::MoveBias::replies) where it is legal.
  bool last_good_replies = false;
  double ppa_alpha = 1.0;         // PPA learning rate alpha (paper: 1.0)
  uint32_t ppa_replays = 4;       // PpaGreedy, batched: lanes of each batch PPA learns from

  bool decisive_in_tree = false;     // a node whose mover has an immediate win is proven at once
  bool decisive_in_playout = false;  // playouts play an immediate win when the mover has one
  bool anti_decisive = false;  // playouts avoid moves that give the next mover an immediate win
  bool greedy_playouts = false;  // playouts play both (reasoner::PlayoutPolicy::Greedy): in the
                                 // lanes for batched playouts, as decisive + anti_decisive else
  // Batched searches: greedy_playouts is decided at the first search, from greedy and random
  // playouts from the root timed side by side (MctsSearcher::decide_greedy): on where the share
  // of moves on which a random move would hand the next mover a win at once (the moves greedy
  // playouts correct), divided by their cost (random playouts per greedy one's time), reaches
  // greedy_gain. 0.005 divides the 8 games of docs/strength.md's screen: on for breakthrough
  // (0.0074), knightThrough, connectFour and nineBoardTicTacToe (0.011-0.019), where greedy
  // playouts won 62-88% at equal time; off for pentago (0.0027), hex, checkers and reversi
  // (under 0.001), where they lost.
  bool greedy_auto = false;
  double greedy_gain = 0.005;
  bool solver = true;          // MCTS-Solver: proven values propagate; proven wins are played
  // Score bounds with the solver (Cazenave & Saffidine 2010, "Score Bounded Monte-Carlo Tree
  // Search"; agent/mcts_bounds.cpp), two-role games whose terminal goals in the tree have one
  // sum: every node keeps bounds on its value under minimax play, from its children's, so that a
  // move is proven best once no other can exceed it (a draw, where MCTS-Solver alone waits for
  // every move to be proven), and a move that cannot exceed a proven one is not searched.
  bool score_bounds = false;
  // Forced-win proofs at the root (agent/proof_thread.h), two-role turn-taking games, with the
  // solver, on a thread of their own beside the search: root moves after which the other role
  // forces a win within proof_plies turns are proven lost, a forced win within proof_plies + 2
  // is proven won. 0: off.
  uint32_t proof_plies = 0;
  // The proof thread's niceness (Linux: a thread's own nice value; 0: the search's): where the
  // cores are all busy the scheduler gives it about w / (w + 1024) of one against a thread at 0,
  // with w = 1024 / 1.25^n (n = 5: a quarter), and all that is idle. Meant to leave the search its
  // core; one round against Sancho still measured 26% fewer playouts a move (docs/strength.md).
  uint32_t proof_nice = 0;
  // The proof thread adds a pass where its attacker tries only local moves below its first
  // (agent/proof_thread.h; ForcedWinSearch::set_local): deeper, but quiet attacks are missed.
  bool proof_local = false;
  // Shallow proofs in the tree (MCTS-MS, minimax in selection: Baier & Winands 2015, "MCTS-Minimax
  // Hybrids"), two-role turn-taking games, one search thread, with the solver: a node whose visits
  // reach node_proof_visits is searched once (ForcedWinSearch, within node_proof_states states)
  // for a forced win of either role within node_proof_plies moves, both roles' moves counted. A
  // win of its mover solves the winning child (and so the node), a win of the other role the
  // node. MCTS-Solver alone proves a node lost only once every child is in the tree and proven.
  // In play (the own role known), a root they prove not won for the own role drops them for the
  // rest of the match (MctsSearcher::drop_node_proofs_if_lost). 0: off.
  uint32_t node_proof_plies = 0;
  uint32_t node_proof_visits = 16;
  uint32_t node_proof_states = 2000;
  // Deeper as the visits grow, up to node_proof_deepest moves (at most node_proof_plies: never):
  // an unsolved node is searched again, two moves deeper each time, at 16 times the visits of the
  // last search and with 4 times its states. Measured (`ggp bench-search` on knightThrough's
  // initial position, 300,000 playouts; the search's note): 3,866 nodes in 0.8 s at three moves;
  // up to five, 390 of them again, 3.1 s in all; up to seven, 4.6 s (a tenth of the nodes reach
  // 16 times the visits, and a deeper search without a win uses its whole budget).
  uint32_t node_proof_deepest = 0;
  // Only the other role's wins below the root, where the player's own role is known
  // (Searcher::set_own_role): a node is searched for a forced win of the opponent, never of the
  // own role (except the root's own win, which is played). Proofs of the own role's wins make the
  // tree's opponent exact within their depth, so a move that sets it traps is worth no more than
  // the defence it needs; against Sancho on connectFour the proofs of both roles lost what the
  // default wins (docs/strength.md, rounds O-Q). Off: both roles' wins.
  bool node_proof_defend = false;
  // The guard (agent/mcts_guard.cpp), two-role turn-taking games, one search thread, with the
  // solver, in play (the own role known) at the own role's turns: after the tree search of each
  // call, the move it would play is checked for a forced win of the other role after it within
  // 1, 3, .. guard_plies turns (ForcedWinSearch; its table kept across calls), and a move so
  // proven lost is marked (MCTS-Solver then plays another) and the next one checked. A search that
  // overlooks the one defence in a tactical race plays into such a loss (docs/strength.md: a
  // 9-turn tactic lost a connectFour match to Sancho); the proof thread (proof_plies) checks every
  // root move, the guard only the one to be played, on the search's own thread. guard_share of
  // each call's time goes to it while its move is not checked to guard_plies; guard_states bounds
  // a call's checks (their only bound under a playout budget). 0: off.
  uint32_t guard_plies = 0;
  double guard_share = 0.25;
  uint64_t guard_states = 1'000'000;
  // Proofs of every root move on the search's own thread (agent/mcts_root_proof.cpp), two-role
  // turn-taking games, one search thread, with the solver, at every call (pondering too): before
  // the tree search, root_proof_share of the call's time goes to agent/root_proofs.h's deepening
  // (1, 3, .. root_proof_plies turns; its table kept across calls), which marks the root moves
  // after which the other role forces a win (proven lost) and a forced win of the root's mover
  // (proven won, and so played). Where the game's end is near, such proofs settle in a second what
  // the tree's averages do not (docs/strength.md: quarto with eight or nine cells empty). A root
  // proven to root_proof_plies is not searched again; root_proof_states bounds a call's states
  // (the only bound under a playout budget). 0: off.
  // The share is spent where the proofs find something: they run first within root_proof_probe
  // of the call's time, and go on up to root_proof_share only once they have proven a move of
  // this root that the tree had not solved (at this call or an earlier one); where they find
  // nothing, the tree keeps all but the probe. root_proof_probe >= root_proof_share: one stage.
  uint32_t root_proof_plies = 0;
  double root_proof_share = 0.5;
  double root_proof_probe = 0.1;
  uint64_t root_proof_states = 4'000'000;

  double sp_d = 0;                 // SP-MCTS variance constant D (Schadd et al. 2008); 0 = term off
  bool remember_best_line = true;  // single-player: play the best line ever seen
  uint64_t sp_restart_playouts = 0;  // single-player: a fresh tree every N simulations (0 = never;
                                     // serial search only: not with tree_threads > 1)

  double prune_rd = 0;  // progressive pruning (Bouzy 2004): skip a move whose mean + rd*sigma is
                        // below another's mean - rd*sigma (soft, re-checked each time); 0 = off
  uint32_t prune_min_visits = 100;  // visits every compared move needs before pruning applies
  double prune_sigma_e = 1.0;       // only moves with sigma (standard error) below this compare

  double temperature = 0;  // final choice: 0 = most visited (robust child), else visits^(1/T)
  bool reuse_tree = true;  // keep the subtree of the played joint move between turns

  size_t tree_threads = 1;      // threads sharing one tree (tree parallelism with virtual loss,
                                // Chaslot et al. 2008), each with its own machine clone; 1 = serial
  bool transpositions = false;  // equal states reached by different paths share one node (the
                                // tree becomes a DAG; backup updates the path's edges)
  // With transpositions: a move's mean is its child's, over every path into the child, once the
  // child has more visits than the move (UCT2 of Childs, Brodeur & Kocsis 2008, "Transpositions
  // and move groups in Monte Carlo tree search"); the exploration term keeps the move's count.
  bool dag_means = false;
};

// A named configuration: the searcher name users type and its fields.
struct MctsPreset {
  std::string name;
  std::string summary;
  MctsConfig config;
};

// uct, rave, amaf, decisive, mast, ppa, spmcts.
const std::vector<MctsPreset>& mcts_presets();
// The preset called `name`, or nullptr.
const MctsPreset* find_mcts_preset(const std::string& name);

}  // namespace ggp::agent
