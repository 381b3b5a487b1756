#include "agent/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

MctsSearcher::MctsSearcher(const MctsConfig& config, reasoner::StateMachine& machine, uint64_t seed)
    : config_(config),
      machine_(machine),
      num_roles_(machine.num_roles()),
      probe_rng_(seed ^ 0x9e3779b97f4a7c15ULL) {
  workers_.push_back(std::make_unique<MctsWorker>(machine_, seed, config_));
  for (size_t i = 1; i < config_.tree_threads; ++i) {
    clones_.push_back(machine_.clone());
    workers_.push_back(std::make_unique<MctsWorker>(*clones_.back(), seed + i, config_));
  }
  tree_.enable_index(config_.transpositions);
  if (config_.node_proof_plies > 0 && config_.solver && num_roles_ == 2 && workers_.size() == 1)
    plan_node_proofs();
  set_root(machine_.initial_state());
}

void MctsSearcher::plant_tree(const State& state) {
  tree_.reset(num_roles_);
  root_decisive_pending_ = false;
  create_node(*workers_[0], state, false);
}

void MctsSearcher::set_root(const State& state) {
  plant_tree(state);
  for (auto& w : workers_) w->mast.clear(), w->ppa.clear();
  playouts_ = rollouts_ = 0;
  best_line_.clear();
  best_line_result_ = -1;
}

SearchStats MctsSearcher::stats() const {
  return {playouts_, rollouts_, tree_.size(), tree_.node(0).solved};
}

void MctsSearcher::search(const SearchLimits& limits) {
  const bool batched =
      workers_.size() == 1 && config_.leaf_batch > 1 && machine_.parallel_playouts() > 1;
  // The call's limits for everything it does (each run narrows them for its own part).
  active_limits_ = &limits;
  const struct Forget {
    const SearchLimits*& limits;
    ~Forget() { limits = nullptr; }
  } forget{active_limits_};
  if (root_decisive_pending_ && tree_.size() == 1) plant_tree(State(tree_.node(0).state));
  if (config_.goal_cutoff && !cutoff_decided_) decide_cutoff(limits);
  if (config_.greedy_auto && batched && !greedy_decided_) decide_greedy(limits);
  if (config_.mast_unless_greedy && (greedy_decided_ || !config_.greedy_auto || !batched))
    decide_mast(limits);
  if ((config_.heuristic_weight > 0 || config_.implicit_alpha > 0) && !heuristic_decided_)
    decide_heuristic(limits);
  if (config_.capture_share > 0 && !captures_decided_) decide_captures(limits);
  if (config_.capture_order == CaptureOrder::Root) read_root_captures(limits);
  if (config_.avoid_private && config_.private_captures && !piece_sets_decided_)
    decide_piece_sets(limits);
  if (config_.amaf_min_fixed > 0 && config_.amaf != AmafMode::Off && !amaf_decided_)
    decide_amaf(limits);
  if (config_.proof_plies > 0 && config_.solver && workers_.size() == 1) take_proofs();
  if (!node_proof_visits_.empty()) {
    if (!node_prover_) node_prover_ = std::make_unique<ForcedWinSearch>(machine_);
    node_prover_->set_ending_hint(machine_.moves_seen_ending());
  }
  drop_node_proofs_if_lost();  // a root proven at the last search, or reached proven
  prove_at_root(limits);
  recycle_.stuck = false;
  const auto run = [&](const SearchLimits& run_limits) {
    active_limits_ = &run_limits;  // the call's again when the run returns
    if (workers_.size() > 1) search_tree_parallel(run_limits);
    else if (batched) search_batched(run_limits);
    else search_serial(run_limits);
    active_limits_ = &limits;
  };
  const uint64_t before = playouts_;
  const auto rest = [&] {  // the call's limits less the playouts made so far
    SearchLimits left = limits;
    left.max_playouts -= std::min(left.max_playouts, playouts_ - before);
    return left;
  };
  // With the guard, its share of the time is kept back from the tree search while it has work;
  // what it leaves goes back to the tree (under a playout budget, its states are its bound).
  run(guard_move() ? share_of_time_left(limits, 1.0 - config_.guard_share) : limits);
  if (drop_node_proofs_if_lost()) run(rest());  // the rest of the call, in the fresh tree
  if (config_.guard_plies > 0) {
    guard(limits);
    if (!tree_.node(0).solved && !limit_reached(limits, playouts_ - before)) run(rest());
  }
}

