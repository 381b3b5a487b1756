#include "propnet/constant_fluents.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace ggp::propnet {
namespace {

using FluentName = std::pair<gdl::SymbolId, uint32_t>;  // functor and arity

bool same(const Pattern& a, const Pattern& b) {
  if (a.kind != b.kind || a.value != b.value || a.args.size() != b.args.size()) return false;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (!same(a.args[i], b.args[i])) return false;
  return true;
}

// The fluent name of a term pattern, or nothing for a variable.
std::optional<FluentName> name_of(const Pattern& p, const TermPool& pool) {
  if (p.kind == Pattern::Kind::Var) return std::nullopt;
  if (p.kind == Pattern::Kind::Func) return FluentName{p.value, p.args.size()};
  return FluentName{pool.functor(p.value), pool.args(p.value).size()};
}

// `(f ?v1 ... ?vn)` with distinct variables, or a variable.
bool fully_general(const Pattern& p) {
  if (p.kind == Pattern::Kind::Var) return true;
  if (p.kind != Pattern::Kind::Func) return false;
  std::vector<uint32_t> vars;
  for (const Pattern& a : p.args) {
    if (a.kind != Pattern::Kind::Var) return false;
    vars.push_back(a.value);
  }
  std::sort(vars.begin(), vars.end());
  return std::adjacent_find(vars.begin(), vars.end()) == vars.end();
}

// `(<= (next X) (true X))` and nothing else.
bool is_frame(const PreparedRule& r, uint32_t true_, const TermPool& pool) {
  return r.positive.size() == 1 && r.negative.empty() && r.distinct.empty() &&
         r.positive[0].relation == true_ &&
         same(argument_of(r.head.atom, 0, pool), argument_of(r.positive[0].atom, 0, pool));
}

}  // namespace

size_t read_constant_fluents(RuleSet& set, TermPool& pool) {
  const uint32_t next = set.find_relation(gdl::kw::next, 1);
  const uint32_t true_ = set.find_relation(gdl::kw::true_, 1);
  const uint32_t init = set.find_relation(gdl::kw::init, 1);
  if (next == UINT32_MAX || true_ == UINT32_MAX || init == UINT32_MAX) return 0;

  // Per fluent name: the general frame that keeps it, and whether another `next` rule makes it.
  // Rules are named by index: the rules added below move them.
  constexpr uint32_t kNone = UINT32_MAX;
  struct Use {
    uint32_t frame = kNone;
    bool made = false;
  };
  std::map<FluentName, Use> uses;
  uint32_t frame_for_all = kNone;  // `(<= (next ?x) (true ?x))`
  std::vector<char> frame(set.rules.size(), 0);
  for (uint32_t ri = 0; ri < set.rules.size(); ++ri) {
    const PreparedRule& r = set.rules[ri];
    if (r.head.relation != next) continue;
    const Pattern made = argument_of(r.head.atom, 0, pool);
    const std::optional<FluentName> name = name_of(made, pool);
    frame[ri] = is_frame(r, true_, pool);
    if (frame[ri] && !fully_general(made)) continue;  // keeps some of what is true: no matter
    if (!name && !frame[ri]) return 0;                // `(next ?x)` could make anything
    if (!name)
      frame_for_all = ri;
    else if (frame[ri])
      uses[*name].frame = ri;
    else
      uses[*name].made = true;
  }
  std::map<FluentName, uint32_t> constant;  // name -> its static relation
  for (const auto& [name, use] : uses)
    if ((use.frame != kNone || frame_for_all != kNone) && !use.made) constant[name] = 0;
  if (constant.empty()) return 0;

  for (auto& [name, relation] : constant) {
    const gdl::SymbolId symbol = kConstantSymbol + static_cast<gdl::SymbolId>(set.relations.size());
    relation = set.relation(symbol, 1);
    PreparedRule r;
    Pattern fluent{Pattern::Kind::Func, name.first, {}};
    for (uint32_t v = 0; v < name.second; ++v) fluent.args.push_back({Pattern::Kind::Var, v, {}});
    if (name.second == 0) fluent = {Pattern::Kind::Ground, pool.intern(name.first, {}), {}};
    r.num_slots = name.second;
    r.head.relation = relation;
    r.head.atom = {Pattern::Kind::Func, symbol, {fluent}};
    r.head.slots = unique_slots(r.head.atom);
    PreparedAtom from = r.head;
    from.relation = init;
    from.atom.value = gdl::kw::init;
    r.positive.push_back(std::move(from));
    const uint32_t kept_by = uses[name].frame != kNone ? uses[name].frame : frame_for_all;
    r.text = "(the constant fluent of) " + set.rules[kept_by].text;
    set.rules.push_back(std::move(r));
  }
  auto rewrite = [&](PreparedAtom& a) {
    if (a.relation != true_) return;
    const std::optional<FluentName> name = name_of(argument_of(a.atom, 0, pool), pool);
    if (!name) return;
    const auto it = constant.find(*name);
    if (it == constant.end()) return;
    a.relation = it->second;
    const gdl::SymbolId symbol = set.relations[it->second].name;
    if (a.atom.kind == Pattern::Kind::Func)
      a.atom.value = symbol;
    else
      a.atom.value = pool.intern(symbol, std::vector<TermId>(pool.args(a.atom.value).begin(),
                                                             pool.args(a.atom.value).end()));
  };
  for (uint32_t ri = 0; ri < frame.size(); ++ri) {
    if (frame[ri]) continue;
    for (PreparedAtom& a : set.rules[ri].positive) rewrite(a);
    for (PreparedAtom& a : set.rules[ri].negative) rewrite(a);
  }
  return constant.size();
}

}  // namespace ggp::propnet
