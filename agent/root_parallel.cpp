#include "agent/root_parallel.h"

#include <cmath>
#include <exception>
#include <map>
#include <thread>

namespace ggp::agent {

RootParallelSearcher::RootParallelSearcher(const SearcherFactory& factory, size_t threads,
                                           reasoner::StateMachine& machine, uint64_t seed) {
  for (size_t i = 0; i < std::max<size_t>(threads, 1); ++i) {
    machines_.push_back(machine.clone());
    searchers_.push_back(factory(*machines_.back(), seed + i));
  }
}

std::string RootParallelSearcher::name() const {
  return searchers_[0]->name() + " x" + std::to_string(searchers_.size());
}

void RootParallelSearcher::set_root(const reasoner::State& state) {
  for (auto& s : searchers_) s->set_root(state);
}

void RootParallelSearcher::set_own_role(reasoner::RoleIndex role) {
  for (auto& s : searchers_) s->set_own_role(role);
}

void RootParallelSearcher::advance(std::span<const reasoner::MoveId> joint,
                                   const reasoner::State& next) {
  for (auto& s : searchers_) s->advance(joint, next);
}

void RootParallelSearcher::search(const SearchLimits& limits) {
  SearchLimits each = limits;
  if (limits.max_playouts != SearchLimits{}.max_playouts)
    each.max_playouts = (limits.max_playouts + searchers_.size() - 1) / searchers_.size();
  std::vector<std::exception_ptr> errors(searchers_.size());
  std::vector<std::thread> threads;
  for (size_t i = 1; i < searchers_.size(); ++i)
    threads.emplace_back([&, i] {
      try {
        searchers_[i]->search(each);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  try {
    searchers_[0]->search(each);
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

std::vector<std::pair<reasoner::MoveId, double>> RootParallelSearcher::root_votes(
    reasoner::RoleIndex role) {
  std::map<reasoner::MoveId, double> total;  // ordered: ties go to the smaller id, deterministic
  for (auto& s : searchers_)
    for (const auto& [move, weight] : s->root_votes(role)) total[move] += weight;
  return {total.begin(), total.end()};
}

reasoner::MoveId RootParallelSearcher::best_move(reasoner::RoleIndex role) {
  std::vector<std::pair<reasoner::MoveId, double>> votes = root_votes(role);
  if (votes.empty()) return searchers_[0]->best_move(role);
  auto best = votes.begin();
  for (auto it = votes.begin(); it != votes.end(); ++it)
    if (it->second > best->second) best = it;
  return best->first;
}

std::string RootParallelSearcher::note() {
  std::string first = searchers_[0]->note();
  for (size_t i = 1; i < searchers_.size(); ++i) searchers_[i]->note();
  return first;
}

SearchStats RootParallelSearcher::stats() const {
  SearchStats total;
  total.root_solved = false;
  for (const auto& s : searchers_) {
    SearchStats one = s->stats();
    total.playouts += one.playouts;
    total.rollouts += one.rollouts;
    total.nodes += one.nodes;
    total.root_solved |= one.root_solved;
  }
  return total;
}

}  // namespace ggp::agent