std::string MctsSearcher::note() {
  const auto ms = [](std::chrono::steady_clock::duration d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
  };
  const NodeProofCount& c = node_proof_count_;
  if (c.tried > 0)
    add_note("tree proofs: " + std::to_string(c.tried) + " nodes searched (" +
             std::to_string(c.deeper) + " deeper) in " + ms(c.time) + " ms, " +
             std::to_string(c.won) + " won, " + std::to_string(c.lost) + " lost");
  node_proof_count_ = {};
  if (guard_.checked > 0)
    add_note("guard: " + std::to_string(guard_.checked) + " checks in " + ms(guard_.time) +
             " ms, " + std::to_string(guard_.lost) + " moves proven lost, the deepest passed " +
             std::to_string(guard_.deepest_safe) + " turns");
  guard_.checked = guard_.lost = 0;
  guard_.deepest_safe = 0;
  guard_.time = {};
  if (root_proof_.time != std::chrono::steady_clock::duration{})
    add_note("root proofs: " + std::to_string(root_proof_.lost) + " moves proven lost, " +
             std::to_string(root_proof_.won) + " won, in " + ms(root_proof_.time) +
             " ms; the last root's moves to " + std::to_string(root_proof_.done_to) + " turns");
  root_proof_.lost = root_proof_.won = 0;
  root_proof_.time = {};
  if (recycle_.trims > 0)
    add_note("tree recycled: " + std::to_string(recycle_.trims) + " trims dropped " +
             std::to_string(recycle_.dropped) + " nodes in " + ms(recycle_.time) + " ms");
  recycle_ = {};
  return std::exchange(note_, {});
}

void MctsSearcher::search_serial(const SearchLimits& limits) {
  MctsWorker& w = *workers_[0];
  bool restarts = num_roles_ == 1 && config_.sp_restart_playouts > 0;
  const SearchLimits rollout_limits = playout_limits(limits);
  w.policy.limits = &rollout_limits;
  for (uint64_t done = 0; !tree_.node(0).solved && !limit_reached(limits, done); ++done) {
    if (restarts && done > 0 && done % config_.sp_restart_playouts == 0) restart_tree();
    recycle_if_full();
    iterate(w);
  }
  w.policy.limits = nullptr;
}

void MctsSearcher::seed_new_node(const MctsWorker& w, uint32_t parent, uint32_t child) {
  if (implicit_) seed_estimate(child);
  if (config_.heuristic_weight > 0) seed_prior(w, parent, child);
}

void MctsSearcher::seed_prior(const MctsWorker& w, uint32_t parent, uint32_t child) {
  const Node& p = tree_.node(parent);
  const Node& c = tree_.node(child);
  if (!heuristic_ || p.mover < 0 || c.solved) return;
  // Relative to the parent, as Sancho squashes a reference node's mean toward its heuristic: the
  // parent's mean for the mover so far, moved by what the evaluation says the move changes.
  const auto mover = static_cast<RoleIndex>(p.mover);
  heuristic_->evaluate(p.state, p.mover, prior_);
  const double before = prior_[mover];
  heuristic_->evaluate(c.state, c.mover, prior_);
  double sum = 0, visits = 0;
  for (uint32_t e = tree_.edges_begin(parent, mover); e < tree_.edges_end(parent, mover); ++e)
    sum += tree_.stats(e).sum, visits += tree_.stats(e).visits;
  const double base = visits > 0 ? sum / visits : before;
  EdgeStats& s = tree_.stats(w.path_edges[w.path_edges.size() - num_roles_ + mover]);
  const double k = config_.heuristic_weight;
  const double v = std::clamp(base + prior_[mover] - before, 0.0, 1.0);
  s.visits += config_.heuristic_weight;
  s.sum += k * v;
  s.sum_sq += k * v * v;
}

