#include "reasoner/program.h"

#include <algorithm>

#include "reasoner/flat_rules.h"
#include "reasoner/rule_ir.h"
#include "reasoner/rule_order.h"
#include "reasoner/rule_strata.h"

namespace ggp::reasoner {
namespace {

// Marks the positive literals on a relation of their rule's own recursive SCC; p.max_vars.
void mark_recursive_literals(Program& p) {
  for (const Scc& scc : p.sccs)
    for (uint32_t ri : scc.rules) {
      CompiledRule& r = p.rules[ri];
      p.max_vars = std::max<size_t>(p.max_vars, r.num_vars);
      for (CompiledLiteral& l : r.body)
        l.recursive =
            scc.recursive && l.kind == CompiledLiteral::Kind::Positive &&
            std::find(scc.relations.begin(), scc.relations.end(), l.rel) != scc.relations.end();
    }
}

// The non-static SCCs (with rules) that the targets depend on, in dependency order.
std::vector<uint32_t> plan(const Program& p, const RelationDeps& deps,
                           const std::vector<RelId>& targets) {
  std::vector<uint8_t> seen(p.relations.size(), 0);
  std::vector<RelId> work = targets;
  while (!work.empty()) {
    RelId r = work.back();
    work.pop_back();
    if (seen[r]) continue;
    seen[r] = 1;
    for (RelId d : deps[r]) work.push_back(d);
  }
  std::vector<uint32_t> out;
  for (uint32_t s = 0; s < p.sccs.size(); ++s) {
    const Scc& scc = p.sccs[s];
    if (scc.cls == RelClass::Static || scc.demand) continue;
    if (std::any_of(scc.relations.begin(), scc.relations.end(), [&](RelId r) { return seen[r]; }))
      out.push_back(s);
  }
  return out;
}

void plans(Program& p, const RelationDeps& deps) {
  std::vector<RelId> legal, next;
  for (const Functor& f : p.functors) {
    if (f.legal_rel != kNoId) legal.push_back(f.legal_rel);
    if (f.next_rel != kNoId) next.push_back(f.next_rel);
  }
  p.legal_plan = plan(p, deps, legal);
  p.next_plan = plan(p, deps, next);
  p.goal_plan = plan(p, deps, {p.goal_rel});
  p.terminal_plan = plan(p, deps, {p.terminal_rel});
  for (uint32_t s = 0; s < p.sccs.size(); ++s)
    if (p.sccs[s].cls == RelClass::Move && !p.sccs[s].demand) p.move_sccs.push_back(s);
}

}  // namespace

// The passes, in order: lowering (rule_ir.h), flattening and pruning (flat_rules.h), classes,
// demand relations and strata (rule_strata.h), join order (rule_order.h), then the plans.
std::unique_ptr<Program> compile_program(std::shared_ptr<const gdl::Game> game,
                                         const StaticEvaluation& statics,
                                         const std::vector<std::string>& demand) {
  auto program = std::make_unique<Program>();
  Program& p = *program;
  p.game = std::move(game);
  p.terms = std::make_shared<TermStore>();
  std::vector<IRule> lowered = lower_rules(*p.game);
  std::vector<IFunctor> functors = collect_functors(lowered);
  lowered = expand_family_variables(std::move(lowered), functors);
  for (gdl::SymbolId role : p.game->roles) p.roles.push_back(p.terms->intern(role, {}));
  std::vector<FlatRule> rules = flatten_rules(p, lowered);
  rules = live_rules(p, std::move(rules));
  rules = relevant_rules(p, std::move(rules));
  const RelationDeps deps = relation_deps(p, rules);
  classify_relations(p, deps);
  mark_demand_relations(p, rules, deps, demand);
  stratify_rules(p, rules);
  mark_demand_sccs(p);
  // Static SCCs first, each evaluated as soon as it is compiled, so that every later rule is
  // ordered knowing the sizes of the static relations it reads.
  p.rules.resize(rules.size());
  RuleCompiler compiler(p, statics, rules);
  for (uint32_t s = 0; s < p.sccs.size(); ++s)
    if (p.sccs[s].cls == RelClass::Static && !p.sccs[s].demand) {
      compiler.compile_scc(s);
      statics.evaluate(p, s);
    }
  for (uint32_t s = 0; s < p.sccs.size(); ++s)
    if (p.sccs[s].cls != RelClass::Static && !p.sccs[s].demand) compiler.compile_scc(s);
  mark_recursive_literals(p);
  plans(p, deps);
  for (const Relation& r : p.relations)
    if (r.demand) p.notes.push_back("evaluated on demand: " + r.name);
  return program;
}

}  // namespace ggp::reasoner
