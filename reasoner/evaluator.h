#pragma once
// Bottom-up evaluation of a compiled program, one SCC at a time (Datalog with stratified negation;
// Ullman, "Principles of Database and Knowledge-Base Systems", ch. 3): a non-recursive SCC is one
// pass over its rules; a recursive one iterates semi-naively, each round joining one literal of
// the SCC against the rows added in the previous round, to a fixpoint. Rules are nested-loop joins
// in their compiled order, probing one hashed column per positive literal.
#include <vector>

#include "reasoner/demand_memo.h"
#include "reasoner/program.h"

namespace ggp::reasoner {

class Evaluator {
 public:
  // `tables[rel]` holds relation rel's rows: read for body literals, written for the heads of
  // the SCCs evaluated.
  Evaluator(const Program& program, std::vector<RelationTable*> tables);

  // Derives the rows of the SCC's relations from their rules. Their tables must start empty and
  // every SCC they depend on must be complete. `max_rows` bounds the SCC's rows, and 25 times it
  // the candidate rows tried (0: no bound); returns false if a bound was exceeded (the evaluation
  // is then incomplete).
  bool evaluate(uint32_t scc, size_t max_rows = 0);

  RelationTable& table(RelId rel) { return *tables_[rel]; }
  // Forgets the memoised answers of dynamic demand relations (the state or the move changed).
  void clear_dynamic_demand() { memos_[1].clear(); }

 private:
  void run(const CompiledRule& rule, int delta_literal);
  void solve(const CompiledRule& rule, size_t li);
  bool match(const PatternNode* n, TermId t);
  bool match_args(const CompiledLiteral& l, const TermId* row);
  // The term a bound pattern stands for: interned if `create`, else kNoTerm when it does not exist.
  TermId resolve(const PatternNode* n, bool create);
  void reset(const CompiledLiteral& l) {
    for (uint32_t v : l.binds) vars_[base_ + v] = kNoTerm;
  }
  // A literal on a demand relation (see DemandVariant).
  void solve_demand(const CompiledRule& rule, size_t li);
  // The memo entry answering the call of variant `variant` with the bound arguments `key`.
  uint32_t demand_entry(int32_t variant, const std::vector<TermId>& key);

  const Program& program_;
  TermStore& terms_;
  std::vector<RelationTable*> tables_;
  std::vector<TermId> vars_;  // a stack of frames: the running rule's variables start at base_
  size_t base_ = 0;
  size_t frame_ = 0;          // variables of the running rule's frame
  // [0] answers calls of static relations, kept; [1] of dynamic ones, dropped with the state.
  DemandMemo memos_[2];
  static constexpr uint32_t kDynamicEntry = 0x80000000u;
  static constexpr size_t kMaxStaticEntries = 1 << 20;  // beyond, the static memo starts afresh
  DemandEntry& entry(uint32_t handle) {
    return memos_[handle >> 31][handle & ~kDynamicEntry];
  }
  uint32_t answer_to_ = 0;    // the entry a running demand rule answers
  std::vector<TermId> call_;  // scratch for demand call keys
  uint32_t depth_ = 0;        // demand calls being computed
  uint32_t low_ = kNoId;      // the shallowest call in progress that the current one read
  size_t demand_rows_ = 0;    // demand answers found by the current evaluate()
  size_t steps_ = 0, max_steps_ = SIZE_MAX;  // candidate rows tried, and their bound
  std::vector<TermId> key_;      // a row being probed or emitted
  std::vector<TermId> stack_;    // arguments of function terms being resolved
  std::vector<TermId> pending_;  // head rows derived by the rule being run
  int delta_literal_ = -1;
  bool overflow_ = false;    // the row bound of evaluate() was exceeded
  size_t max_pending_ = SIZE_MAX;
  size_t max_rows_ = SIZE_MAX;
  size_t max_terms_ = SIZE_MAX;  // bounds the terms built too, when rows are bounded
  uint32_t delta_lo_ = 0, delta_hi_ = 0;
  std::vector<uint32_t> round_lo_, round_hi_;  // per relation, the previous round's new rows
};

}  // namespace ggp::reasoner