void MctsSearcher::restart_tree() {
  // SP-MCTS randomized restarts (Schadd et al. 2008): a fresh tree, the random stream going on,
  // the best line kept.
  State root = tree_.node(0).state;
  uint64_t playouts = playouts_, rollouts = rollouts_;
  std::vector<MoveId> line = std::move(best_line_);
  double line_result = best_line_result_;
  set_root(root);
  playouts_ = playouts, rollouts_ = rollouts;
  best_line_ = std::move(line), best_line_result_ = line_result;
}

int MctsSearcher::node_mover(uint32_t id) const {
  return tree_.node(id).mover;
}

double MctsSearcher::proven_floor(uint32_t id, RoleIndex mover) {
  // Cached per node: a child's proof always reaches its parent through backup() (the child is the
  // end of the backed-up path, or proven by try_solve on it), which clears the parent's cache.
  // With transpositions a node has parents off the path, so the floor is scanned every time.
  Node& n = tree_.node(id);
  if (n.floor_known) return n.floor;
  double floor = -1;
  uint32_t begin = tree_.edges_begin(id, mover), end = tree_.edges_end(id, mover);
  for (uint32_t e = begin; e < end; ++e) {
    uint32_t c = tree_.child(id, e - begin);
    if (c != kNoNode && tree_.node(c).solved) floor = std::max(floor, tree_.value(c)[mover]);
  }
  n.floor = floor;
  n.floor_known = !config_.transpositions;
  return floor;
}

// Inline: select() is its only caller, once per edge of every node on the path.
inline double MctsSearcher::edge_score(MctsWorker& w, uint32_t id, RoleIndex role, uint32_t edge,
                                       double log_visits, double floor, bool implicit) {
  const EdgeStats& s = tree_.stats(edge);
  // The move's child, looked up once for the settings that read it.
  const uint32_t c = floor >= 0 || implicit || config_.dag_means
                         ? tree_.child(id, edge - tree_.edges_begin(id, role))
                         : kNoNode;
  if (floor >= 0) {  // MCTS-Solver at the mover's choice: a proven child's value is exact
    if (c != kNoNode && tree_.node(c).solved) {
      double exact = tree_.value(c)[role];
      // A proven loss, or a proven value below another proven move's, is never chosen (even
      // untried: a proof at the root can come before any visit); the best proven move, once
      // tried, competes with its exact value, without exploration (nothing to learn).
      if (exact <= 0 || exact < floor) return -1e9;
      if (s.visits > 0) return exact;
    } else if (c != kNoNode && bounds_on() && role_bounds(c, role).second <= floor) {
      return -1e9;  // score bounds: it cannot do better than a move proven
    }
  }
  bool amaf_first_play =
      s.visits == 0 && config_.amaf_untried && config_.amaf != AmafMode::Off && s.amaf_visits > 0;
  if (s.visits == 0 && !amaf_first_play) {  // untried moves first, in random order
    const bool ordered = config_.capture_order == CaptureOrder::Tree ||
                         (config_.capture_order == CaptureOrder::Root && id == 0);
    const double urgency = ordered ? capture_urgency(id, edge) : 0;
    return 1e9 + urgency + w.rng.uniform();
  }
  double n = amaf_first_play ? 1.0 : s.visits;
  double mean = amaf_first_play ? s.amaf_sum / s.amaf_visits : s.sum / n;
  if (config_.dag_means && s.visits > 0 && c != kNoNode) mean = dag_mean(c, role, s.visits, mean);
  double explore = config_.exploration * std::sqrt(log_visits / n);
  if (config_.ucb_tuned) {
    const double variance = std::max(0.0, s.sum_sq / n - mean * mean);
    explore *= std::sqrt(std::min(0.25, variance + std::sqrt(2 * log_visits / n)));
  }
  if (implicit && c != kNoNode)
    mean = (1 - config_.implicit_alpha) * mean + config_.implicit_alpha * implicit_value(c)[role];
  double amaf = s.amaf_visits > 0 ? s.amaf_sum / s.amaf_visits : mean;
  double score = mean + explore;
  if (config_.amaf == AmafMode::Rave) {
    double beta = std::sqrt(config_.rave_k / (3 * n + config_.rave_k));
    score = (1 - beta) * mean + beta * amaf + explore;
  } else if (config_.amaf == AmafMode::Alpha) {
    score = config_.amaf_alpha * amaf + (1 - config_.amaf_alpha) * (mean + explore);
  }
  if (config_.sp_d > 0)
    score += std::sqrt(std::max(0.0, s.sum_sq - n * mean * mean + config_.sp_d) / n);
  return score;
}

