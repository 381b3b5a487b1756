#pragma once
// The node pool of the MCTS engine. Each node holds its state and, per role, the role's legal
// moves as edges with decoupled statistics (visits, sums, AMAF counters): at a node every role
// selects its own move (decoupled UCT), so one layout covers turn-taking games (the other roles
// have one move), simultaneous moves and n players. A child is indexed by its joint move, written
// in mixed radix over the roles' edge indices. Nodes live in a chunked pool so that references stay
// valid while the pool grows; reset() keeps their storage for the next search. With transpositions
// the children links form a DAG (a node may have several parents), which reroot() handles.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "reasoner/state.h"

namespace ggp::agent {

inline constexpr uint32_t kNoNode = 0xffffffffu;

struct EdgeStats {
  uint32_t visits = 0;
  uint32_t amaf_visits = 0;
  double sum = 0;     // results of the edge's role summed over its visits
  double sum_sq = 0;  // squared results (SP-MCTS variance term)
  double amaf_sum = 0;
};

struct Node {
  reasoner::State state;
  uint32_t visits = 0;
  uint32_t edge_begin = 0;   // role r's edges: [edge_begin + offset(r), edge_begin + offset(r+1))
  uint64_t joint_count = 0;  // product of the roles' move counts; 0 for a terminal node
  uint64_t child_begin = 0;  // first dense child slot (when dense)
  bool dense = false;        // children in dense slots (else in the sparse map)
  bool terminal = false;
  bool solved = false;       // value() is exact: terminal goals, or proven by MCTS-Solver
  bool floor_known = false;  // `floor` is up to date (MctsSearcher::proven_floor's cache)
  // Where solved: the turns to the end of the game under the proof (0 at a terminal node; from the
  // proof thread, the bound it proved). MCTS-Solver's choice between proven moves reads it: the
  // quickest win, the slowest loss.
  uint16_t proof_turns = 0;
  int16_t mover = -1;        // the only role with more than one edge, or -1 (set by finish_node)
  // Shallow proofs made at this node (MctsConfig::node_proof_plies, node_proof_deepest).
  uint8_t proof_searches = 0;
  // Solved by a shallow proof that its mover loses, its children not proven: as a new root it is
  // searched again (its moves need values to choose the slowest loss by).
  bool proven_alone = false;
  double floor = -1;  // the mover's best proven child value (-1: none); valid while floor_known
  // Score bounds (MctsConfig::score_bounds): role 0's value lies in [lo, hi] under minimax play
  // (exact where solved, which value() holds then); kept by MctsSearcher::update_bounds.
  double lo = 0, hi = 1;
};

// `turns` as Node::proof_turns holds it (0 to its largest value).
inline uint16_t saturated_turns(int turns) {
  return static_cast<uint16_t>(std::clamp(turns, 0, int{std::numeric_limits<uint16_t>::max()}));
}

// Nodes in chunks of a fixed size: addresses stay valid while the pool grows (as in a deque), and
// a node is found by one shift and one mask.
class NodePool {
 public:
  Node& operator[](uint32_t id) { return chunks_[id >> kChunkBits][id & kChunkMask]; }
  const Node& operator[](uint32_t id) const { return chunks_[id >> kChunkBits][id & kChunkMask]; }
  size_t size() const { return chunks_.size() << kChunkBits; }  // nodes constructed
  void grow() { chunks_.push_back(std::make_unique<Node[]>(size_t{1} << kChunkBits)); }

 private:
  static constexpr uint32_t kChunkBits = 10, kChunkMask = (1u << kChunkBits) - 1;
  std::vector<std::unique_ptr<Node[]>> chunks_;
};

class Tree {
 public:
  // Joint moves above this count keep their children in a map instead of a dense slot array, as do
  // simultaneous moves whose joint count is far above their edge count (few joints get a child).
  static constexpr uint64_t kDenseChildren = 4096;
  // The transposition index's cost per node, estimated: a 16-byte slot (hash and id) and a byte
  // of metadata over the flat table's load (0.44 to 0.875 between its growths), 19 to 39 bytes.
  static constexpr size_t kIndexEntryBytes = 24;

  void reset(size_t num_roles);
  size_t size() const { return used_; }
  // The memory the tree holds, approximately (nodes, states, edges, child slots).
  size_t bytes() const {
    return used_ * (sizeof(Node) + (2 * num_roles_ + 1) * sizeof(uint32_t) + num_roles_ * 16) +
           state_bytes_ + moves_.size() * (sizeof(reasoner::MoveId) + sizeof(EdgeStats)) +
           dense_children_.size() * sizeof(uint32_t) +
           (index_on_ ? used_ * kIndexEntryBytes : 0);
  }
  size_t num_roles() const { return num_roles_; }

  // Adds a node; add_role_moves() must follow once per role in role order, then finish_node().
  uint32_t add_node(const reasoner::State& state);
  void add_role_moves(std::span<const reasoner::MoveId> legal);
  void finish_node(uint32_t id);

