#include "reasoner/playout.h"

#include <algorithm>

namespace ggp::reasoner {

namespace {

bool biased_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint,
                       const MoveBias& bias) {
  size_t n = machine.num_roles();
  joint.resize(n);
  for (RoleIndex r = 0; r < n; ++r) {
    std::span<const MoveId> legal = machine.legal_moves(state, r);
    if (legal.empty()) return false;
    joint[r] = biased_move(legal, bias, state, rng);
  }
  return true;
}

}  // namespace

bool random_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint) {
  return biased_joint_move(machine, state, rng, joint, {});
}

int only_mover(StateMachine& machine, const State& state, JointMove* forced) {
  if (forced) forced->resize(machine.num_roles());
  int mover = -1;
  for (RoleIndex r = 0; r < machine.num_roles(); ++r) {
    const std::span<const MoveId> legal = machine.legal_moves(state, r);
    if (forced && !legal.empty()) (*forced)[r] = legal[0];
    if (legal.size() < 2) continue;
    if (mover >= 0) return -1;
    mover = static_cast<int>(r);
  }
  return mover;
}

uint8_t capture_rank(const Captures& captures, MoveId move, const State& state) {
  const std::span<const FactId> victims = captures.victims(move);
  uint8_t best = Captures::kMaxRanks;
  for (size_t k = 0; k < victims.size(); ++k)
    if (state.test(victims[k])) best = std::min(best, captures.rank(move, k));
  return best;
}

std::optional<MoveId> capture_move(std::span<const MoveId> legal, const Captures& captures,
                                   const State& state, Random& rng) {
  if (!captures.active() || legal.size() < 2 || rng.uniform() >= captures.share)
    return std::nullopt;
  uint8_t best = Captures::kMaxRanks;  // the least rank, then how many have it, then the k-th
  uint32_t found = 0;
  for (MoveId m : legal) {
    const uint8_t rank = capture_rank(captures, m, state);
    if (rank < best) best = rank, found = 0;
    found += rank == best && rank < Captures::kMaxRanks;
  }
  if (found == 0) return std::nullopt;
  uint32_t k = rng.below(found);
  for (MoveId m : legal)
    if (capture_rank(captures, m, state) == best && k-- == 0) return m;
  return std::nullopt;  // not reached
}

MoveId biased_move(std::span<const MoveId> legal, const MoveBias& bias, const State& state,
                   Random& rng) {
  if (std::optional<MoveId> capture = capture_move(legal, bias.captures, state, rng)) return *capture;
  if (!bias.active()) return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  return epsilon_greedy_move(legal, [&](MoveId m) { return bias.value(m); }, bias.epsilon, rng);
}

int decisive_move(StateMachine& machine, const State& state, std::span<const MoveId> joint,
                  RoleIndex mover, std::span<const MoveId> legal, GreedyBuffers& buffers,
                  const ScanInterrupt& interrupted) {
  if (std::optional<int> found = machine.decisive_move_at_once(state, joint, mover, legal))
    return *found;
  return decisive_move_one_at_a_time(machine, state, joint, mover, legal, buffers, interrupted);
}

int decisive_move_one_at_a_time(StateMachine& machine, const State& state,
                                std::span<const MoveId> joint, RoleIndex mover,
                                std::span<const MoveId> legal, GreedyBuffers& buffers,
                                const ScanInterrupt& interrupted) {
  buffers.joint.assign(joint.begin(), joint.end());
  for (size_t i = 0; i < legal.size(); ++i) {
    if (interrupted && interrupted(i)) return -1;
    buffers.joint[mover] = legal[i];
    machine.next_state(state, buffers.joint, buffers.probe);
    if (machine.is_terminal(buffers.probe) && machine.goal(buffers.probe, mover) == kWinGoal)
      return static_cast<int>(i);
  }
  return -1;
}

bool gives_immediate_win(StateMachine& machine, const State& state, std::span<const MoveId> joint,
                         RoleIndex mover, GreedyBuffers& buffers) {
  machine.next_state(state, joint, buffers.probe);
  if (machine.is_terminal(buffers.probe)) return false;
  const size_t num_roles = machine.num_roles();
  buffers.reply_legal.resize(num_roles);
  int next_mover = -1;
  for (RoleIndex r = 0; r < num_roles; ++r) {
    std::span<const MoveId> legal = machine.legal_moves(buffers.probe, r);
    if (legal.empty()) return false;
    buffers.reply_legal[r].assign(legal.begin(), legal.end());
    if (legal.size() > 1) next_mover = next_mover == -1 ? static_cast<int>(r) : -2;
  }
  if (next_mover < 0 || static_cast<RoleIndex>(next_mover) == mover) return false;
  const auto opponent = static_cast<RoleIndex>(next_mover);
  buffers.reply_joint.resize(num_roles);
  for (RoleIndex r = 0; r < num_roles; ++r) buffers.reply_joint[r] = buffers.reply_legal[r][0];
  for (MoveId move : buffers.reply_legal[opponent]) {
    buffers.reply_joint[opponent] = move;
    machine.next_state(buffers.probe, buffers.reply_joint, buffers.reply);
    if (machine.is_terminal(buffers.reply) && machine.goal(buffers.reply, opponent) == kWinGoal)
      return true;
  }
  return false;
}

