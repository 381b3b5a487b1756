#include "agent/mcts_tree.h"

#include <algorithm>
#include <utility>

namespace ggp::agent {

void Tree::reset(size_t num_roles) {
  num_roles_ = num_roles;
  used_ = 0;
  state_bytes_ = 0;
  offsets_.clear();
  values_.clear();
  estimates_.clear();
  moves_.clear();
  stats_.clear();
  dense_children_.clear();
  sparse_children_.clear();
  index_.clear();
}

uint32_t Tree::add_node(const reasoner::State& state) {
  auto id = static_cast<uint32_t>(used_++);
  if (id == nodes_.size()) nodes_.grow();
  Node& n = nodes_[id];
  n.state = state;
  state_bytes_ += state.words().size() * sizeof(uint64_t);
  n.visits = 0;
  n.edge_begin = static_cast<uint32_t>(moves_.size());
  n.joint_count = 0;
  n.child_begin = 0;
  n.dense = false;
  n.terminal = false;
  n.solved = false;
  n.floor_known = false;
  n.proof_turns = 0;
  n.mover = -1;
  n.proof_searches = 0;
  n.proven_alone = false;
  n.lo = 0;
  n.hi = 1;
  if (index_on_) index_.emplace(state.hash(), id);
  offsets_.push_back(0);
  values_.resize(values_.size() + num_roles_, 0.0);
  estimates_.resize(estimates_.size() + num_roles_, 0.0);
  return id;
}

void Tree::add_role_moves(std::span<const reasoner::MoveId> legal) {
  moves_.insert(moves_.end(), legal.begin(), legal.end());
  stats_.resize(moves_.size());
  offsets_.push_back(static_cast<uint32_t>(moves_.size() - nodes_[used_ - 1].edge_begin));
}

void Tree::finish_node(uint32_t id) {
  Node& n = nodes_[id];
  size_t base = static_cast<size_t>(id) * (num_roles_ + 1);
  while (offsets_.size() < base + num_roles_ + 1) offsets_.push_back(offsets_.back());
  uint64_t joints = 1;
  n.mover = -1;
  bool several_movers = false;
  for (size_t r = 0; r < num_roles_; ++r) {
    uint64_t count = offsets_[base + r + 1] - offsets_[base + r];
    if (count > 1) {
      several_movers |= n.mover >= 0;
      n.mover = static_cast<int16_t>(r);
    }
    joints = count == 0 ? 0 : joints * count;
    if (joints > (uint64_t{1} << 40)) joints = uint64_t{1} << 40;  // saturates: map-only
  }
  if (several_movers) n.mover = -1;
  n.joint_count = joints;
  uint64_t edges = offsets_[base + num_roles_];
  n.dense = joints > 0 && joints <= kDenseChildren && (joints <= 256 || joints <= 8 * edges);
  if (n.dense) {
    n.child_begin = dense_children_.size();
    dense_children_.resize(dense_children_.size() + joints, kNoNode);
  }
}

uint32_t Tree::child(uint32_t id, uint64_t joint_index) const {
  const Node& n = nodes_[id];
  if (n.dense) return dense_children_[n.child_begin + joint_index];
  auto it = sparse_children_.find({id, joint_index});
  return it == sparse_children_.end() ? kNoNode : it->second;
}

void Tree::set_child(uint32_t id, uint64_t joint_index, uint32_t child) {
  const Node& n = nodes_[id];
  if (n.dense)
    dense_children_[n.child_begin + joint_index] = child;
  else
    sparse_children_[{id, joint_index}] = child;
}

template <typename Visit>
void Tree::for_each_child(uint32_t id, Visit visit) const {
  const Node& n = nodes_[id];
  if (n.dense) {
    for (uint64_t j = 0; j < n.joint_count; ++j)
      if (const uint32_t c = dense_children_[n.child_begin + j]; c != kNoNode) visit(c);
  } else {
    for (auto it = sparse_children_.lower_bound({id, 0});
         it != sparse_children_.end() && it->first.first == id; ++it)
      visit(it->second);
  }
}

template <typename Keep>
std::vector<uint32_t> Tree::reachable(uint32_t from, Keep keep) const {
  std::vector<uint32_t> marks(used_, kNoNode);
  std::vector<uint32_t> stack{from};
  marks[from] = 0;
  while (!stack.empty()) {
    const uint32_t id = stack.back();
    stack.pop_back();
    for_each_child(id, [&](uint32_t c) {
      if (marks[c] != kNoNode || !keep(c)) return;
      marks[c] = 0;
      stack.push_back(c);
    });
  }
  return marks;
}

void Tree::reroot(uint32_t new_root) {
  std::vector<uint32_t> new_id = reachable(new_root, [](uint32_t) { return true; });
  if (new_id[0] != kNoNode) return reroot_by_copy(new_root);  // a cycle back to the old root
  compact(new_root, new_id);
}

void Tree::trim(uint32_t min_visits) {
  std::vector<uint32_t> new_id =
      reachable(0, [&](uint32_t c) { return nodes_[c].visits >= min_visits || nodes_[c].solved; });
  compact(0, new_id);
}

void Tree::compact(uint32_t new_root, std::vector<uint32_t>& new_id) {
  // The new root becomes 0, the other kept nodes 1, 2, .. in their old order. The old root (0) is
  // either not kept or the new root, so every kept node moves to a place at or before its own, and
  // every edge range and dense child range too (they were added in node order, and the old root's
  // come first): one pass front to back moves them all down, in place. Discarded nodes' state
  // storage stays in the pool.
  uint32_t next = 1;
  for (uint32_t o = 0; o < used_; ++o)
    if (new_id[o] != kNoNode) new_id[o] = o == new_root ? 0 : next++;
  const size_t stride = num_roles_ + 1;
  size_t edge_end = 0, slot_end = 0;
  state_bytes_ = 0;
  for (uint32_t o = 0; o < used_; ++o) {
    const uint32_t n = new_id[o];
    if (n == kNoNode) continue;
    Node& from = nodes_[o];
    const uint32_t edges = offsets_[o * stride + num_roles_];
    if (edge_end != from.edge_begin) {  // down: std::copy allows a destination before the source
      const auto moves = moves_.begin() + from.edge_begin;
      const auto stats = stats_.begin() + from.edge_begin;
      std::copy(moves, moves + edges, moves_.begin() + edge_end);
      std::copy(stats, stats + edges, stats_.begin() + edge_end);
    }
    from.edge_begin = static_cast<uint32_t>(edge_end);
    edge_end += edges;
    if (from.dense) {
      for (uint64_t j = 0; j < from.joint_count; ++j) {  // slot_end + j <= child_begin + j
        const uint32_t c = dense_children_[from.child_begin + j];
        dense_children_[slot_end + j] = c == kNoNode ? kNoNode : new_id[c];
      }
      from.child_begin = slot_end;
      slot_end += from.joint_count;
    }
    state_bytes_ += from.state.words().size() * sizeof(uint64_t);
    if (n != o) {
      std::copy_n(offsets_.begin() + o * stride, stride, offsets_.begin() + n * stride);
      std::copy_n(values_.begin() + o * num_roles_, num_roles_, values_.begin() + n * num_roles_);
      std::copy_n(estimates_.begin() + o * num_roles_, num_roles_,
                  estimates_.begin() + n * num_roles_);
      std::swap(nodes_[n], from);
    }
  }
  used_ = next;
  offsets_.resize(used_ * stride);
  values_.resize(used_ * num_roles_);
  estimates_.resize(used_ * num_roles_);
  moves_.resize(edge_end);
  stats_.resize(edge_end);
  dense_children_.resize(slot_end);
  std::map<std::pair<uint32_t, uint64_t>, uint32_t> sparse;
  for (const auto& [key, child] : sparse_children_)
    if (new_id[key.first] != kNoNode && new_id[child] != kNoNode)
      sparse.emplace(std::pair{new_id[key.first], key.second}, new_id[child]);
  sparse_children_ = std::move(sparse);
  renumber_index(new_id);
}

void Tree::renumber_index(const std::vector<uint32_t>& new_id) {
  boost::unordered::erase_if(index_,
                             [&](const auto& entry) { return new_id[entry.second] == kNoNode; });
  for (auto& entry : index_) entry.second = new_id[entry.second];
}

void Tree::reroot_by_copy(uint32_t new_root) {
  // Breadth-first order from the new root gives the new ids; then copy into fresh arrays.
  std::vector<uint32_t> order{new_root};
  std::vector<uint32_t> new_id(used_, kNoNode);
  new_id[new_root] = 0;
  for (size_t i = 0; i < order.size(); ++i)
    for_each_child(order[i], [&](uint32_t c) {
      if (new_id[c] != kNoNode) return;
      new_id[c] = static_cast<uint32_t>(order.size());
      order.push_back(c);
    });

  Tree fresh;
  fresh.reset(num_roles_);
  for (uint32_t old : order) {
    Node& from = nodes_[old];
    uint32_t id = fresh.add_node({});
    Node& to = fresh.nodes_[id];
    std::swap(to.state, from.state);
    to.visits = from.visits;
    to.terminal = from.terminal;
    to.solved = from.solved;
    to.proof_turns = from.proof_turns;
    to.proof_searches = from.proof_searches;
    to.proven_alone = from.proven_alone;
    to.lo = from.lo;
    to.hi = from.hi;
    size_t base = static_cast<size_t>(old) * (num_roles_ + 1);
    for (size_t r = 0; r < num_roles_; ++r) {
      uint32_t b = from.edge_begin + offsets_[base + r],
               e = from.edge_begin + offsets_[base + r + 1];
      fresh.add_role_moves(std::span<const reasoner::MoveId>(moves_).subspan(b, e - b));
      std::copy(stats_.begin() + b, stats_.begin() + e, fresh.stats_.end() - (e - b));
    }
    fresh.finish_node(id);
    std::copy_n(value(old).begin(), num_roles_, fresh.value(id).begin());
    std::copy_n(estimate(old).begin(), num_roles_, fresh.estimate(id).begin());
  }
  for (uint32_t old : order) {
    const Node& from = nodes_[old];
    if (from.dense) {
      for (uint64_t j = 0; j < from.joint_count; ++j)
        if (uint32_t c = child(old, j); c != kNoNode) fresh.set_child(new_id[old], j, new_id[c]);
    } else {
      for (auto it = sparse_children_.lower_bound({old, 0});
           it != sparse_children_.end() && it->first.first == old; ++it)
        fresh.set_child(new_id[old], it->first.second, new_id[it->second]);
    }
  }
  // Keep the old node objects (and their state storage) for later growth.
  for (size_t i = 0; i < fresh.used_; ++i) std::swap(nodes_[i], fresh.nodes_[i]);
  used_ = fresh.used_;
  state_bytes_ = 0;
  for (size_t i = 0; i < used_; ++i)
    state_bytes_ += nodes_[i].state.words().size() * sizeof(uint64_t);
  offsets_ = std::move(fresh.offsets_);
  values_ = std::move(fresh.values_);
  estimates_ = std::move(fresh.estimates_);
  moves_ = std::move(fresh.moves_);
  stats_ = std::move(fresh.stats_);
  dense_children_ = std::move(fresh.dense_children_);
  sparse_children_ = std::move(fresh.sparse_children_);
  renumber_index(new_id);
}

}  // namespace ggp::agent
