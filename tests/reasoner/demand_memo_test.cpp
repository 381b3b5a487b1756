// The memo of demand calls (reasoner/demand_memo.h): lookups, duplicate answers, and reuse of
// cleared entries.
#include <doctest/doctest.h>

#include <vector>

#include "reasoner/demand_memo.h"

namespace ggp::reasoner {
namespace {

bool add_row(DemandEntry& e, std::vector<TermId> row) {
  e.answers.insert(e.answers.end(), row.begin(), row.end());
  return e.keep_last_answer(row.size());
}

TEST_CASE("demand memo: a call is found by variant and key, until forgotten or cleared") {
  DemandMemo memo;
  std::vector<TermId> a{1, 2}, b{2, 1};
  // Hash collisions on purpose: every entry has hash 7, so lookups must compare the keys.
  uint32_t ea = memo.add(0, a, 7);
  uint32_t eb = memo.add(0, b, 7);
  uint32_t ec = memo.add(1, a, 7);
  CHECK(memo.find(0, a, 7) == ea);
  CHECK(memo.find(0, b, 7) == eb);
  CHECK(memo.find(1, a, 7) == ec);
  CHECK(memo.find(1, b, 7) == kNoId);
  memo.forget(eb);
  CHECK(memo.find(0, b, 7) == kNoId);
  CHECK(memo.find(0, a, 7) == ea);
  memo.clear();
  CHECK(memo.size() == 0);
  CHECK(memo.find(0, a, 7) == kNoId);
}

TEST_CASE("demand memo: duplicate answers are dropped, through growth and reuse") {
  DemandMemo memo;
  uint32_t e = memo.add(0, {}, 1);
  for (TermId i = 0; i < 100; ++i) CHECK(add_row(memo[e], {i, i + 1}));
  for (TermId i = 0; i < 100; ++i) CHECK_FALSE(add_row(memo[e], {i, i + 1}));
  CHECK(memo[e].count == 100);
  CHECK(memo[e].answers.size() == 200);
  CHECK(add_row(memo[e], {1, 0}));  // the same values in another order are another row
  // Arity 0: one answer at most.
  uint32_t z = memo.add(1, {}, 2);
  CHECK(add_row(memo[z], {}));
  CHECK_FALSE(add_row(memo[z], {}));
  CHECK(memo[z].count == 1);
  // A cleared memo reuses its entries with nothing left of their answers.
  memo.clear();
  uint32_t r = memo.add(2, std::vector<TermId>{9}, 3);
  CHECK(r == e);
  CHECK(memo[r].count == 0);
  CHECK(memo[r].answers.empty());
  CHECK(add_row(memo[r], {0, 1}));
}

}  // namespace
}  // namespace ggp::reasoner
