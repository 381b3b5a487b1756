#include "propnet/grounder.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

#include "propnet/constant_fluents.h"
#include "propnet/deadline.h"
#include "propnet/demand.h"
#include "propnet/fact_table.h"
#include "propnet/ground_strata.h"
#include "propnet/huge_pages.h"
#include "propnet/idle_arguments.h"
#include "propnet/pattern_binding.h"
#include "propnet/rule_set.h"
#include "propnet/rule_split.h"
#include "propnet/static_unfold.h"

namespace ggp::propnet {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint32_t kNone = UINT32_MAX;

// A grounding over its size or time limit (other errors are in the rules themselves).
struct OverBudget : std::runtime_error {
  explicit OverBudget(const std::string& what) : std::runtime_error("propnet: " + what) {}
};

// Thrown (and caught by ground()) for a rule whose instances alone pass 1/kHotShare of the literal
// limit, or whose joins take more than kHotWork steps: grounding starts again with that rule's
// variables eliminated (eliminate_variables), for at most kMaxHot rules per game. Rules that build
// comfortably never get there, so their networks are unchanged.
struct HotRule {
  uint32_t rule;
};
constexpr size_t kHotShare = 32;
constexpr size_t kHotWork = 4'000'000;  // join steps of one rule that make it hot too
constexpr size_t kMaxHot = 4;
// A rule of a whole grounding with this many literals is heavy: ground() tries the grounding again
// with it unfolded and eliminated, and keeps the smaller.
constexpr size_t kHeavyLiterals = 1u << 16;
constexpr size_t kMaxHeavy = 8;

class Grounder {
 public:
  // `spare`: the buffers of an abandoned run (release()), or an empty Grounding.
  Grounder(const gdl::Game& game, const GroundingLimits& limits, Clock::time_point start,
           const std::vector<uint32_t>& hot, Grounding&& spare)
      : game_(game), limits_(limits), start_(start), hot_(hot), out_(std::move(spare)) {}

  // After run() threw: the grounding so far, emptied but with its memory, for the next run. A
  // restart then neither regrows the term pool nor faults in fresh pages (amazonsTorus grounds
  // four times, 2 million terms each).
  Grounding release() {
    out_.pool.clear();
    out_.rules.clear();
    out_.body.clear();
    for (auto* atoms : {&out_.true_atoms, &out_.does_atoms, &out_.legal_atoms, &out_.goal_atoms,
                        &out_.next_atoms, &out_.init_atoms, &out_.terminal_atoms})
      atoms->clear();
    out_.kind.clear();
    return std::move(out_);
  }

