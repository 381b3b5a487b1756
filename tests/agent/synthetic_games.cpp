#include "synthetic_games.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <thread>

#include "reasoner/random.h"

namespace ggp::test {
namespace {

std::string numbered(const char* prefix, int n) {
  std::string s(prefix);
  s += std::to_string(n);  // (not "x" + to_string: GCC 12 warns falsely, -Wrestrict)
  return s;
}

}  // namespace

MoveId ExplicitGame::move(RoleIndex role, const std::string& name) {
  for (MoveId m = 0; m < move_names_.size(); ++m)
    if (move_roles_[m] == role && move_names_[m] == name) return m;
  move_names_.push_back(name);
  move_roles_.push_back(role);
  return static_cast<MoveId>(move_names_.size() - 1);
}

uint32_t ExplicitGame::add_position(Position p) {
  positions_.push_back(std::move(p));
  return static_cast<uint32_t>(positions_.size() - 1);
}

uint32_t ExplicitGame::add_terminal(std::vector<GoalValue> goals) {
  Position p;
  p.terminal = true;
  p.goals = std::move(goals);
  p.legal.resize(num_roles_);
  return add_position(std::move(p));
}

uint32_t ExplicitGame::add_turn(RoleIndex mover,
                                const std::vector<std::pair<std::string, uint32_t>>& children) {
  Position p;
  p.goals.assign(num_roles_, 0);
  p.legal.resize(num_roles_);
  std::vector<MoveId> joint(num_roles_);
  for (RoleIndex r = 0; r < num_roles_; ++r)
    if (r != mover) p.legal[r] = {joint[r] = move(r, "noop")};
  for (const auto& [name, child] : children) {
    joint[mover] = move(mover, name);
    p.legal[mover].push_back(joint[mover]);
    p.next[joint] = child;
  }
  return add_position(std::move(p));
}

uint32_t ExplicitGame::position_of(const State& s) {
  uint32_t at = 0;
  bool found = false;
  s.for_each_fact([&](reasoner::FactId f) {
    if (!found) at = f, found = true;
  });
  return at;
}

State ExplicitGame::initial_state() {
  State s;
  s.set(initial_);
  return s;
}
bool ExplicitGame::is_terminal(const State& state) {
  return positions_[position_of(state)].terminal;
}
GoalValue ExplicitGame::goal(const State& state, RoleIndex role) {
  const Position& p = positions_[position_of(state)];
  return p.terminal ? p.goals[role] : 0;
}
std::span<const MoveId> ExplicitGame::legal_moves(const State& state, RoleIndex role) {
  return positions_[position_of(state)].legal[role];
}
void ExplicitGame::next_state(const State& state, std::span<const MoveId> joint, State& out) {
  joint_key_.assign(joint.begin(), joint.end());
  const Position& p = positions_[position_of(state)];
  auto it = p.next.find(joint_key_);
  if (it == p.next.end()) throw std::logic_error("illegal joint move in a synthetic game");
  out.clear();
  out.set(it->second);
}
std::optional<MoveId> ExplicitGame::move_from_text(RoleIndex role, std::string_view text) {
  for (MoveId m = 0; m < move_names_.size(); ++m)
    if (move_roles_[m] == role && move_names_[m] == text) return m;
  return std::nullopt;
}

std::unique_ptr<ExplicitGame> make_nim(int stones, int max_take) {
  auto g = std::make_unique<ExplicitGame>(2);
  std::map<std::pair<int, int>, uint32_t> memo;
  std::function<uint32_t(int, int)> build = [&](int n, int player) -> uint32_t {
    if (auto it = memo.find({n, player}); it != memo.end()) return it->second;
    uint32_t id;
    if (n == 0) {
      std::vector<GoalValue> goals(2, 0);
      goals[static_cast<size_t>(1 - player)] = 100;  // the previous player took the last stone
      id = g->add_terminal(goals);
    } else {
      std::vector<std::pair<std::string, uint32_t>> children;
      for (int take = 1; take <= std::min(n, max_take); ++take)
        children.emplace_back(numbered("take", take), build(n - take, 1 - player));
      id = g->add_turn(static_cast<RoleIndex>(player), children);
    }
    return memo[{n, player}] = id;
  };
  g->set_initial(build(stones, 0));
  return g;
}

std::unique_ptr<ExplicitGame> make_random_tree(int depth, int branching, uint64_t seed) {
  auto g = std::make_unique<ExplicitGame>(2);
  reasoner::Random rng(seed);
  std::function<uint32_t(int)> build = [&](int level) -> uint32_t {
    if (level == depth) {
      GoalValue v = static_cast<GoalValue>(rng.below(3)) * 50;
      return g->add_terminal({v, 100 - v});
    }
    std::vector<std::pair<std::string, uint32_t>> children;
    for (int b = 0; b < branching; ++b) children.emplace_back(numbered("m", b), build(level + 1));
    return g->add_turn(static_cast<RoleIndex>(level % 2), children);
  };
  g->set_initial(build(0));
  return g;
}

namespace {

// A one-round simultaneous game over move names, with goals(i, j) for the moves' indices.
std::unique_ptr<ExplicitGame> one_round(const std::vector<std::string>& names,
                                        std::function<std::vector<GoalValue>(int, int)> goals) {
  auto g = std::make_unique<ExplicitGame>(2);
  ExplicitGame::Position root;
  root.legal.resize(2);
  for (RoleIndex r = 0; r < 2; ++r)
    for (const std::string& n : names) root.legal[r].push_back(g->move(r, n));
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = 0; j < names.size(); ++j)
      root.next[{root.legal[0][i], root.legal[1][j]}] =
          g->add_terminal(goals(static_cast<int>(i), static_cast<int>(j)));
  g->set_initial(g->add_position(root));
  return g;
}

}  // namespace

