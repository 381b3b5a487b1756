#pragma once
// Grounding (instantiation) of a game's rules, the first step of the propnet.
// Passes: prepare_rules, read_constant_fluents, drop_idle_arguments, restrict_to_demand and
// split_rules (rule_set.h, demand.h, rule_split.h), stratify (ground_strata.h), then the semi-naive
// evaluation in grounder.cpp over fact tables (fact_table.h) and pattern bindings
// (pattern_binding.h).
//
// 1. Relations that do not depend on `true` or `does` are static: evaluated exactly, stratum by
//    stratum (strongly connected components of the dependency graph, in dependency order), with
//    semi-naive evaluation; they become constants.
// 2. The domain of every other (dynamic) relation is the least fixpoint of the rules with their
//    dynamic negations ignored (a relaxation: a superset of every reachable atom), where `true`
//    takes the atoms of `init` and `next`, and `does` those of `legal`. `base` and `input` are
//    never needed. Semi-naive evaluation enumerates each rule instance exactly once, and each
//    instance with a dynamic head is recorded with its static literals folded away.
// Before both, relations are restricted to the arguments their callers ask for (demand.h) and
// rule bodies are split into independent parts (rule_split.h).
// A rule whose instances pass a share of the literal limit has its variables eliminated into
// helper relations (rule_split.h), and grounding starts again (a few times at most).
// Blow-up is caught early: the limits below throw std::runtime_error("propnet: ...").
#include <atomic>
#include <cstdint>
#include <vector>

#include "gdl/ast.h"
#include "propnet/term_pool.h"

namespace ggp::propnet {

struct GroundingLimits {
  double seconds = 10.0;                 // wall time for the whole grounding
  size_t max_terms = 8'000'000;          // ground terms interned
  size_t max_body_literals = 8'000'000;  // literals over all recorded rule instances
  bool split_rules = true;               // ground independent body parts apart (rule_split.h)...
  double whole_share = 0.25;             // ...unless the whole rules ground within this share of
                                         // the time (and within the size limits); 0: split at once
  bool reduce_heavy_rules = true;        // ...and then, where a rule's instances are many, tried
                                         // again with it unfolded and eliminated (static_unfold.h)
  bool restrict_to_demand = true;        // ground relations only where called (demand.h)...
  bool demand_through_dynamic = false;   // ...as dynamic atoms and recursion pass it on; ground()
                                         // tries it last, after a grounding too large
  bool read_constant_fluents = true;     // fluents only a frame keeps, read from init
                                         // (constant_fluents.h)
  bool drop_idle_arguments = true;       // drop argument positions that only a domain decides
                                         // (idle_arguments.h)
  const std::atomic<bool>* cancel = nullptr;  // once set, grounding throws "build cancelled"
};

// head <= body: a ground instance of a rule with a dynamic head. Body literals are dynamic atoms,
// encoded (atom << 1) | negated, in body[begin, end).
struct GroundRule {
  TermId head;
  uint32_t begin, end;
};

enum class AtomKind : uint8_t { Absent, Static, Dynamic };

struct Grounding {
  TermPool pool;
  std::vector<GroundRule> rules;
  std::vector<uint32_t> body;
  // Atoms of the keyword relations, each once, in the order they were derived. For true, does,
  // init and next these are the atoms `(true X)`, ...; their argument is pool.args(atom)[0].
  std::vector<TermId> true_atoms, does_atoms, legal_atoms, goal_atoms, next_atoms, init_atoms,
      terminal_atoms;
  std::vector<uint8_t> kind;  // AtomKind by TermId (Absent for terms that are not derived atoms)

  AtomKind kind_of(TermId atom) const {
    return atom < kind.size() ? static_cast<AtomKind>(kind[atom]) : AtomKind::Absent;
  }
  // The grounding's size as GroundingLimits::max_body_literals counts it: a head and its body
  // literals per recorded rule instance.
  size_t rule_literals() const { return body.size() + rules.size(); }
};

Grounding ground(const gdl::Game& game, const GroundingLimits& limits = {});

}  // namespace ggp::propnet
