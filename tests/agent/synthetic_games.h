#pragma once
// Small games written directly as StateMachines, so searchers can be tested against known values
// without a GDL reasoner. An ExplicitGame is a graph of positions; a State holds one fact, the
// position's index.
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "reasoner/state_machine.h"

namespace ggp::test {

// "m<i>", the move names of the synthetic games (built by +=: `"m" + std::to_string(i)` draws a
// false -Wrestrict warning from GCC 12).
inline std::string move_name(int i) {
  std::string s("m");
  s += std::to_string(i);
  return s;
}

using reasoner::GoalValue;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

class ExplicitGame : public reasoner::StateMachine {
 public:
  struct Position {
    bool terminal = false;
    std::vector<GoalValue> goals;                  // per role, for terminal positions
    std::vector<std::vector<MoveId>> legal;        // per role
    std::map<std::vector<MoveId>, uint32_t> next;  // joint move -> position
  };

  explicit ExplicitGame(size_t num_roles) : num_roles_(num_roles) {}

  // Builders. Moves are named, one id per (role, name).
  MoveId move(RoleIndex role, const std::string& name);
  uint32_t add_terminal(std::vector<GoalValue> goals);
  // A position where `mover` chooses among `children` (the others play "noop").
  uint32_t add_turn(RoleIndex mover, const std::vector<std::pair<std::string, uint32_t>>& children);
  uint32_t add_position(Position p);
  Position& position(uint32_t id) { return positions_[id]; }
  void set_initial(uint32_t id) { initial_ = id; }
  static uint32_t position_of(const State& s);
  size_t num_positions() const { return positions_.size(); }

  std::string name() const override { return "explicit"; }
  std::unique_ptr<reasoner::StateMachine> clone() const override {
    return std::make_unique<ExplicitGame>(*this);
  }
  size_t num_roles() const override { return num_roles_; }
  std::string role_name(RoleIndex role) const override {
    return std::string(1, 'r') += std::to_string(role);
  }
  State initial_state() override;
  bool is_terminal(const State& state) override;
  GoalValue goal(const State& state, RoleIndex role) override;
  std::span<const MoveId> legal_moves(const State& state, RoleIndex role) override;
  void next_state(const State& state, std::span<const MoveId> joint, State& out) override;
  std::string move_text(MoveId move) const override { return move_names_.at(move); }
  std::string fact_text(reasoner::FactId fact) const override {
    return "(at " + std::to_string(fact) + ")";
  }
  std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) override;
  std::optional<reasoner::FactId> fact_from_text(std::string_view) override { return std::nullopt; }

 private:
  size_t num_roles_;
  uint32_t initial_ = 0;
  std::vector<Position> positions_;
  std::vector<std::string> move_names_;
  std::vector<RoleIndex> move_roles_;
  std::vector<MoveId> joint_key_;
};

// Two-player Nim: `stones` on one pile, take 1..max_take, whoever takes the last stone wins.
std::unique_ptr<ExplicitGame> make_nim(int stones, int max_take);
// A two-player alternating tree of the given depth and branching; leaf goals (0, 50 or 100 for
// role 0, the complement for role 1) from a seeded generator.
std::unique_ptr<ExplicitGame> make_random_tree(int depth, int branching, uint64_t seed);
// Simultaneous matching pennies: role 0 wins when the coins match.
std::unique_ptr<ExplicitGame> make_matching_pennies();
// Simultaneous, one round: each role's goal depends on its own move (a dominant move per role:
// "best" gives 80 whatever the other does, "other" gives 20..40).
std::unique_ptr<ExplicitGame> make_dominant_moves();
// One player, `length` binary choices (at most 60); the goal is 100 for the hidden `pattern` and
// otherwise 60 * (number of zeros chosen) / length when `deceptive` (a gradient away from the
// optimum), else 80 * (bits matching the pattern) / length. Choice i's moves are 2i ("zero") and
// 2i + 1 ("one"), as GDL move terms name their square. Facts: bit i chosen "one" is fact i, the
// number of choices made is fact 64 + n.
class BitPuzzle : public reasoner::StateMachine {
 public:
  BitPuzzle(int length, uint64_t pattern, bool deceptive)
      : length_(length), pattern_(pattern), deceptive_(deceptive) {
    for (MoveId i = 0; i < static_cast<MoveId>(length); ++i) moves_.push_back({2 * i, 2 * i + 1});
  }
  std::string name() const override { return "bits"; }
  std::unique_ptr<reasoner::StateMachine> clone() const override {
    return std::make_unique<BitPuzzle>(*this);
  }
  size_t num_roles() const override { return 1; }
  std::string role_name(RoleIndex) const override { return "r0"; }
  State initial_state() override;
  bool is_terminal(const State& state) override { return level(state) == length_; }
  GoalValue goal(const State& state, RoleIndex role) override;
  std::span<const MoveId> legal_moves(const State& state, RoleIndex) override {
    int n = level(state);
    return n < length_ ? std::span<const MoveId>(moves_[static_cast<size_t>(n)])
                       : std::span<const MoveId>();
  }
  void next_state(const State& state, std::span<const MoveId> joint, State& out) override;
  std::string move_text(MoveId move) const override {
    return "(set " + std::to_string(move / 2) + (move % 2 ? " one)" : " zero)");
  }
  std::string fact_text(reasoner::FactId fact) const override { return std::to_string(fact); }
  std::optional<MoveId> move_from_text(RoleIndex, std::string_view text) override;
  std::optional<reasoner::FactId> fact_from_text(std::string_view) override { return std::nullopt; }

 private:
  int level(const State& state) const;
  int length_;
  uint64_t pattern_;
  bool deceptive_;
  std::vector<std::vector<MoveId>> moves_;
};

// The puzzle as an explicit tree (small lengths only), for tests that need ExplicitGame.
std::unique_ptr<ExplicitGame> make_bit_puzzle(int length, uint32_t pattern, bool deceptive);

// `mover` to play with `moves` moves; move index `winning` wins at once, the others lead to a
// long line of forced noop turns ending in a draw.
std::unique_ptr<ExplicitGame> make_one_winning_move(int moves, int winning);

// Role 0 to play `moves` moves; only move `safe` does not let role 1 win at once afterwards.
std::unique_ptr<ExplicitGame> make_one_safe_move(int moves, int safe);

// `game` on a machine whose every next_state sleeps `per_step` (a slow machine, as the prover on
// chess) and records when it began, so a test can count the transitions begun past a deadline.
class Slowed : public ExplicitGame {
 public:
  Slowed(const ExplicitGame& game, std::chrono::microseconds per_step)
      : ExplicitGame(game), per_step_(per_step) {}
  std::unique_ptr<reasoner::StateMachine> clone() const override {
    return std::make_unique<Slowed>(*this);
  }
  void next_state(const State& s, std::span<const MoveId> joint, State& out) override;
  size_t begun_after(std::chrono::steady_clock::time_point t) const;
  size_t transitions() const { return begun_.size(); }

 private:
  std::chrono::microseconds per_step_;
  std::vector<std::chrono::steady_clock::time_point> begun_;
};

// A one-role game of two moves, each followed by a chain of 40 forced steps, Slowed to 3 ms a
// step: a playout (about 120 ms) outlasts a deadline of some tens of ms.
class SlowChain : public Slowed {
 public:
  SlowChain();
};

// Reference: the max^n value of a turn-taking explicit game (one mover per position).
std::vector<double> maxn_value(ExplicitGame& game, uint32_t position);

}  // namespace ggp::test
