#include "reasoner/differential.h"

#include <chrono>

#include "reasoner/random.h"

namespace ggp::reasoner {
namespace {

// Compares one state pair; returns the difference or "".
std::string compare_state(StateMachine& subject, const State& a, StateMachine& reference,
                          const State& b) {
  if (state_texts(subject, a) != state_texts(reference, b)) return "states differ";
  if (subject.is_terminal(a) != reference.is_terminal(b)) return "terminal differs";
  for (RoleIndex r = 0; r < reference.num_roles(); ++r) {
    GoalValue ga = subject.goal(a, r), gb = reference.goal(b, r);
    if (ga != gb)
      return "goal of role " + std::to_string(r) + ": " + std::to_string(ga) + " vs " +
             std::to_string(gb);
  }
  return "";
}

}  // namespace

DifferentialResult compare_random_playouts(StateMachine& subject, StateMachine& reference,
                                           uint64_t seed, const DifferentialLimits& limits) {
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + std::chrono::duration<double>(limits.seconds);
  auto out_of_time = [&] { return limits.seconds > 0 && Clock::now() >= end; };
  Random rng(seed);
  DifferentialResult result;
  for (; result.playouts < limits.playouts && !out_of_time(); ++result.playouts) {
    State a = subject.initial_state(), b = reference.initial_state(), a2, b2;
    for (size_t step = 0; !out_of_time(); ++step, ++result.steps) {
      const std::string where = "playout " + std::to_string(result.playouts) + " step " +
                                std::to_string(step) + ": ";
      if (step > limits.max_steps) {
        result.difference = where + "no end after " + std::to_string(limits.max_steps) + " moves";
        return result;
      }
      if (std::string d = compare_state(subject, a, reference, b); !d.empty()) {
        result.difference = where + d;
        return result;
      }
      if (reference.is_terminal(b)) break;
      JointMove ja, jb;
      bool stuck = false;
      for (RoleIndex r = 0; r < reference.num_roles() && !stuck; ++r) {
        const std::vector<std::string> legal = legal_move_texts(reference, b, r);
        if (legal_move_texts(subject, a, r) != legal) {
          result.difference = where + "legal moves of role " + std::to_string(r) + " differ";
          return result;
        }
        if (legal.empty()) {
          stuck = true;
          break;
        }
        const std::string& pick = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        const auto ma = subject.move_from_text(r, pick), mb = reference.move_from_text(r, pick);
        if (!ma || !mb) {
          result.difference = where + "move_from_text failed for " + pick;
          return result;
        }
        ja.push_back(*ma);
        jb.push_back(*mb);
      }
      if (stuck) {
        ++result.stuck;
        break;
      }
      subject.next_state(a, ja, a2);
      reference.next_state(b, jb, b2);
      std::swap(a, a2);
      std::swap(b, b2);
    }
  }
  return result;
}

}  // namespace ggp::reasoner