bool greedy_joint_move(StateMachine& machine, const State& state, Random& rng, JointMove& joint,
                       GreedyBuffers& buffers, size_t* unsafe_picks, const MoveBias& bias) {
  const size_t n = machine.num_roles();
  joint.resize(n);
  buffers.legal.resize(n);
  int mover = -1, movers = 0;
  for (RoleIndex r = 0; r < n; ++r) {
    std::span<const MoveId> legal = machine.legal_moves(state, r);
    if (legal.empty()) return false;
    buffers.legal[r].assign(legal.begin(), legal.end());
    joint[r] = biased_move(legal, bias, state, rng);
    if (legal.size() > 1) mover = static_cast<int>(r), ++movers;
  }
  if (movers != 1) return true;
  const auto m = static_cast<RoleIndex>(mover);
  const std::vector<MoveId>& legal = buffers.legal[m];
  if (int win = decisive_move(machine, state, joint, m, legal, buffers); win >= 0) {
    joint[m] = legal[static_cast<size_t>(win)];
    return true;
  }
  buffers.safe.clear();
  const MoveId random_choice = joint[m];
  bool random_safe = false;
  for (MoveId move : legal) {
    joint[m] = move;
    if (gives_immediate_win(machine, state, joint, m, buffers)) continue;
    buffers.safe.push_back(move);
    random_safe |= move == random_choice;
  }
  if (unsafe_picks && !random_safe) ++*unsafe_picks;
  joint[m] = buffers.safe.empty() ? random_choice : biased_move(buffers.safe, bias, state, rng);
  return true;
}

PlayoutResult depth_charge(StateMachine& machine, const State& start, Random& rng,
                           PlayoutBuffers& buffers, const State*& final_state, size_t max_depth,
                           std::vector<MoveId>* moves, PlayoutPolicy policy,
                           const MoveBias& bias) {
  PlayoutResult result;
  const State* current = &start;
  State* spare[2] = {&buffers.a, &buffers.b};
  int next_buffer = 0;
  while (true) {
    if (machine.is_terminal(*current)) {
      result.completed = true;
      break;
    }
    if (result.depth >= max_depth) break;
    const bool chosen =
        policy == PlayoutPolicy::Greedy
            ? greedy_joint_move(machine, *current, rng, buffers.joint, buffers.greedy,
                                &result.unsafe_picks, bias)
            : biased_joint_move(machine, *current, rng, buffers.joint, bias);
    if (!chosen) break;
    if (moves) moves->insert(moves->end(), buffers.joint.begin(), buffers.joint.end());
    State* out = spare[next_buffer];
    next_buffer ^= 1;
    machine.next_state(*current, buffers.joint, *out);
    current = out;
    ++result.depth;
  }
  final_state = current;
  return result;
}

PlayoutTally StateMachine::random_playouts(const State& state, size_t count, Random& rng,
                                           std::span<double> goal_sums, size_t max_depth,
                                           PlayoutPolicy policy) {
  PlayoutTally tally;
  PlayoutBuffers buffers;
  for (size_t i = 0; i < count; ++i) {
    const State* end = nullptr;
    PlayoutResult result = depth_charge(*this, state, rng, buffers, end, max_depth, nullptr, policy);
    tally.steps += result.depth;
    tally.unsafe_picks += result.unsafe_picks;
    if (!result.completed) continue;
    ++tally.completed;
    for (RoleIndex r = 0; r < num_roles() && r < goal_sums.size(); ++r)
      goal_sums[r] += std::max<GoalValue>(goal(*end, r), 0);
  }
  return tally;
}

PlayoutTally StateMachine::random_playouts_from(std::span<const State* const> starts, Random& rng,
                                                std::span<double> results,
                                                std::span<uint8_t> completed, size_t max_depth,
                                                std::span<std::vector<MoveId>> moves,
                                                PlayoutPolicy policy, const MoveBias& bias) {
  PlayoutTally tally;
  PlayoutBuffers buffers;
  const size_t roles = num_roles();
  for (size_t i = 0; i < starts.size(); ++i) {
    const State* end = nullptr;
    std::vector<MoveId>* played = moves.empty() ? nullptr : &moves[i];
    if (played) played->clear();
    PlayoutResult result =
        depth_charge(*this, *starts[i], rng, buffers, end, max_depth, played, policy, bias);
    tally.steps += result.depth;
    tally.unsafe_picks += result.unsafe_picks;
    tally.completed += result.completed;
    completed[i] = result.completed;
    for (RoleIndex r = 0; r < roles; ++r)
      results[i * roles + r] = std::max<GoalValue>(goal(*end, r), 0);
  }
  return tally;
}

}  // namespace ggp::reasoner
