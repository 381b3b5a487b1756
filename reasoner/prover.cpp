#include "reasoner/prover.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <limits>
#include <stdexcept>

#include "gdl/parser.h"
#include "gdl/sexpr.h"
#include "reasoner/cpu_clock.h"
#include "reasoner/evaluator.h"
#include "reasoner/id_registry.h"
#include "reasoner/program.h"
#include "reasoner/random.h"

namespace ggp::reasoner {
namespace {

// The rows one evaluation may derive (with 25 times as many join steps) while the static
// relations are computed and during the trial game; a relation beyond it is evaluated on demand.
constexpr size_t kMaxStaticRows = 500'000;

// What a prover shares with its clones: the compiled rules, the static relations (computed once),
// and the id tables.
struct Family {
  std::unique_ptr<Program> program;
  std::vector<std::unique_ptr<RelationTable>> static_tables;  // null for dynamic relations
  std::unique_ptr<IdRegistry> ids;
  State initial;
};

std::unique_ptr<RelationTable> new_table(const Relation& r) {
  return std::make_unique<RelationTable>(r.arity, r.indexes);
}

// Thrown when an evaluation exceeds its row bound; names the relations being evaluated.
struct StaticOverflow {
  std::vector<std::string> relations;
};

std::shared_ptr<Family> build_family_once(std::shared_ptr<const gdl::Game> game,
                                         const std::vector<std::string>& demand) {
  auto family = std::make_shared<Family>();
  std::vector<RelationTable*> tables;
  std::unique_ptr<Evaluator> evaluator;
  size_t rows = 0;
  StaticEvaluation statics;
  statics.evaluate = [&](const Program& p, uint32_t s) {
    if (!evaluator) {
      family->static_tables.resize(p.relations.size());
      tables.assign(p.relations.size(), nullptr);
      for (RelId r = 0; r < p.relations.size(); ++r)
        if (p.relations[r].cls == RelClass::Static) {
          family->static_tables[r] = new_table(p.relations[r]);
          tables[r] = family->static_tables[r].get();
        }
      evaluator = std::make_unique<Evaluator>(p, tables);
    }
    for (uint32_t ri : p.sccs[s].rules)
      for (const CompiledLiteral& l : p.rules[ri].body)
        if (l.rel != kNoId) tables[l.rel]->ensure_indexes(p.relations[l.rel].indexes);
    if (!evaluator->evaluate(s, kMaxStaticRows - rows)) {
      StaticOverflow overflow;
      for (RelId r : p.sccs[s].relations) overflow.relations.push_back(p.relations[r].name);
      throw overflow;
    }
    for (RelId r : p.sccs[s].relations) rows += tables[r]->size();
  };
  statics.rows = [&](RelId r) -> size_t { return tables.empty() || !tables[r] ? 0 : tables[r]->size(); };
  family->program = compile_program(std::move(game), statics, demand);
  Program& p = *family->program;
  family->ids = std::make_unique<IdRegistry>(*p.terms, p.roles.size());
  if (family->static_tables.empty()) family->static_tables.resize(p.relations.size());
  for (RelId r = 0; r < p.relations.size(); ++r)
    if (family->static_tables[r]) family->static_tables[r]->ensure_indexes(p.relations[r].indexes);
  tables.resize(p.relations.size(), nullptr);
  for (RelId r = 0; r < p.relations.size(); ++r)
    if (!tables[r] && p.relations[r].cls == RelClass::Static) {  // no static SCC at all
      family->static_tables[r] = new_table(p.relations[r]);
      tables[r] = family->static_tables[r].get();
    }
  std::lock_guard lock(p.terms->mutex());
  std::vector<TermId> args;
  for (const Functor& f : p.functors) {
    if (f.init_rel == kNoId) continue;
    const RelationTable& t = *tables[f.init_rel];
    for (uint32_t i = 0; i < t.size(); ++i) {
      args.assign(t.row(i), t.row(i) + f.arity);
      TermId term = p.terms->intern_locked(f.symbol, args);
      family->initial.set(family->ids->fact_locked(term, f.true_rel));
    }
  }
  return family;
}

class Prover final : public StateMachine {
 public:
  explicit Prover(std::shared_ptr<const Family> family)
      : family_(std::move(family)),
        p_(*family_->program),
        ids_(*family_->ids),
        evaluator_(p_, tables()),
        scc_done_(p_.sccs.size(), 0),
        legal_(p_.roles.size()) {
    if (std::getenv("GGP_PROVER_ROWS")) row_sums_.assign(p_.relations.size(), 0);
  }
  ~Prover() override {
    if (!row_sums_.empty()) print_row_profile();
  }

