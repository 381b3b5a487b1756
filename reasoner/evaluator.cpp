#include "reasoner/evaluator.h"

#include <algorithm>

namespace ggp::reasoner {

Evaluator::Evaluator(const Program& program, std::vector<RelationTable*> tables)
    : program_(program),
      terms_(*program.terms),
      tables_(std::move(tables)),
      vars_(program.max_vars, kNoTerm),
      round_lo_(program.relations.size(), 0),
      round_hi_(program.relations.size(), 0) {
  size_t arity = 0;
  for (const Relation& r : program.relations) arity = std::max<size_t>(arity, r.arity);
  key_.resize(arity);
}

bool Evaluator::evaluate(uint32_t scc_index, size_t max_rows) {
  const Scc& scc = program_.sccs[scc_index];
  if (memos_[0].size() > kMaxStaticEntries) memos_[0].clear();  // bounds memory over long matches
  overflow_ = false;
  max_pending_ = max_rows == 0 ? SIZE_MAX : max_rows * std::max<size_t>(1, key_.size());
  max_terms_ = max_rows == 0 ? SIZE_MAX : terms_.size() + max_rows;
  demand_rows_ = 0;
  max_rows_ = max_rows == 0 ? SIZE_MAX : max_rows;
  steps_ = 0;
  max_steps_ = max_rows == 0 ? SIZE_MAX : max_rows * 25;
  auto rows = [&] {
    size_t n = 0;
    for (RelId r : scc.relations) n += tables_[r]->size();
    return n;
  };
  if (!scc.recursive) {
    for (uint32_t r : scc.rules) run(program_.rules[r], -1);
    return !overflow_ && (max_rows == 0 || rows() <= max_rows);
  }
  for (RelId r : scc.relations) round_lo_[r] = tables_[r]->size();
  for (uint32_t r : scc.rules) run(program_.rules[r], -1);
  for (RelId r : scc.relations) round_hi_[r] = tables_[r]->size();
  while (true) {
    if (max_rows != 0 && rows() > max_rows) return false;
    bool any = false;
    for (RelId r : scc.relations) any = any || round_hi_[r] > round_lo_[r];
    if (!any) return true;
    for (uint32_t ri : scc.rules)
      for (const CompiledRule& variant : program_.rules[ri].delta_variants) {
        RelId rel = variant.body[0].rel;
        if (round_hi_[rel] == round_lo_[rel]) continue;
        delta_lo_ = round_lo_[rel];
        delta_hi_ = round_hi_[rel];
        run(variant, 0);
        if (overflow_) return false;
      }
    for (RelId r : scc.relations) {
      round_lo_[r] = round_hi_[r];
      round_hi_[r] = tables_[r]->size();
    }
  }
}

void Evaluator::run(const CompiledRule& rule, int delta_literal) {
  delta_literal_ = delta_literal;
  base_ = 0;
  frame_ = rule.num_vars;
  if (vars_.size() < rule.num_vars) vars_.resize(rule.num_vars, kNoTerm);
  std::fill(vars_.begin(), vars_.begin() + rule.num_vars, kNoTerm);
  pending_.clear();
  solve(rule, 0);
  RelationTable& head = *tables_[rule.head];
  uint32_t arity = head.arity();
  if (arity == 0) {
    if (!pending_.empty()) head.insert(nullptr);
    return;
  }
  for (size_t i = 0; i < pending_.size(); i += arity) head.insert(&pending_[i]);
}

bool Evaluator::match(const PatternNode* n, TermId t) {
  switch (n->kind) {
    case PatternNode::Const:
      return n->value == t;
    case PatternNode::Var: {
      TermId& v = vars_[base_ + n->value];
      if (v == kNoTerm) {
        v = t;
        return true;
      }
      return v == t;
    }
    case PatternNode::Func: {
      const TermNode& node = terms_.node(t);
      if (node.symbol != n->value || node.arity != n->arity) return false;
      const PatternNode* child = n + 1;
      for (uint32_t i = 0; i < n->arity; ++i) {
        if (!match(child, node.args[i])) return false;
        child += child->size;
      }
      return true;
    }
  }
  return false;
}

bool Evaluator::match_args(const CompiledLiteral& l, const TermId* row) {
  for (size_t a = 0; a < l.arg_start.size(); ++a)
    if (!match(&l.nodes[l.arg_start[a]], row[a])) return false;
  return true;
}

TermId Evaluator::resolve(const PatternNode* n, bool create) {
  switch (n->kind) {
    case PatternNode::Const:
      return n->value;
    case PatternNode::Var:
      return vars_[base_ + n->value];
    case PatternNode::Func: {
      size_t base = stack_.size();
      const PatternNode* child = n + 1;
      for (uint32_t i = 0; i < n->arity; ++i) {
        TermId t = resolve(child, create);
        if (t == kNoTerm) {
          stack_.resize(base);
          return kNoTerm;
        }
        stack_.push_back(t);
        child += child->size;
      }
      std::span<const TermId> args(stack_.data() + base, n->arity);
      TermId t = create ? terms_.intern(n->value, args) : terms_.find(n->value, args);
      stack_.resize(base);
      return t;
    }
  }
  return kNoTerm;
}

void Evaluator::solve(const CompiledRule& rule, size_t li) {
  if (overflow_) return;
  if (li == rule.body.size() && rule.demand) {
    if (++demand_rows_ > max_rows_ || terms_.size() > max_terms_) {
      overflow_ = true;
      return;
    }
    DemandEntry& e = entry(answer_to_);
    for (uint32_t start : rule.head_args) e.answers.push_back(resolve(&rule.head_nodes[start], true));
    e.keep_last_answer(rule.head_args.size());
    return;
  }
  if (li == rule.body.size()) {
    if (pending_.size() > max_pending_ || terms_.size() > max_terms_) {
      overflow_ = true;
      return;
    }
    for (uint32_t start : rule.head_args) pending_.push_back(resolve(&rule.head_nodes[start], true));
    if (rule.head_args.empty()) pending_.push_back(kNoTerm);  // marks a derived 0-ary fact
    return;
  }
  const CompiledLiteral& l = rule.body[li];
  using Kind = CompiledLiteral::Kind;
  if (l.kind == Kind::Distinct || l.kind == Kind::Equal) {
    // Every variable is bound here: matching one side against the other's term compares them.
    TermId b = resolve(&l.nodes[l.arg_start[1]], true);
    bool equal = match(&l.nodes[l.arg_start[0]], b);
    if (equal == (l.kind == Kind::Equal)) solve(rule, li + 1);
    return;
  }
  if (l.demand >= 0) {
    solve_demand(rule, li);
    return;
  }
  RelationTable& table = *tables_[l.rel];
  if (l.kind == Kind::Negative || l.all_bound) {
    for (size_t a = 0; a < l.arg_start.size(); ++a) {
      key_[a] = resolve(&l.nodes[l.arg_start[a]], false);
      if (key_[a] == kNoTerm) {  // a term never built cannot be in any table
        if (l.kind == Kind::Negative) solve(rule, li + 1);
        return;
      }
    }
    uint32_t row = table.find_row(key_.data());
    bool found = row != kNoRow;
    if (found && static_cast<int>(li) == delta_literal_)
      found = row >= delta_lo_ && row < delta_hi_;
    if (found == (l.kind == Kind::Positive)) solve(rule, li + 1);
    return;
  }
  uint32_t lo = 0, hi = table.size();
  if (static_cast<int>(li) == delta_literal_) lo = delta_lo_, hi = delta_hi_;
  if (l.index_slot >= 0) {
    TermId values[16];
    for (size_t i = 0; i < l.index_args.size(); ++i)
      values[i] = resolve(&l.nodes[l.arg_start[l.index_args[i]]], false);
    uint64_t key = index_key(values, l.index_args.size());
    for (uint32_t r = table.first(static_cast<uint32_t>(l.index_slot), key); r != kNoRow;
         r = table.next(static_cast<uint32_t>(l.index_slot), r)) {
      if (r < lo || r >= hi) continue;
      if (++steps_ > max_steps_) overflow_ = true;
      bool ok = match_args(l, table.row(r));
      if (ok) solve(rule, li + 1);
      reset(l);
      if ((ok && l.stop_after_first) || overflow_) return;
    }
    return;
  }
  for (uint32_t r = lo; r < hi; ++r) {
    if (++steps_ > max_steps_) overflow_ = true;
    bool ok = match_args(l, table.row(r));
    if (ok) solve(rule, li + 1);
    reset(l);
    if ((ok && l.stop_after_first) || overflow_) return;
  }
}

}  // namespace ggp::reasoner