  // After run(): the rules, as prepared, whose instances hold at least kHeavyLiterals literals and
  // that call a static relation static_unfold.h can unfold, heaviest first, at most kMaxHeavy,
  // with their literals. (Elimination alone, without unfolding, tried on every heavy rule of the
  // corpus, changed 121 propnets, all with fewer literals, but in one run the breakthrough, hex,
  // checkers, sudoku and crisscross games played 0.2-0.75 times as many playouts; with unfolding
  // required only the four quarto games change.)
  std::vector<std::pair<uint32_t, size_t>> heavy_rules() const {
    std::vector<std::pair<uint32_t, size_t>> out;  // (rule, literals)
    std::vector<char> dynamic;
    for (uint32_t r = 0; r < prepared_ && r < literals_by_rule_.size(); ++r) {
      if (literals_by_rule_[r] < kHeavyLiterals) continue;
      if (dynamic.empty()) dynamic = dynamic_relations(set_);
      if (has_unfoldable_literal(set_, r, dynamic)) out.emplace_back(r, literals_by_rule_[r]);
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    if (out.size() > kMaxHeavy) out.resize(kMaxHeavy);
    return out;
  }

  Grounding run() {
    set_ = prepare_rules(game_, out_.pool);
    if (limits_.read_constant_fluents) read_constant_fluents(set_, out_.pool);
    if (limits_.drop_idle_arguments) drop_idle_arguments(set_, out_.pool);
    if (limits_.restrict_to_demand)
      restrict_to_demand(set_, out_.pool, limits_.demand_through_dynamic);
    if (limits_.split_rules) split_rules(set_, out_.pool);
    prepared_ = set_.rules.size();
    // In a whole grounding (no splitting), hot_ holds heavy rules (ground()): their static
    // literals are unfolded first (static_unfold.h), so that elimination can split the join.
    const std::vector<char> dynamic =
        !limits_.split_rules && !hot_.empty() ? dynamic_relations(set_) : std::vector<char>{};
    for (uint32_t r : hot_) {
      if (!limits_.split_rules) unfold_static_literals(set_, out_.pool, r, dynamic);
      eliminate_variables(set_, out_.pool, r);
    }
    true_ = set_.relation(gdl::kw::true_, 1);
    does_ = set_.relation(gdl::kw::does, 2);
    next_ = set_.relation(gdl::kw::next, 1);
    legal_ = set_.relation(gdl::kw::legal, 2);
    init_ = set_.relation(gdl::kw::init, 1);
    goal_ = set_.relation(gdl::kw::goal, 2);
    terminal_ = set_.relation(gdl::kw::terminal, 0);
    strata_ = stratify(set_);
    rels_.resize(set_.relations.size());
    for (size_t r = 0; r < rels_.size(); ++r) rels_[r].arity = set_.relations[r].arity;
    literals_by_rule_.assign(set_.rules.size(), 0);
    work_by_rule_.assign(set_.rules.size(), 0);
    for (const std::vector<uint32_t>& group : strata_.static_groups) evaluate(group, false);
    evaluate(strata_.dynamic_rules, true);
    return std::move(out_);
  }

 private:
  // ---- facts --------------------------------------------------------------------------------
  bool is_fact(TermId atom) const { return atom < out_.kind.size() && out_.kind[atom] != 0; }

  void add_fact(uint32_t rel, TermId atom) {
    if (atom >= out_.kind.size()) {
      out_.kind.resize(std::max<size_t>(atom + 1, out_.kind.size() * 2), 0);
      pos_.resize(out_.kind.size(), 0);
    }
    if (out_.kind[atom] != 0) return;
    FactTable& r = rels_[rel];
    out_.kind[atom] =
        static_cast<uint8_t>(strata_.dynamic[rel] ? AtomKind::Dynamic : AtomKind::Static);
    pos_[atom] = static_cast<uint32_t>(r.facts.size());
    r.add(atom, out_.pool.args(atom));
    if (rel == true_) out_.true_atoms.push_back(atom);
    if (rel == does_) out_.does_atoms.push_back(atom);
    if (rel == legal_) out_.legal_atoms.push_back(atom);
    if (rel == goal_) out_.goal_atoms.push_back(atom);
    if (rel == next_) out_.next_atoms.push_back(atom);
    if (rel == init_) out_.init_atoms.push_back(atom);
    if (rel == terminal_) out_.terminal_atoms.push_back(atom);
    if (rel == next_ || rel == init_) {
      TermId x = out_.pool.args(atom)[0];
      add_fact(true_, out_.pool.intern(gdl::kw::true_, std::span<const TermId>(&x, 1)));
    } else if (rel == legal_) {
      TermId a[2] = {out_.pool.args(atom)[0], out_.pool.args(atom)[1]};
      add_fact(does_, out_.pool.intern(gdl::kw::does, a));
    }
  }

  bool match_fact(const Pattern& p, const FactTable& rel, uint32_t fi) {
    if (p.kind != Pattern::Kind::Func) return binding_.match(p, rel.facts[fi]);
    return binding_.match_args(p, rel.args.data() + static_cast<size_t>(fi) * rel.arity);
  }

  // ---- semi-naive evaluation ------------------------------------------------------------------
  // Evaluates `rules` to a fixpoint. In the dynamic phase, negations of dynamic atoms are ignored
  // for the domain and recorded in the rule instances. Each instance is enumerated exactly once:
  // in round k, a rule whose i-th positive literal has new facts joins literals before i with old
  // facts, literal i with new ones and literals after i with all facts known at the round's start.
  void evaluate(const std::vector<uint32_t>& rules, bool dynamic_phase) {
    dynamic_ = dynamic_phase;
    std::vector<uint32_t> seen(rels_.size(), 0), size(rels_.size());
    for (bool first = true;; first = false) {
      for (size_t r = 0; r < rels_.size(); ++r)
        size[r] = static_cast<uint32_t>(rels_[r].facts.size());
      for (uint32_t ri : rules) {
        const PreparedRule& r = set_.rules[ri];
        size_t np = r.positive.size();
        if (np == 0) {
          if (first) run_rule(r, kNone);
          continue;
        }
        lo_.assign(np, 0);
        hi_.assign(np, 0);
        for (size_t i = 0; i < np; ++i) {
          uint32_t rel = r.positive[i].relation;
          if (seen[rel] >= size[rel]) continue;
          bool empty = false;
          for (size_t j = 0; j < np; ++j) {
            uint32_t rj = r.positive[j].relation;
            lo_[j] = j == i ? seen[rj] : 0;
            hi_[j] = j < i ? seen[rj] : size[rj];
            empty |= lo_[j] >= hi_[j];
          }
          if (!empty) run_rule(r, static_cast<uint32_t>(i));
        }
      }
      seen = size;
      bool pending = false;
      for (size_t r = 0; r < rels_.size(); ++r) pending |= rels_[r].facts.size() > seen[r];
      if (!pending) break;
    }
  }

  void run_rule(const PreparedRule& r, uint32_t delta) {
    rule_ = &r;
    binding_.reset(r.num_slots);
    // Join order: the delta literal, then greedily the literal with most bound variables.
    size_t np = r.positive.size();
    plan_.clear();
    std::vector<char> used(np, 0), bound(r.num_slots, 0);
    auto take = [&](size_t i) {
      plan_.push_back(static_cast<uint32_t>(i));
      used[i] = 1;
      for (uint32_t s : r.positive[i].slots) bound[s] = 1;
    };
    if (delta != kNone) take(delta);
    while (plan_.size() < np) {
      size_t best = kNone;
      long best_score = 0;
      for (size_t i = 0; i < np; ++i) {
        if (used[i]) continue;
        const PreparedAtom& a = r.positive[i];
        size_t nb = 0;
        for (uint32_t s : a.slots) nb += bound[s];
        long range = static_cast<long>(hi_[i] - lo_[i]);
        long score = (nb == a.slots.size() ? 4'000'000'000L : 0) + (nb > 0 ? 2'000'000'000L : 0) +
                     static_cast<long>(nb) * 1000 - std::min(range, 999L);
        if (best == kNone || score > best_score) best = i, best_score = score;
      }
      take(best);
    }
    // Filters: negations (static ones, or all in the static phase) and distincts, each checked
    // right after the step that binds its last variable.
    matched_.assign(np, kNoTerm);
    filters_.assign(np + 1, {});
    auto ready_step = [&](const std::vector<uint32_t>& slots) {
      size_t step = 0;
      for (uint32_t s : slots) {
        for (size_t k = 0; k < np; ++k) {
          const auto& ks = r.positive[plan_[k]].slots;
          if (std::find(ks.begin(), ks.end(), s) != ks.end()) {
            step = std::max(step, k + 1);
            break;
          }
        }
      }
      return step;
    };
    for (uint32_t i = 0; i < r.negative.size(); ++i)
      if (!dynamic_ || !strata_.dynamic[r.negative[i].relation])
        filters_[ready_step(r.negative[i].slots)].push_back(i << 1);
    for (uint32_t i = 0; i < r.distinct.size(); ++i)
      filters_[ready_step(r.distinct[i].slots)].push_back(i << 1 | 1);
    head_slots_.clear();
    collect_slots(r.head.atom, head_slots_);
    head_memo_ = kNoTerm;
    step_ready_.assign(np, 0);
    step_index_.assign(np, nullptr);
    if (step_positions_.size() < np) step_positions_.resize(np);
    head_flat_ = r.head.atom.kind == Pattern::Kind::Func;
    for (const Pattern& a : r.head.atom.args) head_flat_ &= a.kind != Pattern::Kind::Func;
    if (passes(0)) join(0);
    flush_emit();
  }

  bool passes(size_t step) {
    for (uint32_t f : filters_[step]) {
      if (f & 1) {
        const auto& d = rule_->distinct[f >> 1];
        if (binding_.same_term(d.a, d.b) != d.equal) return false;
      } else if (is_fact(binding_.lookup(rule_->negative[f >> 1].atom))) {
        return false;
      }
    }
    return true;
  }

  void join(size_t k) {
    if ((++work_ & 0xFFF) == 0) {
      check_budget();
      work_by_rule_[rule_index()] += 0x1000;
      if (work_by_rule_[rule_index()] > kHotWork) maybe_hot();
    }
    if (k == plan_.size()) {
      defer_emit();
      return;
    }
    uint32_t li = plan_[k];
    const PreparedAtom& a = rule_->positive[li];
    FactTable& rel = rels_[a.relation];
    uint32_t lo = lo_[li], hi = hi_[li];
    auto visit = [&](uint32_t fi) {
      const size_t mark = binding_.mark();
      matched_[li] = rel.facts[fi];
      if (match_fact(a.atom, rel, fi) && passes(k + 1)) join(k + 1);
      binding_.undo(mark);
    };
    if (a.atom.kind != Pattern::Kind::Func && binding_.all_bound(a.atom)) {
      TermId t = binding_.lookup(a.atom);
      if (is_fact(t) && pos_[t] >= lo && pos_[t] < hi && rel.facts[pos_[t]] == t) visit(pos_[t]);
      return;
    }
    if (a.atom.kind == Pattern::Kind::Func) {
      // Candidates by every bound position at once.
      if (!step_ready_[k]) prepare_step(k, a.atom, rel);
      if (step_index_[k] != nullptr) {
        uint64_t h = 0;
        for (uint32_t position : step_positions_[k])
          h = mix_key(h, binding_.lookup(argument_at(a.atom, position)));
        const FactLists::List found = step_index_[k]->facts.find(h);
        if (found.first >= hi) return;  // also when no fact has the key
        if (found.first >= lo) visit(found.first);
        if (found.rest == nullptr) return;
        const std::vector<uint32_t>& rest = *found.rest;
        size_t i =
            static_cast<size_t>(std::lower_bound(rest.begin(), rest.end(), lo) - rest.begin());
        for (; i < rest.size() && rest[i] < hi; ++i) visit(rest[i]);
        return;
      }
    }
    for (uint32_t fi = lo; fi < hi; ++fi) visit(fi);
  }

  // The positions of `atom` (the literal at step k of the plan) that are bound there (the same at
  // every visit of the step in a run: the variables of the literals before it), and their index.
  void prepare_step(size_t k, const Pattern& atom, FactTable& rel) {
    std::vector<uint32_t>& positions = step_positions_[k];
    positions.clear();
    for (uint32_t p = 0; p < atom.args.size() && p < 64; ++p) {
      const Pattern& arg = atom.args[p];
      if (binding_.all_bound(arg)) {
        positions.push_back(p * 64);
      } else if (arg.kind == Pattern::Kind::Func) {
        for (uint32_t q = 0; q < arg.args.size() && q < 63; ++q)
          if (binding_.all_bound(arg.args[q])) positions.push_back(p * 64 + 1 + q);
      }
    }
    step_index_[k] = positions.empty() ? nullptr : &rel.ensure_index(out_.pool, positions);
    step_ready_[k] = 1;
  }
  static const Pattern& argument_at(const Pattern& atom, uint32_t position) {
    const Pattern& arg = atom.args[position / 64];
    return position % 64 == 0 ? arg : arg.args[position % 64 - 1];
  }

  // Instances are emitted one behind the join: the slot of an instance's (flat) head is
  // prefetched, the previous instance is emitted, then this one waits with its binding. Facts that
  // a run of a rule adds are never read by the same run (they lie past the round's ranges), so the
  // delay changes nothing but the overlap of the pool's cache misses with the join.
  void defer_emit() {
    const Pattern& head = rule_->head.atom;
    if (head_flat_) {
      bool repeat = pending_;
      for (size_t i = 0; i < head_slots_.size() && repeat; ++i)
        repeat = binding_[head_slots_[i]] == pending_binding_[head_slots_[i]];
      if (!repeat) {
        PatternBinding::ArgBuffer args(head.args.size());
        for (size_t i = 0; i < head.args.size(); ++i) args[i] = binding_.value(head.args[i]);
        out_.pool.prefetch(head.value, args.span());
      }
    }
    flush_emit();
    pending_binding_ = binding_.values();
    pending_matched_ = matched_;
    pending_ = true;
  }
  void flush_emit() {
    if (!pending_) return;
    pending_ = false;
    binding_.values().swap(pending_binding_);
    matched_.swap(pending_matched_);
    emit();  // an exception here abandons the whole run, binding and all
    binding_.values().swap(pending_binding_);
    matched_.swap(pending_matched_);
  }

  void emit() {
    const PreparedRule& r = *rule_;
    TermId head = head_memo_;
    for (size_t i = 0; i < head_slots_.size() && head != kNoTerm; ++i)
      if (binding_[head_slots_[i]] != head_values_[i]) head = kNoTerm;
    if (head == kNoTerm) {
      head = head_memo_ = binding_.instantiate(r.head.atom);
      head_values_.resize(head_slots_.size());
      for (size_t i = 0; i < head_slots_.size(); ++i) head_values_[i] = binding_[head_slots_[i]];
    }
    if (dynamic_ && !r.domain) {
      uint32_t begin = static_cast<uint32_t>(out_.body.size());
      for (size_t i = 0; i < r.positive.size(); ++i)
        if (strata_.dynamic[r.positive[i].relation] && !r.positive[i].domain_only)
          out_.body.push_back(matched_[i] << 1);
      for (const PreparedAtom& a : r.negative)
        if (strata_.dynamic[a.relation]) out_.body.push_back(binding_.instantiate(a.atom) << 1 | 1);
      out_.rules.push_back({head, begin, static_cast<uint32_t>(out_.body.size())});
      size_t& mine = literals_by_rule_[rule_index()];
      mine += out_.body.size() - begin + 1;
      if (mine > limits_.max_body_literals / kHotShare) maybe_hot();
      if (out_.rule_literals() > limits_.max_body_literals)
        throw over_budget("too large (more than " + std::to_string(limits_.max_body_literals) +
                          " rule literals, ");
    }
    add_fact(r.head.relation, head);
  }

  // Throws HotRule for the current rule unless it was eliminated already or cannot be.
  void maybe_hot() const {
    if (limits_.split_rules && hot_.size() < kMaxHot && rule_index() < prepared_ &&
        std::find(hot_.begin(), hot_.end(), rule_index()) == hot_.end() &&
        has_eliminable_variable(*rule_))
      throw HotRule{rule_index()};
  }
  uint32_t rule_index() const { return static_cast<uint32_t>(rule_ - set_.rules.data()); }
  // The rule that produced most of the grounding so far, for the error messages.
  std::string heaviest_rule() const {
    const std::vector<uint32_t> top = heaviest_rules(1);
    if (top.empty()) return "no rule instance yet";
    return std::to_string(literals_by_rule_[top[0]]) + " of them from " + set_.rules[top[0]].text;
  }
  // Up to k rules that recorded literals, most first.
  std::vector<uint32_t> heaviest_rules(size_t k) const {
    std::vector<uint32_t> order;
    for (uint32_t r = 0; r < literals_by_rule_.size(); ++r)
      if (literals_by_rule_[r] > 0) order.push_back(r);
    k = std::min(k, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<ptrdiff_t>(k), order.end(),
                      [&](uint32_t a, uint32_t b) { return literals_by_rule_[a] > literals_by_rule_[b]; });
    order.resize(k);
    return order;
  }
  // The error of a grounding over a budget: `reason`, then the heaviest rule. With
  // GGP_GROUND_PROFILE set, first prints the 25 heaviest rules to stderr (each attempt of ground()
  // that goes over a budget prints its own; docs/corpus.md, alexChess).
  OverBudget over_budget(const std::string& reason) const {
    if (std::getenv("GGP_GROUND_PROFILE"))
      for (uint32_t r : heaviest_rules(25))
        std::cerr << "grounding: " << literals_by_rule_[r] << " literals from " << set_.rules[r].text
                  << '\n';
    return OverBudget("grounding " + reason + heaviest_rule() + ")");
  }

  void check_budget() {
    throw_if_cancelled(limits_.cancel, "grounding");  // not OverBudget: no retry after it
    double s = std::chrono::duration<double>(Clock::now() - start_).count();
    if (s > limits_.seconds)
      throw over_budget("took longer than " + std::to_string(limits_.seconds) + " s (in " +
                        rule_->text + "; ");
    if (out_.pool.size() > limits_.max_terms)
      throw OverBudget("grounding too large (more than " + std::to_string(limits_.max_terms) +
                       " terms)");
  }

  const gdl::Game& game_;
  GroundingLimits limits_;
  Clock::time_point start_;
  const std::vector<uint32_t>& hot_;  // rules (indices after splitting) to eliminate variables in
  size_t prepared_ = 0;               // rules after splitting, before elimination
  Grounding out_;
  RuleSet set_;
  GroundingStrata strata_;
  std::vector<FactTable> rels_;  // by relation
  // The index of a fact in its relation, by TermId.
  std::vector<uint32_t, HugePageAllocator<uint32_t>> pos_;
  uint32_t true_ = 0, does_ = 0, next_ = 0, legal_ = 0, init_ = 0, goal_ = 0, terminal_ = 0;

  // state of the current join
  bool dynamic_ = false;
  const PreparedRule* rule_ = nullptr;
  std::vector<uint32_t> plan_, lo_, hi_;
  std::vector<TermId> matched_;  // the fact each positive literal matched, by literal index
  std::vector<std::vector<uint32_t>> filters_;
  PatternBinding binding_{out_.pool};
  std::vector<char> step_ready_;                       // by step of the plan: prepare_step ran
  std::vector<const FactTable::Index*> step_index_;    // by step: its index, or none
  std::vector<std::vector<uint32_t>> step_positions_;  // by step: the positions it indexes
  size_t work_ = 0;
  // The head of the last instance emitted in this run of the rule, and the values of its variables
  // then: inner join loops often bind body variables only, so the head repeats (amazonsTorus: a
  // third of the pool's lookups).
  std::vector<uint32_t> head_slots_;
  std::vector<TermId> head_values_;
  TermId head_memo_ = kNoTerm;
  bool head_flat_ = false;  // the head is a function of constants and variables
  // The instance defer_emit() holds back: its binding and matched facts.
  bool pending_ = false;
  std::vector<TermId> pending_binding_, pending_matched_;
  std::vector<size_t> literals_by_rule_;  // literals recorded, by rule index
  std::vector<size_t> work_by_rule_;      // join steps, by rule index (sampled)
};

// A whole grounding with heavy rules, ground again with each in turn unfolded (its static literals)
// and its variables eliminated (static_unfold.h, rule_split.h): a rule's change is kept where the
// grounding loses at least half the literals of the rule's instances (the corpus's quarto:
// 33,280 components to 1,629); the others stay as they were, and a retry that would not shrink so
// stops at that size.
Grounding without_heavy_rules(const gdl::Game& game, const GroundingLimits& whole,
                              Clock::time_point start, Grounding grounding,
                              const std::vector<std::pair<uint32_t, size_t>>& heavy) {
  std::vector<uint32_t> kept;
  for (const auto& [rule, literals] : heavy) {
    std::vector<uint32_t> trial = kept;
    trial.push_back(rule);
    GroundingLimits capped = whole;
    capped.max_body_literals = grounding.rule_literals() - literals / 2;
    Grounder again(game, capped, start, trial, Grounding{});
    try {
      grounding = again.run();
      kept = std::move(trial);
    } catch (const OverBudget&) {
    }
  }
  return grounding;
}

}  // namespace

Grounding ground(const gdl::Game& game, const GroundingLimits& limits) {
  const Clock::time_point start = Clock::now();
  std::vector<uint32_t> hot;
  // Splitting rescues groundings that blow up, but the helper relations it adds change at every
  // step in games that ground fine without it (measured: ticTacToe 0.83x, hex 0.54x playouts/s).
  // So the rules are first ground whole, within a share of the time.
  Grounding spare;
  if (limits.split_rules && limits.whole_share > 0) {
    GroundingLimits whole = limits;
    whole.split_rules = false;
    whole.seconds = limits.seconds * limits.whole_share;
    Grounder grounder(game, whole, start, hot, std::move(spare));
    try {
      Grounding grounding = grounder.run();
      if (!limits.reduce_heavy_rules) return grounding;
      return without_heavy_rules(game, whole, start, std::move(grounding), grounder.heavy_rules());
    } catch (const OverBudget&) {
      spare = grounder.release();
    }
  }
  // Last, a grounding too large is tried again with demand passed through dynamic atoms
  // (demand.h): merrills goes over the literal cap in about a second without it, then builds
  // with it (1.2-1.3 s in all).
  GroundingLimits current = limits;
  for (;;) {
    Grounder grounder(game, current, start, hot, std::move(spare));
    try {
      return grounder.run();
    } catch (const HotRule& h) {
      hot.push_back(h.rule);
      spare = grounder.release();
    } catch (const OverBudget&) {
      if (current.demand_through_dynamic || !current.restrict_to_demand) throw;
      current.demand_through_dynamic = true;
      hot.clear();
      spare = grounder.release();
    }
  }
}

}  // namespace ggp::propnet
