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

// Each fact's elements (agent/piece_features.h: term_elements), and the values each argument of
// its functor takes among `facts`, by functor and arity.
struct FactShapes {
  std::unordered_map<FactId, std::vector<std::string>> elements;
  std::map<std::pair<std::string, size_t>, std::vector<std::set<std::string>>> values;
};

FactShapes fact_shapes(const reasoner::StateMachine& machine, const std::set<FactId>& facts) {
  FactShapes out;
  for (FactId f : facts) {
    std::vector<std::string> e = term_elements(machine.fact_text(f));
    if (e.size() < 2) continue;  // a constant has no argument to blank
    std::vector<std::set<std::string>>& values = out.values[{e[0], e.size() - 1}];
    values.resize(e.size() - 1);
    for (size_t i = 1; i < e.size(); ++i) values[i - 1].insert(e[i]);
    out.elements.emplace(f, std::move(e));
  }
  return out;
}

// The kind of fact `f`, "" where it has no argument to blank.
std::string kind_of(const FactShapes& shapes, FactId f) {
  const auto it = shapes.elements.find(f);
  if (it == shapes.elements.end()) return "";
  const std::vector<std::string>& e = it->second;
  const std::vector<std::set<std::string>>& values = shapes.values.at({e[0], e.size() - 1});
  std::string kind = "(" + e[0];
  bool blanked = false;
  for (size_t i = 0; i < values.size(); ++i) {
    const bool blank =
        values[i].size() > PieceFeatures::kMaxKinds || PieceFeatures::is_coordinate(values, i);
    blanked |= blank;
    kind += " " + (blank ? std::string("_") : e[i + 1]);
  }
  return blanked ? kind + ")" : "";
}

}  // namespace

CaptureRanks scarcity_ranks(const reasoner::StateMachine& machine, std::span<const State> states,
                            std::span<const FactId> victims) {
  CaptureRanks out;
  if (victims.empty() || states.empty()) return out;
  std::set<FactId> seen(victims.begin(), victims.end());
  for (const State& s : states) s.for_each_fact([&](FactId f) { seen.insert(f); });
  const FactShapes shapes = fact_shapes(machine, seen);
  std::unordered_map<FactId, std::string> kind_text;  // of every seen fact
  for (FactId f : seen) kind_text.emplace(f, kind_of(shapes, f));
  // Every seen fact of a victim's kind counts towards that kind.
  std::map<std::string, size_t> kinds;  // kind -> index
  std::vector<size_t> victim_kind;
  for (FactId f : victims) {
    const std::string& kind = kind_text.at(f);
    if (kind.empty()) return out;
    victim_kind.push_back(kinds.emplace(kind, kinds.size()).first->second);
  }
  if (kinds.size() < 2) return out;
  std::unordered_map<FactId, size_t> fact_kind;
  for (const auto& [f, kind] : kind_text)
    if (const auto it = kinds.find(kind); it != kinds.end()) fact_kind[f] = it->second;
  std::vector<double> held(kinds.size(), 0);  // facts of each kind held, summed over the states
  for (const State& s : states)
    s.for_each_fact([&](FactId f) {
      if (const auto it = fact_kind.find(f); it != fact_kind.end()) held[it->second] += 1;
    });
  // Ranks: kinds by their mean count, the scarcest first; equal counts share a rank.
  std::vector<size_t> order(kinds.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return held[a] < held[b]; });
  std::vector<uint8_t> rank_of(kinds.size());
  uint8_t rank = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && held[order[i]] > held[order[i - 1]] && rank + 1 < reasoner::Captures::kMaxRanks)
      ++rank;
    rank_of[order[i]] = rank;
  }
  if (rank == 0) return out;
  for (size_t k : victim_kind) out.ranks.push_back(rank_of[k]);
  std::string first;
  for (const auto& [name, k] : kinds)
    if (k == order.front()) first = name;
  char line[200];
  std::snprintf(line, sizeof line, "%d victim ranks of %zu kinds, %s first (%.2f held)", rank + 1,
                kinds.size(), first.c_str(), held[order.front()] / static_cast<double>(states.size()));
  out.summary = line;
  return out;
}

}  // namespace ggp::agent