std::unique_ptr<ExplicitGame> make_matching_pennies() {
  return one_round({"heads", "tails"}, [](int i, int j) -> std::vector<GoalValue> {
    return i == j ? std::vector<GoalValue>{100, 0} : std::vector<GoalValue>{0, 100};
  });
}

std::unique_ptr<ExplicitGame> make_dominant_moves() {
  return one_round({"other", "best"}, [](int i, int j) -> std::vector<GoalValue> {
    auto payoff = [](int own, int opp) { return own == 1 ? 80 : (opp == 1 ? 20 : 40); };
    return {payoff(i, j), payoff(j, i)};
  });
}

std::unique_ptr<ExplicitGame> make_bit_puzzle(int length, uint32_t pattern, bool deceptive) {
  auto g = std::make_unique<ExplicitGame>(1);
  std::function<uint32_t(int, uint32_t, int)> build = [&](int level, uint32_t bits,
                                                          int zeros) -> uint32_t {
    if (level == length) {
      int matches = length - std::popcount(bits ^ pattern);
      return g->add_terminal({bits == pattern ? 100
                              : deceptive     ? 60 * zeros / length
                                              : 80 * matches / length});
    }
    return g->add_turn(0, {{"zero", build(level + 1, bits, zeros + 1)},
                           {"one", build(level + 1, bits | (1u << level), zeros)}});
  };
  g->set_initial(build(0, 0, 0));
  return g;
}

State BitPuzzle::initial_state() {
  State s;
  s.set(64);
  return s;
}

int BitPuzzle::level(const State& state) const {
  for (int n = 0; n <= length_; ++n)
    if (state.test(static_cast<reasoner::FactId>(64 + n))) return n;
  return 0;
}

GoalValue BitPuzzle::goal(const State& state, RoleIndex) {
  uint64_t bits = 0;
  int zeros = 0;
  for (int i = 0; i < length_; ++i) {
    if (state.test(static_cast<reasoner::FactId>(i)))
      bits |= uint64_t{1} << i;
    else
      ++zeros;
  }
  if (level(state) < length_) return 0;
  if (bits == pattern_) return 100;
  int matches = length_ - std::popcount(bits ^ pattern_);
  return deceptive_ ? 60 * zeros / length_ : 80 * matches / length_;
}

