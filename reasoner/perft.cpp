#include "reasoner/perft.h"

namespace ggp::reasoner {
namespace {

class Perft {
 public:
  Perft(StateMachine& machine, size_t depth)
      : m_(machine), depth_(depth), nodes_(depth + 1, 0), leaves_(depth + 1, 0),
        states_(depth + 1), legal_(depth + 1, std::vector<std::vector<MoveId>>(machine.num_roles())),
        joint_(machine.num_roles()) {}

  std::vector<uint64_t> run(const State& start) {
    states_[0] = start;
    visit(0);
    std::vector<uint64_t> counts;
    uint64_t earlier = 0;
    for (size_t d = 1; d <= depth_; ++d) {
      earlier += leaves_[d - 1];
      counts.push_back(nodes_[d] + earlier);
    }
    return counts;
  }

 private:
  // Counts the node at `d` (its state in states_[d]) and its subtree.
  void visit(size_t d) {
    ++nodes_[d];
    if (d == depth_) return;
    const State& state = states_[d];
    if (m_.is_terminal(state)) {
      ++leaves_[d];
      return;
    }
    size_t n = m_.num_roles();
    auto& legal = legal_[d];
    for (RoleIndex r = 0; r < n; ++r) {
      std::span<const MoveId> moves = m_.legal_moves(state, r);
      legal[r].assign(moves.begin(), moves.end());
      if (moves.empty()) {
        ++leaves_[d];
        return;
      }
    }
    std::vector<size_t> choice(n, 0);  // an odometer over the roles' moves
    while (true) {
      for (RoleIndex r = 0; r < n; ++r) joint_[r] = legal[r][choice[r]];
      m_.next_state(states_[d], joint_, states_[d + 1]);
      visit(d + 1);
      size_t r = 0;
      while (r < n && ++choice[r] == legal[r].size()) choice[r++] = 0;
      if (r == n) break;
    }
  }

  StateMachine& m_;
  size_t depth_;
  std::vector<uint64_t> nodes_, leaves_;
  std::vector<State> states_;
  std::vector<std::vector<std::vector<MoveId>>> legal_;
  JointMove joint_;
};

}  // namespace

std::vector<uint64_t> perft(StateMachine& machine, const State& start, size_t depth) {
  return Perft(machine, depth).run(start);
}

}  // namespace ggp::reasoner