double MctsSearcher::dag_mean(uint32_t c, RoleIndex role, uint32_t edge_visits,
                              double mean) const {
  if (tree_.node(c).terminal) return mean;
  // The role's results over every simulation that went on below the child, whichever parent it
  // came through: the sums of the role's edges there.
  double sum = 0;
  uint64_t visits = 0;
  for (uint32_t e = tree_.edges_begin(c, role), end = tree_.edges_end(c, role); e < end; ++e) {
    sum += tree_.stats(e).sum;
    visits += tree_.stats(e).visits;
  }
  return visits > edge_visits ? sum / static_cast<double>(visits) : mean;
}

// Progressive pruning (Bouzy 2004; Hsu's slides): a move is statistically inferior to another when
// its mean + rd * sigma is below the other's mean - rd * sigma, both sigmas (standard errors)
// below sigma_e, both moves with enough visits.
bool MctsSearcher::prunable(uint32_t edge, double& sigma) const {
  const EdgeStats& s = tree_.stats(edge);
  if (s.visits < config_.prune_min_visits || s.visits < 2) return false;
  double n = s.visits, mean = s.sum / n;
  sigma = std::sqrt(std::max(0.0, s.sum_sq / n - mean * mean) / n);
  return sigma < config_.prune_sigma_e;
}

double MctsSearcher::upper_bound(uint32_t edge) const {
  double sigma;
  if (!prunable(edge, sigma)) return INFINITY;
  const EdgeStats& s = tree_.stats(edge);
  return s.sum / s.visits + config_.prune_rd * sigma;
}

double MctsSearcher::pruning_bound(uint32_t begin, uint32_t end) const {
  double bound = -INFINITY;
  for (uint32_t e = begin; e < end; ++e) {
    double sigma;
    if (!prunable(e, sigma)) return -INFINITY;  // every move needs its minimum of visits first
    const EdgeStats& s = tree_.stats(e);
    bound = std::max(bound, s.sum / s.visits - config_.prune_rd * sigma);
  }
  return bound;
}

namespace {

// log(max(visits, 1)), the UCB1 numerator: the values of the small counts, which most nodes
// have, come from a table that std::log filled at run time (so they are the same doubles).
double log_visits_of(uint32_t visits) {
  constexpr uint32_t kTable = 1024;
  static const std::vector<double> table = [] {
    std::vector<double> t(kTable);
    for (uint32_t v = 0; v < kTable; ++v) t[v] = std::log(std::max<uint32_t>(v, 1));
    return t;
  }();
  return visits < kTable ? table[visits] : std::log(visits);
}

}  // namespace

