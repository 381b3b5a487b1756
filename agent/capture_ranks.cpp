#include "agent/capture_ranks.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

#include "agent/piece_features.h"

namespace ggp::agent {

using reasoner::FactId;
using reasoner::State;

namespace {

// Each fact's kind, as an index into `names`, for the facts of `facts` with a coordinate (or an
// argument of more than kMaxKinds values) to blank.
struct FactKinds {
  std::vector<std::string> names;
  std::unordered_map<FactId, size_t> of;
};

FactKinds fact_kinds(const reasoner::StateMachine& machine, const std::set<FactId>& facts) {
  FactKinds out;
  std::map<std::string, size_t> index;
  for (const auto& [key, group] : facts_by_functor(machine, facts, 1)) {
    std::vector<bool> blank(group.values.size());
    bool blanked = false;
    for (size_t i = 0; i < blank.size(); ++i) {
      blank[i] = group.values[i].size() > PieceFeatures::kMaxKinds ||
                 PieceFeatures::is_coordinate(group.values, i);
      blanked |= blank[i];
    }
    if (!blanked) continue;
    for (const auto& [f, e] : group.facts) {
      std::string kind = "(" + key.first;
      for (size_t i = 0; i < blank.size(); ++i) kind += " " + (blank[i] ? std::string("_") : e[i + 1]);
      kind += ")";
      const auto [it, added] = index.emplace(std::move(kind), out.names.size());
      if (added) out.names.push_back(it->first);
      out.of.emplace(f, it->second);
    }
  }
  return out;
}

}  // namespace

CaptureRanks scarcity_ranks(const reasoner::StateMachine& machine, std::span<const State> states,
                            std::span<const FactId> victims) {
  CaptureRanks out;
  if (victims.empty() || states.empty()) return out;
  std::set<FactId> seen(victims.begin(), victims.end());
  for (const State& s : states) s.for_each_fact([&](FactId f) { seen.insert(f); });
  const FactKinds kinds = fact_kinds(machine, seen);
  std::vector<size_t> victim_kind;
  std::vector<size_t> victim_kinds;  // the kinds some victim is of, each once
  std::vector<bool> of_a_victim(kinds.names.size(), false);
  for (FactId f : victims) {
    const auto it = kinds.of.find(f);
    if (it == kinds.of.end()) return out;
    victim_kind.push_back(it->second);
    if (!of_a_victim[it->second]) of_a_victim[it->second] = true, victim_kinds.push_back(it->second);
  }
  if (victim_kinds.size() < 2) return out;
  std::vector<double> held(kinds.names.size(), 0);  // facts of each kind held, over the states
  for (const State& s : states)
    s.for_each_fact([&](FactId f) {
      if (const auto it = kinds.of.find(f); it != kinds.of.end()) held[it->second] += 1;
    });
  // Ranks: the victims' kinds by their mean count, the scarcest first; equal counts share a rank.
  std::vector<size_t>& order = victim_kinds;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return held[a] < held[b]; });
  std::vector<uint8_t> rank_of(kinds.names.size(), 0);
  uint8_t rank = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && held[order[i]] > held[order[i - 1]] && rank + 1 < reasoner::Captures::kMaxRanks)
      ++rank;
    rank_of[order[i]] = rank;
  }
  if (rank == 0) return out;
  for (size_t k : victim_kind) out.ranks.push_back(rank_of[k]);
  char line[200];
  std::snprintf(line, sizeof line, "%d victim ranks of %zu kinds, %s first (%.2f held)", rank + 1,
                order.size(), kinds.names[order.front()].c_str(),
                held[order.front()] / static_cast<double>(states.size()));
  out.summary = line;
  return out;
}

}  // namespace ggp::agent
