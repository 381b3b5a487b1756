#include "agent/factored_search.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace ggp::agent {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

bool factored_search_applies(const reasoner::SubGames& games) {
  if (games.subgames.size() < 2) return false;
  std::vector<RoleIndex> movers;  // the roles with a move in some sub-game
  for (const reasoner::SubGame& s : games.subgames)
    movers.insert(movers.end(), s.roles.begin(), s.roles.end());
  std::sort(movers.begin(), movers.end());
  movers.erase(std::unique(movers.begin(), movers.end()), movers.end());
  std::vector<const reasoner::SubGame*> read, unread;
  for (const reasoner::SubGame& s : games.subgames) {
    if (!s.read_by_outcome) {
      unread.push_back(&s);
      continue;
    }
    if (s.roles != movers) return false;  // a role's choice made elsewhere decides it (blotto)
    read.push_back(&s);
  }
  if (read.size() == 1)  // the others only give moves elsewhere, which must not be what matters
    return std::all_of(unread.begin(), unread.end(), [&](const reasoner::SubGame* s) {
      return s->facts.size() < read.front()->facts.size();
    });
  return read.size() >= 2 && read.size() <= kMaxFactoredSearches &&
         std::all_of(games.subgames.begin(), games.subgames.end(), [](const reasoner::SubGame& s) {
           return s.moves.size() >= 2 * s.roles.size();
         });
}

FactoredSearcher::FactoredSearcher(const SearcherFactory& inner, reasoner::StateMachine& machine,
                                   const reasoner::SubGames& games, uint64_t seed)
    : machine_(machine) {
  if (!factored_search_applies(games))
    throw std::invalid_argument(
        "factored search: the game is not two or more sub-games, one of them read by an outcome");
  for (size_t i = 0; i < games.subgames.size(); ++i) {
    if (!games.subgames[i].read_by_outcome) continue;
    Part part;
    part.view = std::make_unique<SubGameMachine>(machine, games, i);
    part.searcher = inner(*part.view, seed + 0x9E3779B97F4A7C15ull * (parts_.size() + 1));
    parts_.push_back(std::move(part));
  }
  root_ = machine.initial_state();
}

std::string FactoredSearcher::name() const {
  return "factored(" + std::to_string(parts_.size()) + " x " + parts_.front().searcher->name() +
         ")";
}

void FactoredSearcher::set_root(const State& state) {
  root_ = state;
  for (Part& part : parts_) part.searcher->set_root(state);
}

void FactoredSearcher::advance(std::span<const MoveId> joint, const State& next) {
  std::vector<MoveId> seen(joint.size());
  for (Part& part : parts_) {
    // A move in another sub-game is, seen from this one, moving elsewhere.
    for (RoleIndex r = 0; r < joint.size(); ++r)
      seen[r] = part.view->view_move(joint[r]).value_or(part.view->pseudo_noop(r));
    part.searcher->advance(seen, next);
  }
  root_ = next;
}

void FactoredSearcher::set_own_role(RoleIndex role) {
  for (Part& part : parts_) part.searcher->set_own_role(role);
}

void FactoredSearcher::search(const SearchLimits& limits) {
  std::vector<Part*> open;
  for (Part& part : parts_)
    if (!part.searcher->stats().root_solved) open.push_back(&part);
  constexpr uint64_t kNoBudget = std::numeric_limits<uint64_t>::max();
  const uint64_t budget =
      limits.max_playouts == kNoBudget
          ? kNoBudget
          : std::max<uint64_t>(1, limits.max_playouts / std::max<size_t>(1, open.size()));
  for (size_t k = 0; k < open.size() && !interrupted(limits); ++k) {
    SearchLimits part = share_of_time_left(limits, 1.0 / static_cast<double>(open.size() - k));
    part.max_playouts = budget;
    open[k]->searcher->search(part);
  }
}

std::optional<FactoredSearcher::Choice> FactoredSearcher::choice(const Part& part,
                                                                 RoleIndex role) const {
  const std::vector<RootMove> moves = part.searcher->root_moves(role);
  const SubGameMachine& view = *part.view;
  MoveId pick = part.searcher->best_move(role);
  if (view.is_pseudo_noop(pick)) {
    // The searcher would move elsewhere; the sub-game's own candidate is its most visited move.
    const RootMove* most = nullptr;
    for (const RootMove& m : moves)
      if (!view.is_pseudo_noop(m.move) && (most == nullptr || m.visits > most->visits)) most = &m;
    if (most == nullptr) return std::nullopt;
    pick = most->move;
  }
  Choice c;
  c.move = view.real_move(pick);
  for (const RootMove& m : moves) {
    if (m.move == pick) {
      c.best = m.proven.value_or(m.mean);
      c.win = m.proven && *m.proven >= 1.0;
      c.lost = m.proven && *m.proven <= 0.0;
    } else if (m.move == view.pseudo_noop(role)) {
      c.elsewhere = m.proven.value_or(m.mean);
      c.lost_elsewhere = m.proven && *m.proven <= 0.0;
    }
  }
  return c;
}