uint8_t MctsSearcher::capture_urgency(uint32_t id, uint32_t edge) const {
  if (id == 0 && !root_captures_.urgency.empty() && root_captures_.state == tree_.node(0).state) {
    const uint32_t begin = tree_.edges_begin(0, root_captures_.role);
    if (edge < begin || edge >= tree_.edges_end(0, root_captures_.role)) return 0;
    return root_captures_.urgency[edge - begin];
  }
  const reasoner::Captures played = captures_.played_first(1.0, config_.capture_ranks);
  if (!played.active()) return 0;
  return static_cast<uint8_t>(
      reasoner::Captures::kMaxRanks -
      reasoner::capture_rank(played, tree_.edge_move(edge), tree_.node(id).state));
}

void MctsSearcher::read_root_captures(const SearchLimits& limits) {
  const Node& root = tree_.node(0);
  if (root.terminal || root_captures_.state == root.state) return;
  const int mover = node_mover(0);
  if (mover < 0) return;
  const auto role = static_cast<RoleIndex>(mover);
  reasoner::JointMove joint(num_roles_);
  for (RoleIndex r = 0; r < num_roles_; ++r)
    if (r != role) joint[r] = tree_.edge_move(tree_.edges_begin(0, r));
  if (root_piece_sets_.seen.words().empty()) root_piece_sets_.seen = captures_.facts_seen();
  root_captures_ = agent::read_root_captures(machine_, root.state, role, tree_.moves(0, role),
                                             std::move(joint), config_.capture_ranks,
                                             root_piece_sets_, limits);
}

uint64_t MctsSearcher::select(MctsWorker& w, uint32_t id) {
  tree_.prefetch_edges(id);  // their loads overlap the logarithm and the proven floor
  double log_visits = log_visits_of(tree_.node(id).visits);
  int mover = node_mover(id);
  double floor =
      config_.solver && mover >= 0 ? proven_floor(id, static_cast<RoleIndex>(mover)) : -1;
  uint64_t joint_index = 0;
  for (RoleIndex r = 0; r < num_roles_; ++r) {
    uint32_t begin = tree_.edges_begin(id, r), end = tree_.edges_end(id, r);
    uint32_t pick = begin;
    if (end - begin > 1) {
      double best = -INFINITY;
      double prune_below = config_.prune_rd > 0 ? pruning_bound(begin, end) : -INFINITY;
      const bool is_mover = mover == static_cast<int>(r);
      for (uint32_t e = begin; e < end; ++e) {
        if (prune_below > -INFINITY && upper_bound(e) < prune_below) continue;
        double score =
            edge_score(w, id, r, e, log_visits, is_mover ? floor : -1, is_mover && implicit_);
        if (score > best) best = score, pick = e;
      }
    }
    w.path_edges.push_back(pick);
    w.joint[r] = tree_.edge_move(pick);
    w.trace.add(tree_.moves(id, r), w.joint[r]);
    joint_index = joint_index * (end - begin) + (pick - begin);
  }
  return joint_index;
}

bool MctsSearcher::tree_full(double share) const {
  return static_cast<double>(tree_.size()) >= share * static_cast<double>(config_.max_nodes) ||
         static_cast<double>(tree_.bytes()) >= share * config_.max_tree_mb * 1024 * 1024;
}

MctsSearcher::Descent MctsSearcher::end_at(MctsWorker& w, uint32_t id, bool& at_terminal) {
  if (!tree_.node(id).solved) {
    w.leaf = tree_.node(id).state;
    return Descent::Playout;
  }
  std::span<const double> exact = tree_.value(id);
  std::copy(exact.begin(), exact.end(), w.results.begin());
  at_terminal = tree_.node(id).terminal;
  return Descent::Exact;
}

bool MctsSearcher::on_path(const MctsWorker& w, uint32_t id) const {
  return config_.transpositions && std::find(w.path.begin(), w.path.end(), id) != w.path.end();
}