  const std::vector<std::string>& notes() const { return p_.notes; }

  // Bounds the rows of each SCC evaluated (0: none); beyond, calls throw StaticOverflow.
  void set_row_bound(size_t rows) { row_bound_ = rows; }

  // Records the current size of every dynamic relation; dynamic_rows() gives each one's largest.
  void note_dynamic_rows() {
    max_rows_.resize(p_.relations.size(), 0);
    for (RelId r : dynamic_) max_rows_[r] = std::max<size_t>(max_rows_[r], evaluator_.table(r).size());
  }
  std::vector<std::pair<std::string, size_t>> dynamic_rows() const {
    std::vector<std::pair<std::string, size_t>> out;
    for (RelId r = 0; r < max_rows_.size(); ++r)
      if (max_rows_[r] > 0) out.emplace_back(p_.relations[r].name, max_rows_[r]);
    return out;
  }

  std::string name() const override { return "prover"; }
  std::unique_ptr<StateMachine> clone() const override { return std::make_unique<Prover>(family_); }
  size_t num_roles() const override { return p_.roles.size(); }
  std::string role_name(RoleIndex role) const override {
    return p_.game->symbols.name(p_.terms->node(p_.roles.at(role)).symbol);
  }

  State initial_state() override { return family_->initial; }

  bool is_terminal(const State& state) override {
    prepare(state);
    run(p_.terminal_plan);
    return evaluator_.table(p_.terminal_rel).size() > 0;
  }

  GoalValue goal(const State& state, RoleIndex role) override {
    prepare(state);
    run(p_.goal_plan);
    const RelationTable& t = evaluator_.table(p_.goal_rel);
    GoalValue value = kNoGoal;
    for (uint32_t i = 0; i < t.size(); ++i) {
      const TermId* row = t.row(i);
      if (row[0] != p_.roles[role]) continue;
      int v = goal_value(row[1]);
      if (v < 0) continue;  // not an integer 0..100: no goal value
      if (value != kNoGoal && value != v) return kAmbiguousGoal;
      value = v;
    }
    return value;
  }

  std::span<const MoveId> legal_moves(const State& state, RoleIndex role) override {
    prepare(state);
    if (!legal_done_) compute_legal();
    return legal_[role];
  }

  void next_state(const State& state, std::span<const MoveId> joint, State& out) override {
    prepare(state);
    evaluator_.clear_dynamic_demand();
    for (uint32_t s : p_.move_sccs) {
      scc_done_[s] = 0;
      for (RelId r : p_.sccs[s].relations) evaluator_.table(r).clear();
    }
    for (RelId r : does_) evaluator_.table(r).clear();
    for (MoveId m : joint) {
      const MoveRecord& rec = ids_.move(m);
      if (rec.does_rel == kNoId) continue;
      const TermNode& node = p_.terms->node(rec.term);
      key_.assign(1, p_.roles[rec.role]);
      key_.insert(key_.end(), node.args, node.args + node.arity);
      evaluator_.table(rec.does_rel).insert(key_.data());
    }
    run(p_.next_plan);
    out.clear();
    std::lock_guard lock(p_.terms->mutex());
    for (const Functor& f : p_.functors) {
      if (f.next_rel == kNoId) continue;
      const RelationTable& t = evaluator_.table(f.next_rel);
      for (uint32_t i = 0; i < t.size(); ++i) {
        TermId term = p_.terms->intern_locked(f.symbol, {t.row(i), f.arity});
        out.set(ids_.fact_locked(term, f.true_rel));
      }
    }
  }

