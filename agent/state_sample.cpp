#include "agent/state_sample.h"

#include "reasoner/playout.h"

namespace ggp::agent {

using reasoner::State;

std::vector<State> sample_playout_states(reasoner::StateMachine& machine, const State& root,
                                         reasoner::Random& rng, const SearchLimits& limits,
                                         const StateSample& sample) {
  std::vector<State> states, path;
  reasoner::JointMove joint;
  for (size_t p = 0; p < sample.max_playouts && states.size() < sample.max_states; ++p) {
    path.assign(1, root);
    bool cut = false;
    StepCheck check(limits);
    while (!machine.is_terminal(path.back()) && !cut && path.size() <= sample.max_steps) {
      cut = check.interrupted(path.size()) ||
            !reasoner::random_joint_move(machine, path.back(), rng, joint);
      if (cut) break;
      State next;
      machine.next_state(path.back(), joint, next);
      path.push_back(std::move(next));
    }
    // A playout the limits cut still gives its states: on a slow machine (the prover on chess,
    // a playout of about 0.16 s) the first playout may be the only one there is time for.
    if (path.size() >= 2)
      for (size_t k = 0; k < sample.states_per_playout && states.size() < sample.max_states; ++k)
        states.push_back(path[rng.below(static_cast<uint32_t>(path.size() - 1))]);
    if (cut && interrupted(limits)) break;
  }
  return states;
}

}  // namespace ggp::agent