MctsSearcher::Descent MctsSearcher::descend(MctsWorker& w, bool& at_terminal,
                                            bool defer_expansion) {
  w.trace.reset(num_roles_);
  w.amaf_ready = false;
  w.path.clear();
  w.path_edges.clear();
  uint32_t id = 0;
  Descent end = Descent::Playout;
  while (true) {
    w.path.push_back(id);
    const Node& n = tree_.node(id);
    if (n.solved || (id != 0 && n.visits < config_.expand_threshold) ||
        (n.proof_searches < node_proof_visits_.size() &&
         n.visits >= node_proof_visits_[n.proof_searches] &&
         prove_node(id))) {
      end = end_at(w, id, at_terminal);
      break;
    }
    uint64_t joint_index = select(w, id);
    uint32_t child = tree_.child(id, joint_index);
    bool known = child != kNoNode;
    if (!known && defer_expansion) {
      w.leaf = n.state;
      w.expand_parent = id;
      w.expand_index = joint_index;
      end = Descent::Expand;
      break;
    }
    if (!known) {
      w.machine.next_state(n.state, w.joint, w.next);
      if (tree_full()) {  // at the cap: simulations go on as playouts from the frontier
        w.leaf = w.next;
        break;
      }
      size_t before = tree_.size();
      child = create_node(w, w.next, true);
      tree_.set_child(id, joint_index, child);
      known = child < before;  // a transposition: an older node
      if (!known) seed_new_node(w, id, child);
    }
    if (on_path(w, child)) {  // a cycle through transpositions: play out from here
      w.leaf = tree_.node(child).state;
      break;
    }
    if (known) {
      id = child;
      continue;
    }
    w.path.push_back(child);
    end = end_at(w, child, at_terminal);
    break;
  }
  for (uint32_t node : w.path) ++tree_.node(node).visits;
  for (uint32_t edge : w.path_edges) ++tree_.stats(edge).visits;
  return end;
}

void MctsSearcher::finish_expansion(MctsWorker& w) {
  uint32_t child = tree_.child(w.expand_parent, w.expand_index);
  if (child == kNoNode) {
    if (tree_full()) return;
    const size_t before = tree_.size();
    child = insert_node(w.draft);
    tree_.set_child(w.expand_parent, w.expand_index, child);
    if (child >= before) seed_new_node(w, w.expand_parent, child);
  }
  if (on_path(w, child)) return;
  w.path.push_back(child);
  ++tree_.node(child).visits;
}

void MctsSearcher::undo_visits(const MctsWorker& w) {
  for (uint32_t node : w.path) --tree_.node(node).visits;
  for (uint32_t edge : w.path_edges) --tree_.stats(edge).visits;
}

void MctsSearcher::repeat_visits(const MctsWorker& w, uint32_t times) {
  for (uint32_t node : w.path) tree_.node(node).visits += times;
  for (uint32_t edge : w.path_edges) tree_.stats(edge).visits += times;
}

void MctsSearcher::iterate(MctsWorker& w) {
  bool reached_terminal = false;
  if (descend(w, reached_terminal) == Descent::Playout) {
    RolloutResult rollout = w.rollout.run(w.leaf, w.policy, w.rng, w.trace, w.results);
    if (rollout.abandoned) return undo_visits(w);  // out of time: nothing to back up
    reached_terminal = rollout.completed;
    ++rollouts_;
  }
  backup(w, reached_terminal);
}

void MctsSearcher::backup(MctsWorker& w, bool reached_terminal) {
  backup_playouts(w, w.results, reached_terminal);
}