  std::string move_text(MoveId move) const override {
    return p_.terms->text(ids_.move(move).term, p_.game->symbols);
  }
  std::string fact_text(FactId fact) const override {
    return p_.terms->text(ids_.fact(fact).term, p_.game->symbols);
  }

  std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) override {
    if (role >= p_.roles.size()) return std::nullopt;
    TermId term = term_from_text(text);
    if (term == kNoTerm) return std::nullopt;
    const TermNode& node = p_.terms->node(term);
    const Functor* f = p_.functor(node.symbol, node.arity);
    if (f == nullptr) return std::nullopt;  // no fact or move of the game has this form
    std::lock_guard lock(p_.terms->mutex());
    return ids_.move_locked(role, term, f->does_rel);
  }

  std::optional<FactId> fact_from_text(std::string_view text) override {
    TermId term = term_from_text(text);
    if (term == kNoTerm) return std::nullopt;
    const TermNode& node = p_.terms->node(term);
    const Functor* f = p_.functor(node.symbol, node.arity);
    if (f == nullptr) return std::nullopt;
    std::lock_guard lock(p_.terms->mutex());
    return ids_.fact_locked(term, f->true_rel);
  }

 private:
  std::vector<RelationTable*> tables() {
    std::vector<RelationTable*> out(p_.relations.size());
    for (RelId r = 0; r < p_.relations.size(); ++r) {
      if (family_->static_tables[r]) {
        out[r] = family_->static_tables[r].get();  // only read: static SCCs are never re-run
      } else {
        own_.push_back(new_table(p_.relations[r]));
        out[r] = own_.back().get();
        dynamic_.push_back(r);
        if (p_.relations[r].input && p_.relations[r].cls == RelClass::Move) does_.push_back(r);
      }
    }
    return out;
  }

  // Makes `state` the state the cached relations describe: on a new state, clears every dynamic
  // relation and loads the state's facts into the true:* relations.
  void prepare(const State& state) {
    if (has_state_ && state == state_) return;
    if (!row_sums_.empty() && has_state_) {
      for (RelId r : dynamic_) row_sums_[r] += evaluator_.table(r).size();
      ++profiled_states_;
    }
    state_ = state;
    has_state_ = true;
    evaluator_.clear_dynamic_demand();
    legal_done_ = false;
    std::fill(scc_done_.begin(), scc_done_.end(), 0);
    for (RelId r : dynamic_) evaluator_.table(r).clear();
    state.for_each_fact([&](FactId f) {
      const FactRecord& rec = ids_.fact(f);
      if (rec.true_rel == kNoId) return;
      const TermNode& node = p_.terms->node(rec.term);
      evaluator_.table(rec.true_rel).insert(node.args);
    });
  }

  void run(const std::vector<uint32_t>& plan) {
    for (uint32_t s : plan)
      if (!scc_done_[s]) {
        if (!evaluator_.evaluate(s, row_bound_)) {
          StaticOverflow overflow;
          for (RelId r : p_.sccs[s].relations) overflow.relations.push_back(p_.relations[r].name);
          throw overflow;
        }
        scc_done_[s] = 1;
      }
  }

  void compute_legal() {
    run(p_.legal_plan);
    for (auto& moves : legal_) moves.clear();
    std::lock_guard lock(p_.terms->mutex());
    for (const Functor& f : p_.functors) {
      if (f.legal_rel == kNoId) continue;
      const RelationTable& t = evaluator_.table(f.legal_rel);
      for (uint32_t i = 0; i < t.size(); ++i) {
        const TermId* row = t.row(i);
        for (RoleIndex r = 0; r < p_.roles.size(); ++r) {
          if (row[0] != p_.roles[r]) continue;
          TermId term = p_.terms->intern_locked(f.symbol, {row + 1, f.arity});
          legal_[r].push_back(ids_.move_locked(r, term, f.does_rel));
        }
      }
    }
    legal_done_ = true;
  }

