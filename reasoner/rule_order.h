#pragma once
// The rule compiler's last pass (reasoner/program.h's compile_program): each flattened rule
// compiled with its body in join order. A greedy order: a filter (not, distinct, equal) as soon as
// its variables are bound; otherwise the positive literal expected to match the fewest rows,
// earliest first, knowing the sizes of the static relations evaluated so far. Each positive
// literal gets the hashed columns it probes, and each call of a demand relation the variant of
// that relation for the arguments the call binds (compiled on first use).
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "reasoner/flat_rules.h"

namespace ggp::reasoner {

class RuleCompiler {
 public:
  // `rules`: the flattened rules that p.sccs and p.rules are indexed by; `statics` gives the rows
  // of the static relations evaluated so far.
  RuleCompiler(Program& p, const StaticEvaluation& statics, const std::vector<FlatRule>& rules);

  // Compiles the rules of SCC `s` into p.rules. For semi-naive evaluation, each rule of a
  // recursive SCC also gets one variant per positive literal on a relation of the SCC, with that
  // literal joined first (it reads only the new rows). Throws std::runtime_error for an unsafe
  // rule.
  void compile_scc(uint32_t s);

 private:
  void pattern(const ITerm& t, std::vector<PatternNode>& out);
  TermId ground(const ITerm& t);
  void patterns(const std::vector<ITerm>& args, std::vector<PatternNode>& nodes,
                std::vector<uint32_t>& starts);
  // `first`: the body literal joined first (SIZE_MAX: any); `prebound`: variables bound before
  // the body (a demand call's bound head arguments).
  CompiledRule order_and_compile(const FlatRule& r, size_t first,
                                 const std::set<uint32_t>& prebound = {});
  int32_t index_slot(RelId rel, const IndexColumns& columns);
  int32_t demand_variant(RelId rel, const std::vector<uint8_t>& bound);
  bool in_current_scc(RelId rel) const;
  double estimated_rows(RelId rel) const;

  Program& p_;
  const StaticEvaluation& statics_;
  const std::vector<FlatRule>& rules_;
  std::vector<std::vector<uint32_t>> rules_by_head_;
  std::map<std::pair<RelId, std::vector<uint8_t>>, int32_t> variant_ids_;
  uint32_t current_scc_ = 0;  // the SCC being compiled
};

}  // namespace ggp::reasoner
