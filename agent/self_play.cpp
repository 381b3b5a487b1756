#include "agent/self_play.h"

#include <memory>

#include "agent/mcts.h"

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

std::optional<std::vector<double>> play_trial(reasoner::StateMachine& machine, const State& start,
                                              std::span<const MctsConfig> configs, uint64_t seed,
                                              const TrialSettings& settings) {
  size_t roles = machine.num_roles();
  std::vector<std::unique_ptr<MctsSearcher>> players;
  for (RoleIndex r = 0; r < roles; ++r) {
    MctsConfig config = configs[r];
    config.tree_threads = 1;  // trials are small and must be deterministic
    players.push_back(std::make_unique<MctsSearcher>(config, machine, seed + r));
    players.back()->set_root(start);
  }
  SearchLimits limits;
  limits.max_playouts = settings.playouts_per_move;
  limits.deadline = settings.deadline;
  limits.stop = settings.stop;

  State state = start, next;
  reasoner::JointMove joint(roles);
  for (size_t turn = 0; turn < settings.max_moves && !machine.is_terminal(state); ++turn) {
    for (RoleIndex r = 0; r < roles; ++r) {
      std::span<const MoveId> legal = machine.legal_moves(state, r);
      if (legal.empty()) return std::vector<double>(roles, 0.0);  // broken: nobody scores
      if (legal.size() == 1) {
        joint[r] = legal[0];
        continue;
      }
      players[r]->search(limits);
      if (interrupted(limits)) return std::nullopt;
      joint[r] = players[r]->best_move(r);
    }
    machine.next_state(state, joint, next);
    for (auto& p : players) p->advance(joint, next);
    std::swap(state, next);
  }
  std::vector<double> results(roles);
  scaled_goals(machine, state, results);
  return results;
}

}  // namespace ggp::agent
