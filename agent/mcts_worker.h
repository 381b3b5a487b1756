#pragma once
// One simulating thread of the MCTS engine: its machine (the searcher's own, or a clone), random
// stream, playout policy with its MAST/PPA tables, and the scratch of one simulation. A search with
// one thread has one Worker; tree parallelism (MctsConfig::tree_threads) gives each thread its own,
// so that nothing a playout touches is shared. MAST and PPA tables are per worker: each thread
// learns its playout policy from its own simulations.
#include <utility>
#include <vector>

#include "agent/move_tables.h"
#include "agent/rollout.h"
#include "agent/trace.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

// What a new node needs from the machine, computed before the node enters the tree (outside the
// tree's lock when threads share it).
struct NodeDraft {
  reasoner::State state;
  bool terminal = false;  // terminal, or a role without legal moves (the game ends there)
  std::vector<std::vector<reasoner::MoveId>> legal;  // per role
  std::vector<double> values;                        // per role: scaled goals when terminal
  int decisive_win = -1;      // decisive moves in the tree: the index of the mover's winning move
  reasoner::State win_state;  // ... and the terminal state it leads to
  std::vector<double> win_values;  // ... with its scaled goals
};

struct MctsWorker {
  MctsWorker(reasoner::StateMachine& m, uint64_t seed, const MctsConfig& config)
      : machine(m), rng(seed), rollout(m), mast(config.mast_unseen) {
    policy.mode = config.playout;
    policy.mast_temperature = config.mast_temperature;
    policy.mast_epsilon = config.mast_epsilon;
    policy.mast = mast_table;
    policy.weights = &ppa;
    policy.decisive = config.decisive_in_playout || config.greedy_playouts;
    policy.anti_decisive = config.anti_decisive || config.greedy_playouts;
    policy.max_depth = config.max_playout_depth;
    results.resize(m.num_roles());
    joint.resize(m.num_roles());
    draft.legal.resize(m.num_roles());
    draft.values.resize(m.num_roles());
    draft.win_values.resize(m.num_roles());
  }
  // Teaches and reads `table` instead of its own MAST table.
  void share_mast(MoveAverages& table) { mast_table = &table, policy.mast = &table; }
  MctsWorker(const MctsWorker&) = delete;
  MctsWorker& operator=(const MctsWorker&) = delete;

  reasoner::StateMachine& machine;
  reasoner::Random rng;
  Rollout rollout;
  RolloutPolicy policy;
  MoveAverages mast;
  // The MAST table this worker's simulations teach and its playouts read: its own, or for the
  // leaves of a batch (mcts_batch.cpp) the searcher's first worker's, which the lanes play by.
  MoveAverages* mast_table = &mast;
  PolicyWeights ppa;
  // PPA learns from this worker's simulations at backup; not the leaves of a batch under
  // PpaGreedy, whose lanes the searcher replays to teach the first worker's table.
  bool ppa_learns_in_backup = true;

  // Per-simulation scratch, reused.
  Trace trace;
  std::vector<uint32_t> path;        // nodes from the root
  std::vector<uint32_t> path_edges;  // per tree step, the chosen edge of each role
  reasoner::JointMove joint;
  reasoner::State next;
  reasoner::State leaf;  // where the playout starts (a copy: the tree may grow meanwhile)
  std::vector<double> results;
  std::vector<uint32_t> seen;  // AMAF: stamp per MoveId of the moves played later
  uint32_t stamp = 0;
  // AMAF: the tree's (edge, role) pairs whose move was played at or after the edge's step. Filled
  // by the first backup of a simulation; whoever changes the path or the trace clears amaf_ready.
  std::vector<std::pair<uint32_t, reasoner::RoleIndex>> amaf_edges;
  bool amaf_ready = false;
  NodeDraft draft;
  // By MoveId: the move was part of a joint move that reached a terminal node of the tree. Where a
  // mover has more than MctsSearcher::kFullDecisiveScan moves, only these are tried for a win.
  std::vector<uint8_t> ends_game;
  std::vector<reasoner::MoveId> decisive_candidates;  // scratch of find_decisive
  std::vector<int> decisive_index;
  uint32_t expand_parent = 0;  // a deferred expansion: the parent node and the joint index
  uint64_t expand_index = 0;
};

}  // namespace ggp::agent
