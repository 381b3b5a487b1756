// Restarted groundings (propnet/grounder.cpp): a run abandoned for its size or for a hot rule hands
// its emptied buffers to the next run, which must ground exactly as a run from fresh buffers.
// Also the term pool's clear() and the huge-page allocator behind its table.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gdl/loader.h"
#include "propnet/grounder.h"
#include "propnet/huge_pages.h"
#include "propnet/small_games.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {
namespace {

void check_same(const Grounding& a, const Grounding& b) {
  REQUIRE(a.pool.size() == b.pool.size());
  size_t different_terms = 0;
  for (TermId t = 0; t < a.pool.size(); ++t) {
    auto x = a.pool.args(t), y = b.pool.args(t);
    different_terms += a.pool.functor(t) != b.pool.functor(t) ||
                       !std::equal(x.begin(), x.end(), y.begin(), y.end());
  }
  CHECK(different_terms == 0);
  REQUIRE(a.rules.size() == b.rules.size());
  size_t different_rules = 0;
  for (size_t i = 0; i < a.rules.size(); ++i)
    different_rules += a.rules[i].head != b.rules[i].head || a.rules[i].begin != b.rules[i].begin ||
                       a.rules[i].end != b.rules[i].end;
  CHECK(different_rules == 0);
  CHECK(a.body == b.body);
  CHECK(a.true_atoms == b.true_atoms);
  CHECK(a.does_atoms == b.does_atoms);
  CHECK(a.legal_atoms == b.legal_atoms);
  CHECK(a.goal_atoms == b.goal_atoms);
  CHECK(a.next_atoms == b.next_atoms);
  CHECK(a.init_atoms == b.init_atoms);
  CHECK(a.terminal_atoms == b.terminal_atoms);
  CHECK(a.kind == b.kind);
}

TEST_CASE("a grounding after abandoned runs equals one whose runs start from fresh buffers") {
  auto rules = gdl::load_game_text(testing::guessing_game(12), "guessing");
  GroundingLimits whole;
  whole.split_rules = false;
  const size_t plain = ground(*rules, whole).body.size();
  // A literal limit that the whole rules pass (so that run is abandoned, and its buffers go to the
  // split runs) but the eliminated ones do not; a hot rule restarts the split run too.
  GroundingLimits tight;
  tight.max_body_literals = plain / 2;
  GroundingLimits direct = tight;
  direct.whole_share = 0;  // the first split run starts from fresh buffers
  Grounding after_whole = ground(*rules, tight);
  Grounding split_first = ground(*rules, direct);
  CHECK(after_whole.body.size() < plain / 2);
  check_same(after_whole, split_first);
}

TEST_CASE("a cleared term pool hands out the ids of a new pool") {
  TermPool used;
  for (TermId i = 0; i < 50'000; ++i) {  // grows the table well past its first size
    TermId args[2] = {i % 7, i};
    used.intern(static_cast<gdl::SymbolId>(i % 5), std::span<const TermId>(args, i % 3));
  }
  used.clear();
  CHECK(used.size() == 0);
  TermPool fresh;
  for (TermId i = 0; i < 3000; ++i) {
    TermId args[2] = {i % 11, i / 2};
    const gdl::SymbolId f = static_cast<gdl::SymbolId>(i % 4);
    const auto span = std::span<const TermId>(args, i % 3);
    const TermId a = used.intern(f, span), b = fresh.intern(f, span);
    REQUIRE(a == b);
  }
  CHECK(used.size() == fresh.size());
  const TermId gone[2] = {1, 40'000};  // interned only before the clear
  CHECK(used.find(0, gone) == kNoTerm);
}

TEST_CASE("the huge-page allocator keeps a vector's values through growth past 2 MiB") {
  std::vector<uint64_t, HugePageAllocator<uint64_t>> v;
  for (uint64_t i = 0; i < 1'000'000; ++i) v.push_back(i * 2654435761u);  // 8 MB at the end
  size_t wrong = 0;
  for (uint64_t i = 0; i < v.size(); ++i) wrong += v[i] != i * 2654435761u;
  CHECK(wrong == 0);
  std::vector<uint64_t, HugePageAllocator<uint64_t>> small(100, 7);
  CHECK(small[99] == 7);
}

}  // namespace
}  // namespace ggp::propnet