void BitPuzzle::next_state(const State& state, std::span<const MoveId> joint, State& out) {
  int n = level(state);
  out = state;
  out.reset(static_cast<reasoner::FactId>(64 + n));
  out.set(static_cast<reasoner::FactId>(64 + n + 1));
  if (joint[0] % 2 == 1) out.set(static_cast<reasoner::FactId>(n));
}

std::optional<MoveId> BitPuzzle::move_from_text(RoleIndex, std::string_view text) {
  for (MoveId m = 0; m < 2 * static_cast<MoveId>(length_); ++m)
    if (move_text(m) == text) return m;
  return std::nullopt;
}

namespace {

// A chain of `length` turns, role 1 choosing between two equivalent moves, then a draw.
uint32_t draw_chain(ExplicitGame& g, int length) {
  uint32_t at = g.add_terminal({50, 50});
  for (int i = 0; i < length; ++i)
    at = g.add_turn(static_cast<RoleIndex>(i % 2), {{"wait", at}, {"idle", at}});
  return at;
}

}  // namespace

std::unique_ptr<ExplicitGame> make_one_winning_move(int moves, int winning) {
  auto g = std::make_unique<ExplicitGame>(2);
  std::vector<std::pair<std::string, uint32_t>> children;
  for (int i = 0; i < moves; ++i)
    children.emplace_back(numbered("move", i),
                          i == winning ? g->add_terminal({100, 0}) : draw_chain(*g, 10));
  g->set_initial(g->add_turn(0, children));
  return g;
}

std::unique_ptr<ExplicitGame> make_one_safe_move(int moves, int safe) {
  auto g = std::make_unique<ExplicitGame>(2);
  std::vector<std::pair<std::string, uint32_t>> children;
  for (int i = 0; i < moves; ++i) {
    uint32_t reply =
        i == safe
            ? g->add_turn(1, {{"pass", draw_chain(*g, 4)}, {"stall", draw_chain(*g, 4)}})
            : g->add_turn(1, {{"pass", draw_chain(*g, 4)}, {"win", g->add_terminal({0, 100})}});
    children.emplace_back(numbered("move", i), reply);
  }
  g->set_initial(g->add_turn(0, children));
  return g;
}

namespace {

ExplicitGame two_moves_then_a_chain() {
  ExplicitGame g(1);
  uint32_t next = g.add_terminal({100});
  for (int step = 0; step < 40; ++step) next = g.add_turn(0, {{"step", next}});
  g.set_initial(g.add_turn(0, {{"left", next}, {"right", next}}));
  return g;
}

}  // namespace

SlowChain::SlowChain() : Slowed(two_moves_then_a_chain(), std::chrono::milliseconds(3)) {}

void Slowed::next_state(const State& s, std::span<const MoveId> joint, State& out) {
  begun_.push_back(std::chrono::steady_clock::now());
  std::this_thread::sleep_for(per_step_);
  ExplicitGame::next_state(s, joint, out);
}

size_t Slowed::begun_after(std::chrono::steady_clock::time_point t) const {
  return static_cast<size_t>(std::count_if(begun_.begin(), begun_.end(), [&](auto b) { return b >= t; }));
}

std::vector<double> maxn_value(ExplicitGame& game, uint32_t position) {
  const ExplicitGame::Position& p = game.position(position);
  std::vector<double> best;
  if (p.terminal) {
    for (GoalValue v : p.goals) best.push_back(v / 100.0);
    return best;
  }
  size_t mover = 0;
  for (size_t r = 0; r < p.legal.size(); ++r)
    if (p.legal[r].size() > 1) mover = r;
  for (const auto& [joint, child] : p.next) {
    std::vector<double> v = maxn_value(game, child);
    if (best.empty() || v[mover] > best[mover]) best = v;
  }
  return best;
}

}  // namespace ggp::test