bool FactoredSearcher::wins_at_once(MoveId move, RoleIndex role) {
  std::vector<MoveId> joint(machine_.num_roles());
  for (RoleIndex r = 0; r < joint.size(); ++r) {
    if (r == role) {
      joint[r] = move;
      continue;
    }
    std::span<const MoveId> legal = machine_.legal_moves(root_, r);
    if (legal.size() != 1) return false;  // what the others do is not known
    joint[r] = legal.front();
  }
  State next;
  machine_.next_state(root_, joint, next);
  return machine_.is_terminal(next) && machine_.goal(next, role) == reasoner::kWinGoal;
}

MoveId FactoredSearcher::best_move(RoleIndex role) {
  std::span<const MoveId> now = machine_.legal_moves(root_, role);
  const std::vector<MoveId> legal(now.begin(), now.end());
  if (legal.size() <= 1) return legal.empty() ? 0 : legal.front();
  std::vector<Choice> choices;
  for (const Part& part : parts_)
    if (std::optional<Choice> c = choice(part, role)) choices.push_back(*c);
  // In order: a win at once (the game ends, whatever the other sub-games); a sub-game where
  // moving elsewhere is proven lost and a move is not (a threat there must be met before a win
  // proven in another sub-game, which assumed this one stands still); a proven win; then the
  // largest score among the moves not proven lost.
  for (const Choice& c : choices)
    if (c.win && wins_at_once(c.move, role)) return c.move;
  auto best_of = [&](auto&& eligible) -> std::optional<MoveId> {
    const Choice* best = nullptr;
    for (const Choice& c : choices)
      if (eligible(c) && (best == nullptr || c.score() > best->score())) best = &c;
    if (best == nullptr) return std::nullopt;
    return best->move;
  };
  std::optional<MoveId> pick = best_of([](const Choice& c) { return c.lost_elsewhere && !c.lost; });
  if (!pick) pick = best_of([](const Choice& c) { return c.win; });
  if (!pick) pick = best_of([](const Choice& c) { return !c.lost; });
  if (!pick) pick = best_of([](const Choice&) { return true; });
  if (pick && std::find(legal.begin(), legal.end(), *pick) != legal.end()) return *pick;
  // Every searched sub-game would rather move elsewhere: a move in none of them.
  for (MoveId m : legal)
    if (std::none_of(parts_.begin(), parts_.end(),
                     [m](const Part& p) { return p.view->view_move(m).has_value(); }))
      return m;
  return legal.front();
}

SearchStats FactoredSearcher::stats() const {
  SearchStats sum;
  sum.root_solved = true;
  for (const Part& part : parts_) {
    const SearchStats s = part.searcher->stats();
    sum.playouts += s.playouts;
    sum.rollouts += s.rollouts;
    sum.nodes += s.nodes;
    sum.root_solved = sum.root_solved && s.root_solved;
  }
  return sum;
}

std::string FactoredSearcher::note() {
  std::string out;
  for (size_t i = 0; i < parts_.size(); ++i) {
    const std::string n = parts_[i].searcher->note();
    if (!n.empty())
      out += (out.empty() ? "" : "; ") + ("sub-game " + std::to_string(i + 1) + ": " + n);
  }
  return out;
}

bool factored_search_used(const reasoner::SubGames& games, size_t num_roles, FactoredUse use) {
  if (!factored_search_applies(games)) return false;
  if (use == FactoredUse::Everywhere || num_roles == 1) return true;
  return std::count_if(games.subgames.begin(), games.subgames.end(),
                       [](const reasoner::SubGame& s) { return s.read_by_outcome; }) == 1;
}

SearcherFactory factored_searcher_factory(SearcherFactory inner, FactoredUse use) {
  return [inner, use](reasoner::StateMachine& machine, uint64_t seed) -> std::unique_ptr<Searcher> {
    const reasoner::SubGames games = machine.sub_games();
    if (!factored_search_used(games, machine.num_roles(), use)) return inner(machine, seed);
    return std::make_unique<FactoredSearcher>(inner, machine, games, seed);
  };
}

}  // namespace ggp::agent
