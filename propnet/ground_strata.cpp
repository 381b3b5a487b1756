#include "propnet/ground_strata.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "gdl/scc.h"

namespace ggp::propnet {
namespace {

std::runtime_error error(const std::string& what) {
  return std::runtime_error("propnet: " + what);
}

// Marks every relation that `roots` depend on through the rules, the roots included.
std::vector<char> needed_relations(const RuleSet& set, std::vector<uint32_t> roots) {
  std::vector<char> needed(set.relations.size(), 0);
  for (uint32_t r : roots) needed[r] = 1;
  while (!roots.empty()) {
    const uint32_t h = roots.back();
    roots.pop_back();
    for (const PreparedRule& r : set.rules) {
      if (r.head.relation != h) continue;
      for (const auto* literals : {&r.positive, &r.negative})
        for (const PreparedAtom& a : *literals)
          if (!needed[a.relation]) {
            needed[a.relation] = 1;
            roots.push_back(a.relation);
          }
    }
  }
  return needed;
}

}  // namespace

GroundingStrata stratify(const RuleSet& set) {
  GroundingStrata out;
  const uint32_t true_ = set.find_relation(gdl::kw::true_, 1);
  const uint32_t does = set.find_relation(gdl::kw::does, 2);
  for (const PreparedRule& r : set.rules)
    if (r.head.relation == true_ || r.head.relation == does)
      throw error("a rule defines 'true' or 'does': " + r.text);
  out.dynamic = dynamic_relations(set);
  const uint32_t init = set.find_relation(gdl::kw::init, 1);
  if (init != UINT32_MAX && out.dynamic[init]) throw error("'init' depends on 'true' or 'does'");
  std::vector<uint32_t> observable;
  for (auto [name, arity] : {std::pair{gdl::kw::next, 1u},
                             {gdl::kw::legal, 2u},
                             {gdl::kw::init, 1u},
                             {gdl::kw::goal, 2u},
                             {gdl::kw::terminal, 0u}})
    if (uint32_t r = set.find_relation(name, arity); r != UINT32_MAX) observable.push_back(r);
  out.needed = needed_relations(set, observable);

  // Edges from a relation to those it reads: Tarjan's ids come dependencies first.
  std::vector<std::vector<uint32_t>> reads(set.relations.size());
  for (const PreparedRule& r : set.rules)
    for (const PreparedAtom& a : r.positive) reads[r.head.relation].push_back(a.relation);
  for (const PreparedRule& r : set.rules)
    for (const PreparedAtom& a : r.negative) reads[r.head.relation].push_back(a.relation);
  const gdl::Components components = gdl::strongly_connected(reads);
  for (const PreparedRule& r : set.rules)
    for (const PreparedAtom& a : r.negative)
      if (!out.dynamic[r.head.relation] &&
          components.of[a.relation] == components.of[r.head.relation])
        throw error("negation inside recursion (not stratified): " + r.text);
  std::vector<std::vector<uint32_t>> by_component(components.count());
  for (uint32_t i = 0; i < set.rules.size(); ++i) {
    const uint32_t head = set.rules[i].head.relation;
    if (!out.needed[head]) continue;
    if (out.dynamic[head])
      out.dynamic_rules.push_back(i);
    else
      by_component[components.of[head]].push_back(i);
  }
  for (auto& rules : by_component)
    if (!rules.empty()) out.static_groups.push_back(std::move(rules));
  return out;
}

}  // namespace ggp::propnet
