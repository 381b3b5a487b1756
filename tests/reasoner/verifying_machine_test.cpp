// The verifying decorator passes agreeing machines through and reports the first disagreement;
// prover clones are independent across threads.
#include <doctest/doctest.h>

#include <stdexcept>
#include <thread>

#include "gdl/loader.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"
#include "reasoner/verifying_machine.h"
#include "support/corpus.h"

namespace ggp::reasoner {
namespace {

// A game of games_kif/.
std::shared_ptr<const gdl::Game> shipped(const std::string& name) {
  return gdl::load_game_file(ggp::testing::shipped_game_path(name));
}

// A machine that forgets the last legal move of role 0 whenever it has several.
class DroppingMachine final : public StateMachine {
 public:
  explicit DroppingMachine(std::unique_ptr<StateMachine> inner) : m_(std::move(inner)) {}
  std::string name() const override { return "dropping"; }
  std::unique_ptr<StateMachine> clone() const override {
    return std::make_unique<DroppingMachine>(m_->clone());
  }
  size_t num_roles() const override { return m_->num_roles(); }
  std::string role_name(RoleIndex r) const override { return m_->role_name(r); }
  State initial_state() override { return m_->initial_state(); }
  bool is_terminal(const State& s) override { return m_->is_terminal(s); }
  GoalValue goal(const State& s, RoleIndex r) override { return m_->goal(s, r); }
  std::span<const MoveId> legal_moves(const State& s, RoleIndex r) override {
    std::span<const MoveId> moves = m_->legal_moves(s, r);
    return r == 0 && moves.size() > 1 ? moves.first(moves.size() - 1) : moves;
  }
  void next_state(const State& s, std::span<const MoveId> j, State& out) override {
    m_->next_state(s, j, out);
  }
  std::string move_text(MoveId m) const override { return m_->move_text(m); }
  std::string fact_text(FactId f) const override { return m_->fact_text(f); }
  std::optional<MoveId> move_from_text(RoleIndex r, std::string_view t) override {
    return m_->move_from_text(r, t);
  }
  std::optional<FactId> fact_from_text(std::string_view t) override { return m_->fact_from_text(t); }

 private:
  std::unique_ptr<StateMachine> m_;
};

TEST_CASE("verifying machine: two provers agree through random playouts") {
  auto game = shipped("connect_four");
  auto m = make_verifying_machine(make_prover(game), make_prover(game));
  Random rng(7);
  PlayoutBuffers buffers;
  State start = m->initial_state();
  for (int i = 0; i < 20; ++i) {
    const State* end = nullptr;
    PlayoutResult r = depth_charge(*m, start, rng, buffers, end);
    CHECK(r.completed);
    for (RoleIndex role = 0; role < m->num_roles(); ++role) CHECK(m->goal(*end, role) >= 0);
  }
}

TEST_CASE("verifying machine: a wrong legal move set is reported") {
  auto game = shipped("ticTacToe");
  auto m = make_verifying_machine(std::make_unique<DroppingMachine>(make_prover(game)),
                                  make_prover(game));
  State s = m->initial_state();
  CHECK_THROWS_AS(m->legal_moves(s, 0), std::logic_error);
  CHECK(m->legal_moves(s, 1).size() == 1);  // noop: nothing dropped
}

struct Played {
  std::vector<std::vector<std::string>> moves;  // joint moves as text
  std::vector<std::string> final_state;
};

// `n` random playouts from the seed, written down as text.
std::vector<Played> playouts(StateMachine& m, uint64_t seed, int n) {
  Random rng(seed);
  std::vector<Played> out;
  for (int i = 0; i < n; ++i) {
    Played p;
    State s = m.initial_state(), next;
    JointMove joint;
    while (!m.is_terminal(s) && random_joint_move(m, s, rng, joint)) {
      std::vector<std::string> texts;
      for (MoveId id : joint) texts.push_back(m.move_text(id));
      p.moves.push_back(texts);
      m.next_state(s, joint, next);
      std::swap(s, next);
    }
    p.final_state = state_texts(m, s);
    out.push_back(std::move(p));
  }
  return out;
}

// Replays the playouts on `m` by move text; true if every final state is the same.
bool replays(StateMachine& m, const std::vector<Played>& played) {
  for (const Played& p : played) {
    State s = m.initial_state(), next;
    for (const auto& texts : p.moves) {
      JointMove joint;
      for (RoleIndex r = 0; r < texts.size(); ++r) joint.push_back(*m.move_from_text(r, texts[r]));
      m.next_state(s, joint, next);
      std::swap(s, next);
    }
    if (!m.is_terminal(s) || state_texts(m, s) != p.final_state) return false;
  }
  return true;
}

TEST_CASE("prover: clones in two threads, interning concurrently, stay correct") {
  auto game = shipped("breakthrough_8x8");
  auto fresh = make_prover(game);
  auto a = fresh->clone(), b = fresh->clone();
  std::vector<Played> got_a, got_b;
  std::thread ta([&] { got_a = playouts(*a, 1, 20); });
  std::thread tb([&] { got_b = playouts(*b, 2, 20); });
  ta.join();
  tb.join();
  auto reference = make_prover(game);
  CHECK(replays(*reference, got_a));
  CHECK(replays(*reference, got_b));
}

}  // namespace
}  // namespace ggp::reasoner
