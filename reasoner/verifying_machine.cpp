#include "reasoner/verifying_machine.h"

#include <algorithm>
#include <stdexcept>

namespace ggp::reasoner {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? " " : "") + items[i];
  return out + "]";
}

class VerifyingMachine final : public StateMachine {
 public:
  VerifyingMachine(std::unique_ptr<StateMachine> subject, std::unique_ptr<StateMachine> reference)
      : s_(std::move(subject)), r_(std::move(reference)) {
    if (role_names(*s_) != role_names(*r_))
      throw std::logic_error("verifying machine: the roles differ: " + join(role_names(*s_)) +
                             " vs " + join(role_names(*r_)));
  }

  std::string name() const override { return s_->name() + "+verified-by-" + r_->name(); }
  std::unique_ptr<StateMachine> clone() const override {
    return std::make_unique<VerifyingMachine>(s_->clone(), r_->clone());
  }
  size_t num_roles() const override { return s_->num_roles(); }
  std::string role_name(RoleIndex role) const override { return s_->role_name(role); }

  State initial_state() override {
    State s = s_->initial_state();
    State r = r_->initial_state();
    compare_states("initial_state", s, r);
    twins_[s] = r;
    return s;
  }

  bool is_terminal(const State& state) override {
    const State& twin = twin_of(state);
    bool a = s_->is_terminal(state), b = r_->is_terminal(twin);
    if (a != b) fail("is_terminal", state, std::to_string(a), std::to_string(b));
    return a;
  }

  GoalValue goal(const State& state, RoleIndex role) override {
    const State& twin = twin_of(state);
    GoalValue a = s_->goal(state, role), b = r_->goal(twin, role);
    if (a != b)
      fail("goal of " + role_name(role), state, std::to_string(a), std::to_string(b));
    return a;
  }

  std::span<const MoveId> legal_moves(const State& state, RoleIndex role) override {
    std::vector<std::string> b = legal_move_texts(*r_, twin_of(state), role);
    std::span<const MoveId> moves = s_->legal_moves(state, role);
    std::vector<std::string> a = move_texts(*s_, moves);
    if (a != b) fail("legal_moves of " + role_name(role), state, join(a), join(b));
    return moves;
  }

  void next_state(const State& state, std::span<const MoveId> joint, State& out) override {
    const State& twin = twin_of(state);
    JointMove reference_joint;
    for (RoleIndex r = 0; r < joint.size(); ++r) {
      std::string text = s_->move_text(joint[r]);
      std::optional<MoveId> m = r_->move_from_text(r, text);
      if (!m) fail("next_state", state, "move " + text, "not a move");
      reference_joint.push_back(*m);
    }
    State reference_next;
    r_->next_state(twin, reference_joint, reference_next);
    s_->next_state(state, joint, out);
    compare_states("next_state", out, reference_next);
    if (twins_.size() > kMaxTwins) twins_.clear();
    twins_[out] = std::move(reference_next);
  }

  std::string move_text(MoveId move) const override { return s_->move_text(move); }
  std::string fact_text(FactId fact) const override { return s_->fact_text(fact); }
  std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) override {
    return s_->move_from_text(role, text);
  }
  std::optional<FactId> fact_from_text(std::string_view text) override {
    return s_->fact_from_text(text);
  }

 private:
  // The reference's state with the same facts as the subject's `state`.
  const State& twin_of(const State& state) {
    auto it = twins_.find(state);
    if (it != twins_.end()) return it->second;
    State twin;
    state.for_each_fact([&](FactId f) {
      std::string text = s_->fact_text(f);
      std::optional<FactId> g = r_->fact_from_text(text);
      if (!g) throw std::logic_error("verifying machine: the reference does not know the fact " + text);
      twin.set(*g);
    });
    return twins_.emplace(state, std::move(twin)).first->second;
  }

  void compare_states(const std::string& call, const State& a, const State& b) {
    std::vector<std::string> x = state_texts(*s_, a), y = state_texts(*r_, b);
    if (x != y) fail(call, a, join(x), join(y));
  }

  [[noreturn]] void fail(const std::string& call, const State& state, const std::string& subject,
                         const std::string& reference) {
    throw std::logic_error("verifying machine: " + call + " differs in state " +
                           join(state_texts(*s_, state)) + ": " + s_->name() + " says " + subject +
                           ", " + r_->name() + " says " + reference);
  }

  static constexpr size_t kMaxTwins = 1 << 18;  // forgotten twins are rebuilt from fact texts
  std::unique_ptr<StateMachine> s_, r_;
  std::unordered_map<State, State, StateHash> twins_;
};

}  // namespace

std::unique_ptr<StateMachine> make_verifying_machine(std::unique_ptr<StateMachine> subject,
                                                     std::unique_ptr<StateMachine> reference) {
  return std::make_unique<VerifyingMachine>(std::move(subject), std::move(reference));
}

}  // namespace ggp::reasoner
