#include "agent/subgame_machine.h"

#include <algorithm>
#include <stdexcept>

namespace ggp::agent {

using reasoner::FactId;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

namespace {
constexpr MoveId kNotInView = UINT32_MAX;
}  // namespace

struct SubGameMachine::Shared {
  std::vector<MoveId> real;     // view move -> game move, ascending game ids
  std::vector<MoveId> view_of;  // game move (up to the last in the view) -> view move, or kNotInView
  std::vector<uint8_t> free;   // by view move: a free move
  std::vector<uint64_t> kept;  // by state word: the facts next_state takes from the game
};

SubGameMachine::SubGameMachine(reasoner::StateMachine& game, const reasoner::SubGames& games,
                               size_t index)
    : game_(game),
      shared_([&] {
        if (index >= games.subgames.size())
          throw std::invalid_argument("sub-game " + std::to_string(index) + " of " +
                                      std::to_string(games.subgames.size()));
        auto shared = std::make_shared<Shared>();
        const reasoner::SubGame& sub = games.subgames[index];
        shared->real = sub.moves;
        shared->real.insert(shared->real.end(), games.free_moves.begin(), games.free_moves.end());
        std::sort(shared->real.begin(), shared->real.end());
        shared->real.erase(std::unique(shared->real.begin(), shared->real.end()),
                           shared->real.end());
        shared->view_of.assign(shared->real.empty() ? 0 : shared->real.back() + 1, kNotInView);
        for (MoveId v = 0; v < shared->real.size(); ++v) shared->view_of[shared->real[v]] = v;
        for (MoveId m : shared->real)
          shared->free.push_back(
              std::binary_search(games.free_moves.begin(), games.free_moves.end(), m));
        auto keep = [&](FactId f) {
          if (f / 64 >= shared->kept.size()) shared->kept.resize(f / 64 + 1, 0);
          shared->kept[f / 64] |= uint64_t{1} << (f % 64);
        };
        for (FactId f : sub.facts) keep(f);
        for (FactId f : games.global_facts) keep(f);
        return std::shared_ptr<const Shared>(std::move(shared));
      }()),
      real_(shared_->real) {}

SubGameMachine::SubGameMachine(std::unique_ptr<reasoner::StateMachine> owned,
                               std::shared_ptr<const Shared> shared)
    : owned_(std::move(owned)), game_(*owned_), shared_(std::move(shared)), real_(shared_->real) {}

std::unique_ptr<reasoner::StateMachine> SubGameMachine::clone() const {
  return std::unique_ptr<reasoner::StateMachine>(new SubGameMachine(game_.clone(), shared_));
}

std::optional<MoveId> SubGameMachine::view_move(MoveId move) const {
  // A table, not a search: legal_moves and next_state ask for every legal move of every playout.
  const std::vector<MoveId>& view_of = shared_->view_of;
  if (move >= view_of.size() || view_of[move] == kNotInView) return std::nullopt;
  return view_of[move];
}

std::optional<MoveId> SubGameMachine::move_elsewhere(const State& state, RoleIndex role) {
  for (MoveId m : game_.legal_moves(state, role))
    if (!view_move(m)) return m;
  return std::nullopt;
}

std::span<const MoveId> SubGameMachine::legal_moves(const State& state, RoleIndex role) {
  legal_.clear();
  bool elsewhere = false, free = false;
  for (MoveId m : game_.legal_moves(state, role)) {
    if (std::optional<MoveId> v = view_move(m)) {
      legal_.push_back(*v);
      free = free || shared_->free[*v];
    } else {
      elsewhere = true;
    }
  }
  if (elsewhere && !free) legal_.push_back(pseudo_noop(role));
  return legal_;
}

void SubGameMachine::next_state(const State& state, std::span<const MoveId> joint, State& out) {
  joint_.resize(joint.size());
  for (RoleIndex r = 0; r < joint.size(); ++r) {
    if (!is_pseudo_noop(joint[r])) {
      joint_[r] = real_[joint[r]];
      continue;
    }
    std::optional<MoveId> stand_in = move_elsewhere(state, r);
    if (!stand_in) throw std::logic_error("sub-game: a pseudo-noop with no move elsewhere");
    joint_[r] = *stand_in;
  }
  game_.next_state(state, joint_, out);
  // Every fact outside the sub-game and the global facts is put back as `state` has it.
  const std::vector<uint64_t>& kept = shared_->kept;
  std::span<const uint64_t> before = state.words();
  const size_t words = std::max(before.size(), out.words().size());
  if (words > 0) out.reserve_facts(words * 64);
  std::span<uint64_t> after = out.mutable_words();
  for (size_t w = 0; w < words; ++w) {
    const uint64_t keep = w < kept.size() ? kept[w] : 0;
    const uint64_t old = w < before.size() ? before[w] : 0;
    after[w] = (after[w] & keep) | (old & ~keep);
  }
}

std::string SubGameMachine::move_text(MoveId move) const {
  if (is_pseudo_noop(move)) return "(pseudo-noop " + game_.role_name(move - real_.size()) + ")";
  return game_.move_text(real_.at(move));
}

std::optional<MoveId> SubGameMachine::move_from_text(RoleIndex role, std::string_view text) {
  std::optional<MoveId> m = game_.move_from_text(role, text);
  if (!m) return std::nullopt;
  return view_move(*m);
}

}  // namespace ggp::agent
