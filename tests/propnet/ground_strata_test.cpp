// The grounder's stratification (propnet/ground_strata.h): which relations are dynamic and needed,
// and the static groups in an order where every relation is complete before it is read.
#include "propnet/ground_strata.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gdl/loader.h"

namespace ggp::propnet {
namespace {

// `less` is recursive over `succ`; `big` reads `less` negated; `lonely` is read by nothing
// observable.
constexpr const char* kCounter = R"(
  (role counter)
  (succ 0 1) (succ 1 2) (succ 2 3)
  (<= (less ?x ?y) (succ ?x ?y))
  (<= (less ?x ?z) (succ ?x ?y) (less ?y ?z))
  (<= (big ?x) (succ ?w ?x) (not (less ?x 3)))
  (<= (lonely ?x) (succ ?x ?x))
  (init (count 0))
  (<= (legal counter (add ?y)) (true (count ?x)) (less ?x ?y))
  (<= (next (count ?y)) (does counter (add ?y)))
  (<= high (true (count ?x)) (big ?x))
  (<= terminal high)
  (<= (goal counter 100) high)
  (<= (goal counter 0) (not high))
)";

struct Prepared {
  std::shared_ptr<const gdl::Game> game;
  TermPool pool;
  RuleSet set;
  uint32_t relation(const std::string& name, uint32_t arity) const {
    return set.find_relation(game->symbols.find(name), arity);
  }
};

Prepared prepare(std::shared_ptr<const gdl::Game> game) {
  Prepared p;
  p.game = std::move(game);
  p.set = prepare_rules(*p.game, p.pool);
  return p;
}

// The group of each relation with rules in a static group (-1: none).
std::vector<int> group_of(const Prepared& p, const GroundingStrata& s) {
  std::vector<int> group(p.set.relations.size(), -1);
  for (size_t g = 0; g < s.static_groups.size(); ++g)
    for (uint32_t rule : s.static_groups[g])
      group[p.set.rules[rule].head.relation] = static_cast<int>(g);
  return group;
}

TEST_CASE("stratify: dynamic and needed relations, static groups dependencies first") {
  const Prepared p = prepare(gdl::load_game_text(kCounter, "counter"));
  const GroundingStrata s = stratify(p.set);
  for (auto relation : {std::pair{"succ", 2u}, {"less", 2u}, {"big", 1u}, {"lonely", 1u}})
    CHECK_MESSAGE(!s.dynamic[p.relation(relation.first, relation.second)], relation.first);
  CHECK(s.dynamic[p.relation("high", 0)]);
  CHECK(s.dynamic[p.relation("legal", 2)]);
  CHECK_FALSE(s.needed[p.relation("lonely", 1)]);
  CHECK(s.needed[p.relation("big", 1)]);
  const std::vector<int> group = group_of(p, s);
  CHECK(group[p.relation("lonely", 1)] == -1);
  REQUIRE(group[p.relation("succ", 2)] >= 0);
  CHECK(group[p.relation("succ", 2)] < group[p.relation("less", 2)]);
  CHECK(group[p.relation("less", 2)] < group[p.relation("big", 1)]);
  // Both rules of the recursive `less` are in one group.
  size_t less_rules = 0;
  for (uint32_t rule : s.static_groups[group[p.relation("less", 2)]])
    less_rules += p.set.rules[rule].head.relation == p.relation("less", 2);
  CHECK(less_rules == 2);
  // The dynamic rules are the rules of needed dynamic relations, each once.
  for (uint32_t rule : s.dynamic_rules) CHECK(s.dynamic[p.set.rules[rule].head.relation]);
  size_t dynamic_heads = 0;
  for (const PreparedRule& r : p.set.rules) dynamic_heads += s.dynamic[r.head.relation] != 0;
  CHECK(s.dynamic_rules.size() == dynamic_heads);
}

TEST_CASE("stratify: on the shipped games, a static relation is read only after its group") {
  size_t literals = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(GGP_SOURCE_ROOT) + "/games_kif")) {
    if (entry.path().extension() != ".kif") continue;
    CAPTURE(entry.path().filename().string());
    const Prepared p = prepare(gdl::load_game_file(entry.path().string()));
    const GroundingStrata s = stratify(p.set);
    const std::vector<int> group = group_of(p, s);
    for (size_t g = 0; g < s.static_groups.size(); ++g)
      for (uint32_t rule : s.static_groups[g]) {
        const PreparedRule& r = p.set.rules[rule];
        for (const PreparedAtom& a : r.positive) CHECK(group[a.relation] <= static_cast<int>(g));
        for (const PreparedAtom& a : r.negative) CHECK(group[a.relation] < static_cast<int>(g));
        literals += r.positive.size() + r.negative.size();
      }
  }
  CHECK(literals > 0);
}

}  // namespace
}  // namespace ggp::propnet