void MctsSearcher::backup_playouts(MctsWorker& w, std::span<const double> results,
                                   bool reached_terminal) {
  const size_t count = results.size() / num_roles_;
  if (count > 1) repeat_visits(w, static_cast<uint32_t>(count - 1));
  playouts_ += count;
  // Each edge takes its results in playout order: the same sums as `count` backups in turn.
  RoleIndex role = 0;  // path_edges holds one edge per role at each step, in role order
  for (uint32_t edge : w.path_edges) {  // visits were counted by descend() and repeat_visits()
    EdgeStats& s = tree_.stats(edge);
    for (size_t j = 0; j < count; ++j) {
      double result = results[j * num_roles_ + role];
      s.sum += result;
      s.sum_sq += result * result;
    }
    if (++role == num_roles_) role = 0;
  }
  if (config_.amaf != AmafMode::Off) update_amaf(w, results);
  for (size_t j = 0; j < count; ++j) {
    std::span<const double> result = results.subspan(j * num_roles_, num_roles_);
    if (config_.playout == PlayoutMode::Mast || config_.playout == PlayoutMode::MastGreedy)
      w.mast_table->update(w.trace, result);
    if (w.ppa_learns_in_backup &&
        (config_.playout == PlayoutMode::Ppa || config_.playout == PlayoutMode::PpaGreedy))
      w.ppa.adapt_winners(w.trace, result, config_.ppa_alpha);
    if (num_roles_ == 1 && config_.remember_best_line && reached_terminal &&
        result[0] > best_line_result_) {
      best_line_result_ = result[0];
      best_line_.clear();
      for (size_t step = 0; step < w.trace.steps(); ++step)
        best_line_.push_back(w.trace.chosen(step, 0));
    }
  }
  // Proofs depend on the path only: once for all the playouts.
  if (config_.solver && tree_.node(w.path.back()).solved)
    for (size_t i = w.path.size() - 1; i-- > 0;) {
      tree_.node(w.path[i]).floor_known = false;  // its child w.path[i + 1] is proven
      if (!try_solve(w.path[i]) && !(bounds_on() && update_bounds(w.path[i]))) break;
    }
  if (implicit_) back_up_estimates(w);
}

void MctsSearcher::update_amaf(MctsWorker& w, std::span<const double> results) {
  // The edges to update depend on the path and the trace only: collected once, they serve every
  // backup of the same simulation (leaf batching's further playouts from one leaf).
  if (!w.amaf_ready) collect_amaf_edges(w);
  for (const auto& [edge, role] : w.amaf_edges) {
    EdgeStats& s = tree_.stats(edge);
    for (size_t j = role; j < results.size(); j += num_roles_) {
      ++s.amaf_visits;
      s.amaf_sum += results[j];
    }
  }
}

void MctsSearcher::collect_amaf_edges(MctsWorker& w) {
  // Walking the simulation backwards, w.seen marks the moves played at this step or later; each
  // tree node's edges whose move was seen get the AMAF update with their role's result.
  w.amaf_edges.clear();
  w.amaf_ready = true;
  if (++w.stamp == 0) std::fill(w.seen.begin(), w.seen.end(), 0), w.stamp = 1;
  size_t tree_steps = w.path_edges.size() / num_roles_;
  for (size_t step = w.trace.steps(); step-- > 0;) {
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      MoveId m = w.trace.chosen(step, r);
      if (m >= w.seen.size()) w.seen.resize(m + 1, 0);
      w.seen[m] = w.stamp;
    }
    if (step >= tree_steps) continue;
    uint32_t id = w.path[step];
    const uint32_t stamp = w.stamp;
    for (RoleIndex r = 0; r < num_roles_; ++r) {
      const uint32_t begin = tree_.edges_begin(id, r);
      std::span<const MoveId> moves = tree_.moves(id, r);
      // Branch-free: every edge is written, the count advances on a seen move only.
      size_t n = w.amaf_edges.size();
      w.amaf_edges.resize(n + moves.size());
      std::pair<uint32_t, RoleIndex>* out = w.amaf_edges.data();
      const uint32_t* seen = w.seen.data();
      for (uint32_t i = 0; i < moves.size(); ++i) {
        const MoveId m = moves[i];
        if (m >= w.seen.size()) {  // a move no simulation played yet
          w.seen.resize(m + 1, 0);
          seen = w.seen.data();
        }
        out[n] = {begin + i, r};
        n += seen[m] == stamp;
      }
      w.amaf_edges.resize(n);
    }
  }
}

}  // namespace ggp::agent
