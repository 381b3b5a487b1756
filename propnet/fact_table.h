#pragma once
// The facts of one relation while the grounder derives them (propnet/grounder.cpp), with the
// indexes its joins probe.
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "propnet/fact_lists.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

// The key of an index entry: the values at an index's positions folded in order, starting from 0.
inline uint64_t mix_key(uint64_t h, TermId v) {
  return (h ^ v) * 0x9e3779b97f4a7c15ull + (h >> 29);
}

struct FactTable {
  std::vector<TermId> facts;  // in the order derived
  // The arguments of facts[i] at [i * arity, (i + 1) * arity): a join matches facts here, one
  // sequential read, instead of in the term pool, two misses per fact.
  uint32_t arity = 0;
  std::vector<TermId> args;
  // Facts by the values at a set of positions (a hash of them; a collision only costs a failed
  // match), built on first use for each set a join asks for. Position p * 64 is the p-th argument,
  // p * 64 + 1 + q the q-th argument of a compound p-th argument, so `(true (cell 1 ?y))` finds its
  // candidates by `1` although the argument of `true` is not ground.
  struct Index {
    FactLists facts;
    uint32_t indexed = 0;  // facts[0, indexed) are in `facts`
  };
  std::map<std::vector<uint32_t>, Index> index;

  void add(TermId atom, std::span<const TermId> atom_args) {
    facts.push_back(atom);
    args.insert(args.end(), atom_args.begin(), atom_args.end());
  }
  // The value at `position` of fact `fact` (kNoTerm where its argument has no such subterm).
  TermId value_at(const TermPool& pool, uint32_t fact, uint32_t position) const {
    TermId arg = args[static_cast<size_t>(fact) * arity + position / 64];
    if (position % 64 == 0) return arg;
    auto sub = pool.args(arg);
    return position % 64 - 1 < sub.size() ? sub[position % 64 - 1] : kNoTerm;
  }
  // The index by `positions`, brought up to date with every fact: a fact is listed under the key
  // of its values there (mix_key), if it has a value at each.
  const Index& ensure_index(const TermPool& pool, const std::vector<uint32_t>& positions);
};

}  // namespace ggp::propnet