  int goal_value(TermId t) const {
    const TermNode& node = p_.terms->node(t);
    if (node.arity != 0) return -1;
    return goal_value_of(p_.game->symbols.name(node.symbol));
  }

  // The term written as `text` over the game's symbols, or kNoTerm.
  TermId term_from_text(std::string_view text) {
    const gdl::SymbolTable& game_symbols = p_.game->symbols;
    if (!reader_symbols_ || reader_symbols_->size() != game_symbols.size())
      reader_symbols_ = std::make_unique<gdl::SymbolTable>(game_symbols);
    try {
      std::vector<gdl::SExpr> exprs = gdl::read_sexprs(text, "<text>", *reader_symbols_);
      if (exprs.size() != 1 || reader_symbols_->size() != game_symbols.size()) return kNoTerm;
      gdl::Term t = gdl::term_from_sexpr(exprs[0], *reader_symbols_, "<text>");
      if (!t.is_ground()) return kNoTerm;
      return intern(t);
    } catch (const gdl::GdlError&) {
      return kNoTerm;
    }
  }
  TermId intern(const gdl::Term& t) {
    std::vector<TermId> args;
    for (const gdl::Term& a : t.args) args.push_back(intern(a));
    return p_.terms->intern(t.name, args);
  }

  // With GGP_PROVER_ROWS set: the mean rows of each dynamic relation over the states this prover
  // left, the largest first, on stderr when it goes (what a state costs: docs/corpus.md).
  void print_row_profile() const {
    if (profiled_states_ == 0) return;
    std::vector<std::pair<double, RelId>> means;
    double total = 0;
    for (RelId r : dynamic_) {
      means.emplace_back(row_sums_[r] / static_cast<double>(profiled_states_), r);
      total += means.back().first;
    }
    std::sort(means.rbegin(), means.rend());
    std::cerr << "prover: rows a state over " << profiled_states_ << " states: " << total << '\n';
    for (size_t i = 0; i < means.size() && i < 20; ++i)
      std::cerr << "  " << p_.relations[means[i].second].name << ' ' << means[i].first << '\n';
  }

