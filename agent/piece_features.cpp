#include "agent/piece_features.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace ggp::agent {

using reasoner::FactId;
using reasoner::State;

std::vector<std::string> term_elements(const std::string& text) {
  std::vector<std::string> out;
  size_t begin = text.find_first_not_of(" \t\n");
  if (begin == std::string::npos) return out;
  if (text[begin] != '(') {
    out.push_back(text.substr(begin, text.find_last_not_of(" \t\n") + 1 - begin));
    return out;
  }
  int depth = 0;
  std::string current;
  for (size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' && depth++ == 0) continue;  // the outer parenthesis
    if (c == ')' && --depth == 0) break;
    if (depth == 1 && (c == ' ' || c == '\t' || c == '\n')) {
      if (!current.empty()) out.push_back(std::move(current)), current.clear();
      continue;
    }
    current += c;
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

FactsByFunctor facts_by_functor(const reasoner::StateMachine& machine,
                                const std::set<FactId>& facts, size_t min_arity) {
  FactsByFunctor out;
  for (FactId f : facts) {
    std::vector<std::string> e = term_elements(machine.fact_text(f));
    if (e.size() < min_arity + 1) continue;
    FunctorFacts& group = out[{e[0], e.size() - 1}];
    group.values.resize(e.size() - 1);
    for (size_t i = 1; i < e.size(); ++i) group.values[i - 1].insert(e[i]);
    group.facts.emplace_back(f, std::move(e));
  }
  return out;
}

bool PieceFeatures::is_coordinate(const std::vector<std::set<std::string>>& values, size_t i) {
  for (size_t j = 0; j < values.size(); ++j)
    if (j != i && values[j].size() == values[i].size()) return values[i].size() >= 4;
  return false;
}

// The argument that names a piece's kind: the one with the fewest values (2 .. kMaxKinds) among
// those that are not coordinates, where coordinates are arguments with 4 values or more that
// another argument has as many of (the two sides of a board). (cell ?x ?y ?piece) on chess's board
// has 8, 8 and 13 values, so the piece is its kind; with 8, 8 and 8 nothing tells them apart and
// none is. values.size() when there is no such argument.
size_t PieceFeatures::kind_argument(const std::vector<std::set<std::string>>& values) {
  size_t best = values.size(), fewest = kMaxKinds + 1;
  for (size_t i = 0; i < values.size(); ++i) {
    const size_t n = values[i].size();
    if (n >= 2 && n < fewest && !is_coordinate(values, i)) best = i, fewest = n;
  }
  return best;
}

PieceFeatures PieceFeatures::discover(const reasoner::StateMachine& machine,
                                      std::span<const State> states, bool lines,
                                      size_t min_facts) {
  std::set<FactId> seen;
  for (const State& s : states) s.for_each_fact([&](FactId f) { seen.insert(f); });
  PieceFeatures out;
  std::vector<Set> line_sets;
  for (const auto& [key, facts] : facts_by_functor(machine, seen, 2)) {
    const size_t arity = key.second;
    const std::vector<std::set<std::string>>& values = facts.values;
    const size_t best = kind_argument(values);
    if (best == arity) continue;
    for (const std::string& value : values[best]) {
      // The pieces of this kind, then (with lines) those on each value of another argument.
      const size_t before = out.sets_.size();
      if (Set set = make_set(key.first, facts, arity, best, value, arity, ""); set.facts >= min_facts)
        out.sets_.push_back(std::move(set));
      if (!lines || out.sets_.size() == before) continue;
      for (size_t i = 0; i < arity; ++i) {
        if (i == best || values[i].size() < 2 || values[i].size() > kMaxValues) continue;
        for (const std::string& line : values[i])
          if (Set set = make_set(key.first, facts, arity, best, value, i, line); set.facts >= 2)
            line_sets.push_back(std::move(set));
      }
    }
  }
  auto larger = [](const Set& a, const Set& b) { return a.facts > b.facts; };
  std::stable_sort(out.sets_.begin(), out.sets_.end(), larger);
  if (out.sets_.size() > kMaxSets) out.sets_.resize(kMaxSets);
  std::stable_sort(line_sets.begin(), line_sets.end(), larger);
  if (line_sets.size() > kMaxLineSets) line_sets.resize(kMaxLineSets);
  for (Set& set : line_sets) out.sets_.push_back(std::move(set));
  return out;
}

PieceFeatures::Set PieceFeatures::make_set(const std::string& functor, const FunctorFacts& facts,
                                           size_t arity, size_t kind_arg, const std::string& kind,
                                           size_t line_arg, const std::string& line) {
  Set set;
  set.name = "(" + functor;
  for (size_t i = 0; i < arity; ++i)
    set.name += " " + (i == kind_arg ? kind : i == line_arg ? line : std::string("_"));
  set.name += ")";
  for (const auto& [f, e] : facts.facts) {
    if (e[kind_arg + 1] != kind || (line_arg < arity && e[line_arg + 1] != line)) continue;
    if (set.mask.size() <= f / 64) set.mask.resize(f / 64 + 1, 0);
    set.mask[f / 64] |= uint64_t{1} << (f % 64);
    ++set.facts;
  }
  return set;
}

void PieceFeatures::counts(const State& state, std::span<double> out) const {
  std::span<const uint64_t> words = state.words();
  for (size_t j = 0; j < sets_.size(); ++j) {
    const std::vector<uint64_t>& mask = sets_[j].mask;
    size_t n = 0;
    for (size_t w = 0, e = std::min(mask.size(), words.size()); w < e; ++w)
      n += static_cast<size_t>(std::popcount(mask[w] & words[w]));
    out[j] = static_cast<double>(n);
  }
}

PieceFeatures::FactLists PieceFeatures::fact_lists() const {
  FactLists out;
  for (const Set& set : sets_) {
    for (size_t w = 0; w < set.mask.size(); ++w)
      for (uint64_t bits = set.mask[w]; bits != 0; bits &= bits - 1)
        out.facts.push_back(static_cast<reasoner::FactId>(w * 64 + std::countr_zero(bits)));
    out.begin.push_back(static_cast<uint32_t>(out.facts.size()));
  }
  return out;
}

}  // namespace ggp::agent