namespace ggp::reasoner {

void Evaluator::solve_demand(const CompiledRule& rule, size_t li) {
  const CompiledLiteral& l = rule.body[li];
  const DemandVariant& variant = program_.demand[static_cast<size_t>(l.demand)];
  call_.clear();
  for (size_t a = 0; a < variant.bound.size(); ++a)
    if (variant.bound[a]) call_.push_back(resolve(&l.nodes[l.arg_start[a]], true));
  uint32_t e = demand_entry(l.demand, call_);
  if (l.kind == CompiledLiteral::Kind::Negative) {
    if (entry(e).count == 0) solve(rule, li + 1);
    return;
  }
  size_t arity = l.arg_start.size();
  for (uint32_t i = 0; i < entry(e).count; ++i) {
    if (++steps_ > max_steps_) overflow_ = true;
    bool ok = match_args(l, entry(e).answers.data() + i * arity);
    if (ok) solve(rule, li + 1);
    reset(l);
    if ((ok && (l.stop_after_first || l.all_bound)) || overflow_) return;
  }
}

uint32_t Evaluator::demand_entry(int32_t variant_id, const std::vector<TermId>& key) {
  uint64_t h = static_cast<uint64_t>(variant_id) * 0x9e3779b97f4a7c15ull;
  for (TermId t : key) h = (h ^ t) * 0xff51afd7ed558ccdull;
  const DemandVariant& variant = program_.demand[static_cast<size_t>(variant_id)];
  bool dynamic = program_.relations[variant.rel].cls != RelClass::Static;
  DemandMemo& memo = memos_[dynamic ? 1 : 0];
  const uint32_t tag = dynamic ? kDynamicEntry : 0;
  if (uint32_t found = memo.find(variant_id, key, h); found != kNoId) {
    DemandEntry& f = memo[found];
    if (f.depth != kNoId) {  // still being computed by a caller: its answers so far
      f.observed = true;
      low_ = std::min(low_, f.depth);
    }
    return found | tag;
  }
  const uint32_t e = memo.add(variant_id, key, h) | tag;
  // Run the variant's rules in a new frame above the caller's, head arguments matched first;
  // again while a recursive call saw answers that were still growing (a least fixpoint).
  size_t saved_base = base_, saved_frame = frame_;
  int saved_delta = delta_literal_;
  uint32_t saved_answer = answer_to_, saved_low = low_;
  uint32_t depth = depth_++;
  entry(e).depth = depth;
  low_ = kNoId;
  size_t base = base_ + frame_;
  delta_literal_ = -1;
  uint32_t before;
  do {
    before = entry(e).count;
    entry(e).observed = false;
    for (const CompiledRule& r : variant.rules) {
      base_ = base;
      frame_ = r.num_vars;
      if (vars_.size() < base + r.num_vars) vars_.resize(base + r.num_vars, kNoTerm);
      std::fill(vars_.begin() + static_cast<ptrdiff_t>(base),
                vars_.begin() + static_cast<ptrdiff_t>(base + r.num_vars), kNoTerm);
      bool ok = true;
      size_t k = 0;
      for (size_t a = 0; a < variant.bound.size() && ok; ++a)
        if (variant.bound[a]) ok = match(&r.head_nodes[r.head_args[a]], entry(e).key[k++]);
      if (!ok) continue;
      answer_to_ = e;
      solve(r, 0);
    }
  } while (entry(e).observed && entry(e).count > before && !overflow_);
  --depth_;
  entry(e).depth = kNoId;
  if (low_ < depth) {
    // It read the partial answers of a caller still being computed: not final, so it leaves the
    // memo (a later call computes it again).
    memo.forget(e & ~kDynamicEntry);
  }
  low_ = std::min(saved_low, low_ == depth ? kNoId : low_);
  base_ = saved_base;
  frame_ = saved_frame;
  delta_literal_ = saved_delta;
  answer_to_ = saved_answer;
  return e;
}

}  // namespace ggp::reasoner