  Node& node(uint32_t id) { return nodes_[id]; }
  const Node& node(uint32_t id) const { return nodes_[id]; }
  // Absolute edge range of `role` at node `id`.
  uint32_t edges_begin(uint32_t id, reasoner::RoleIndex role) const {
    return nodes_[id].edge_begin + offsets_[id * (num_roles_ + 1) + role];
  }
  uint32_t edges_end(uint32_t id, reasoner::RoleIndex role) const {
    return edges_begin(id, role + 1);
  }
  std::span<const reasoner::MoveId> moves(uint32_t id, reasoner::RoleIndex role) const {
    return std::span<const reasoner::MoveId>(moves_).subspan(
        edges_begin(id, role), edges_end(id, role) - edges_begin(id, role));
  }
  reasoner::MoveId edge_move(uint32_t edge) const { return moves_[edge]; }
  // Asks the cache for node `id`'s edge statistics and moves, which selection reads in full.
  void prefetch_edges(uint32_t id) const {
    const uint32_t begin = edges_begin(id, 0), end = edges_begin(id, num_roles_);
    auto prefetch = [](const void* from, const void* to) {  // every 64-byte line of [from, to)
      for (auto p = static_cast<const char*>(from); p < to; p += 64) __builtin_prefetch(p);
    };
    prefetch(stats_.data() + begin, stats_.data() + end);
    prefetch(moves_.data() + begin, moves_.data() + end);
  }
  EdgeStats& stats(uint32_t edge) { return stats_[edge]; }
  const EdgeStats& stats(uint32_t edge) const { return stats_[edge]; }
  // The node's value per role (scaled goals): exact when the node is solved.
  std::span<double> value(uint32_t id) {
    return std::span<double>(values_).subspan(id * num_roles_, num_roles_);
  }
  std::span<const double> value(uint32_t id) const {
    return std::span<const double>(values_).subspan(id * num_roles_, num_roles_);
  }
  // The node's heuristic minimax value per role (implicit minimax backups, Lanctot, Winands,
  // Pepels & Sturtevant 2014): written and read by the searcher where it keeps them
  // (MctsConfig::implicit_alpha), zero else.
  std::span<double> estimate(uint32_t id) {
    return std::span<double>(estimates_).subspan(id * num_roles_, num_roles_);
  }
  std::span<const double> estimate(uint32_t id) const {
    return std::span<const double>(estimates_).subspan(id * num_roles_, num_roles_);
  }

  uint32_t child(uint32_t id, uint64_t joint_index) const;
  void set_child(uint32_t id, uint64_t joint_index, uint32_t child);

  // Keeps only the subtree under `new_root`, which becomes node 0 (tree reuse between turns): in
  // place, the kept nodes in their old order (by copy where the old root is kept, a cycle).
  void reroot(uint32_t new_root);
  // The same by copying the kept nodes into fresh arrays, in breadth-first order (tests compare).
  void reroot_by_copy(uint32_t new_root);
  // Recycles the rarely visited part of the tree (as Sancho frees its least visited nodes when its
  // node table is full): keeps the root and every node reachable from it through nodes with at
  // least `min_visits` visits or solved, in place and in their old order; a kept node's link to a
  // dropped child is cleared (its edge statistics stay), so a later descent creates the child anew.
  void trim(uint32_t min_visits);

  // Transpositions: with the index on, find() names the node holding `state` (kNoNode if none).
  // The index maps a state's 64-bit hash to the first node added with it; a second state with
  // the same hash (the chance of any such pair among a million nodes is about 3 in 10^8) is not
  // indexed, so it is found by no search and only costs that transposition.
  void enable_index(bool on) { index_on_ = on; }
  uint32_t find(const reasoner::State& state) const {
    auto it = index_.find(state.hash());
    return it != index_.end() && nodes_[it->second].state == state ? it->second : kNoNode;
  }

 private:
  // Calls visit(child) for each child of node `id` that exists.
  template <typename Visit>
  void for_each_child(uint32_t id, Visit visit) const;
  // The nodes reachable from `from` through children that keep(child) accepts, marked 0 in a
  // vector by node id (kNoNode elsewhere): the kept nodes of reroot() and trim().
  template <typename Keep>
  std::vector<uint32_t> reachable(uint32_t from, Keep keep) const;
  // The in-place move of reroot() and trim(); `new_id` marks the kept nodes (not kNoNode), the
  // old root 0 either not among them or the new root itself (a trim). Links to nodes not kept
  // are cleared.
  void compact(uint32_t new_root, std::vector<uint32_t>& new_id);
  // After a re-rooting: drops the index's entries of nodes not kept, renames the others.
  void renumber_index(const std::vector<uint32_t>& new_id);

  size_t num_roles_ = 0;
  size_t used_ = 0;
  size_t state_bytes_ = 0;
  NodePool nodes_;
  std::vector<uint32_t> offsets_;        // per node, num_roles + 1 edge offsets
  std::vector<double> values_;           // per node, num_roles values
  std::vector<double> estimates_;        // per node, num_roles heuristic minimax values
  std::vector<reasoner::MoveId> moves_;  // per edge
  std::vector<EdgeStats> stats_;         // per edge
  std::vector<uint32_t> dense_children_;
  std::map<std::pair<uint32_t, uint64_t>, uint32_t> sparse_children_;
  bool index_on_ = false;
  boost::unordered_flat_map<uint64_t, uint32_t> index_;  // state hash -> node (transpositions)
};

}  // namespace ggp::agent