  std::shared_ptr<const Family> family_;
  const Program& p_;
  IdRegistry& ids_;
  std::vector<std::unique_ptr<RelationTable>> own_;
  std::vector<RelId> dynamic_;  // cleared on a new state
  std::vector<RelId> does_;     // the does:* relations, cleared for each joint move
  Evaluator evaluator_;
  State state_;
  bool has_state_ = false;
  std::vector<uint8_t> scc_done_;
  std::vector<std::vector<MoveId>> legal_;
  bool legal_done_ = false;
  std::vector<TermId> key_;
  std::unique_ptr<gdl::SymbolTable> reader_symbols_;
  size_t row_bound_ = 0;
  std::vector<size_t> max_rows_;  // per relation, see note_dynamic_rows()
  std::vector<double> row_sums_;  // per relation, with GGP_PROVER_ROWS (else empty)
  size_t profiled_states_ = 0;
};

// The largest per-state size of each dynamic relation met by trial_game, by relation name.
using DynamicRows = std::vector<std::pair<std::string, size_t>>;

// Plays a few joint moves (each role's first legal move) with the row bound on, so that a
// relation too large to materialise per state shows at construction.
DynamicRows trial_game(const std::shared_ptr<Family>& family) {
  Prover trial(family);
  trial.set_row_bound(kMaxStaticRows);
  State state = trial.initial_state(), next;
  JointMove joint(trial.num_roles());
  for (int step = 0; step < 4 && !trial.is_terminal(state); ++step) {
    bool stuck = false;
    for (RoleIndex r = 0; r < trial.num_roles() && !stuck; ++r) {
      trial.goal(state, r);
      std::span<const MoveId> moves = trial.legal_moves(state, r);
      stuck = moves.empty();
      if (!stuck) joint[r] = moves[0];
    }
    trial.note_dynamic_rows();
    if (stuck) break;
    trial.next_state(state, joint, next);
    trial.note_dynamic_rows();
    std::swap(state, next);
  }
  return trial.dynamic_rows();
}

// A random playout from the initial state (a fixed seed), each state asked what a search asks:
// terminal, goals, legal moves, next state. It stops at the end of the game, after `max_states`
// states, or after `budget` CPU seconds once 3 states are done; returns the states it played.
// Throws StaticOverflow if an evaluation exceeds the row bound.
size_t timed_playout(Prover& prover, size_t max_states, double budget, double start) {
  Random rng(0x5eed);
  State state = prover.initial_state(), next;
  JointMove joint(prover.num_roles());
  size_t states = 0;
  while (states < max_states &&
         (states < 3 || cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start < budget)) {
    ++states;
    if (prover.is_terminal(state)) break;
    bool stuck = false;
    for (RoleIndex r = 0; r < prover.num_roles() && !stuck; ++r) {
      prover.goal(state, r);
      std::span<const MoveId> moves = prover.legal_moves(state, r);
      stuck = moves.empty();
      if (!stuck) joint[r] = moves[rng.below(static_cast<uint32_t>(moves.size()))];
    }
    if (stuck) break;
    prover.next_state(state, joint, next);
    std::swap(state, next);
  }
  return states;
}

// A playout shorter than this CPU time is played again (the same moves) until it is reached:
// on a fast game 30 states take a few milliseconds, where a cold cache or a first allocation
// decides the comparison (once, in CI, it chose the wrong plan).
constexpr double kMinTimedSeconds = 0.03;

// What timed_playout cost on a plan: CPU seconds a state (infinite if an evaluation exceeded the
// row bound), and the states of one playout.
struct Timing {
  double seconds_per_state = std::numeric_limits<double>::infinity();
  size_t states = 0;
};

// timed_playout on `family`, repeated (the same moves) until kMinTimedSeconds are spent.
Timing time_playout(const std::shared_ptr<Family>& family, size_t max_states, double budget) {
  Prover prover(family);
  prover.set_row_bound(kMaxStaticRows);
  const double start = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
  Timing t;
  size_t played = 0;
  try {
    t.states = played = timed_playout(prover, max_states, budget, start);
    while (cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start < kMinTimedSeconds)
      played += timed_playout(prover, t.states, budget, start);
  } catch (const StaticOverflow&) {
    return t;
  }
  t.seconds_per_state = (cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start) / static_cast<double>(played);
  return t;
}

struct Plan {
  std::shared_ptr<Family> family;
  std::vector<std::string> demand;  // the relations evaluated on demand
  DynamicRows trial_rows;
};

// Builds with the relations of `demand` evaluated on demand; a relation that exceeds the row
// bound, while the static relations are computed or during the trial game, joins them and the
// build starts again (a few times at most).
Plan build_plan(const std::shared_ptr<const gdl::Game>& game, std::vector<std::string> demand) {
  for (int attempt = 0;; ++attempt) {
    try {
      std::shared_ptr<Family> family = build_family_once(game, demand);
      DynamicRows rows = trial_game(family);
      return Plan{std::move(family), std::move(demand), std::move(rows)};
    } catch (const StaticOverflow& overflow) {
      std::string names;
      for (const std::string& r : overflow.relations) names += " " + r;
      if (std::getenv("GGP_PROVER_DEBUG")) std::cerr << "prover: on demand:" << names << '\n';
      bool fresh = false;
      for (const std::string& r : overflow.relations)
        if (std::find(demand.begin(), demand.end(), r) == demand.end())
          demand.push_back(r), fresh = true;
      if (!fresh || attempt >= 8)
        throw std::runtime_error("the static relations exceed " + std::to_string(kMaxStaticRows) +
                                 " rows, even evaluated on demand, at" + names);
    }
  }
}

// A dynamic relation with at least this many rows in some state of the trial is a candidate for
// demand-driven evaluation: materialised bottom-up, every state pays for all its rows, however
// few of them the legal, next, goal and terminal queries read (base/chess computes 300k rows of
// queen_move_ig per state to answer a few hundred threat questions).
constexpr size_t kLargeDynamicRows = 2'000;
// The demand plan is kept when a state costs it at most this fraction of the bottom-up plan's.
constexpr double kDemandGain = 0.75;
// The timed playouts that compare the plans: at most this many states; the first playout of the
// bottom-up plan stops after half this CPU time (3 states at least), and fixes the length of
// the others, which may take twice it.
constexpr size_t kTimedStates = 30;
constexpr double kTimedSeconds = 0.25;

// Bottom-up first (the plan with only the relations that overflow on demand); then, if the trial
// met large dynamic relations, the same with those on demand too. Both plans compute the same
// answers; the demand plan is kept if it is clearly faster on the same random playout. The
// playout is timed, not counted: what a demand call costs against a join step varies from game
// to game (memo entries against rows), and the first moves of a game can cost nothing like the
// middle (dresden/towerworld's branching grows 40-fold at the third move).
std::shared_ptr<Family> build_family(const std::shared_ptr<const gdl::Game>& game,
                                     ProverOptions::DemandPlan choice) {
  Plan plain = build_plan(game, {});
  std::vector<std::string> demand = plain.demand;
  for (const auto& [name, rows] : plain.trial_rows)
    if (rows >= kLargeDynamicRows && std::find(demand.begin(), demand.end(), name) == demand.end())
      demand.push_back(name);
  using DemandPlan = ProverOptions::DemandPlan;
  if (demand.size() == plain.demand.size() || choice == DemandPlan::BottomUp) return plain.family;
  Plan lazy = build_plan(game, demand);
  if (choice == DemandPlan::OnDemand) return lazy.family;
  // Two rounds, the plans in turn, each keeping its best time: neither is always the one timed
  // first, on a cold machine. The first playout fixes the length of the other three. Where the
  // bottom-up plan exceeds the row bound, only the demand plan can play.
  const Timing first = time_playout(plain.family, kTimedStates, kTimedSeconds / 2);
  if (first.states == 0) return lazy.family;
  const size_t states = first.states;
  double bottom_up = first.seconds_per_state;
  double on_demand = time_playout(lazy.family, states, kTimedSeconds).seconds_per_state;
  bottom_up = std::min(bottom_up, time_playout(plain.family, states, kTimedSeconds).seconds_per_state);
  on_demand = std::min(on_demand, time_playout(lazy.family, states, kTimedSeconds).seconds_per_state);
  const bool keep = on_demand <= kDemandGain * bottom_up;
  if (std::getenv("GGP_PROVER_DEBUG"))
    std::cerr << "prover: ms per state bottom-up " << 1e3 * bottom_up << ", with large dynamic "
              << "relations on demand " << 1e3 * on_demand << " (" << states << " states)"
              << (keep ? ": on demand\n" : ": bottom-up\n");
  return keep ? lazy.family : plain.family;
}

}  // namespace

std::unique_ptr<StateMachine> make_prover(std::shared_ptr<const gdl::Game> game,
                                          ProverOptions options) {
  return std::make_unique<Prover>(build_family(std::move(game), options.demand_plan));
}

}  // namespace ggp::reasoner

namespace ggp::reasoner {

std::vector<std::string> prover_notes(const StateMachine& machine) {
  auto* prover = dynamic_cast<const Prover*>(&machine);
  return prover ? prover->notes() : std::vector<std::string>{};
}

}  // namespace ggp::reasoner
