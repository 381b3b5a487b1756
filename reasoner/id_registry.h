#pragma once
// Dense FactIds and MoveIds over hash-consed terms, shared by a prover and its clones. Ids are
// assigned under the term store's mutex (callers hold it for the *_locked calls); records are
// read without a lock.
#include "reasoner/state.h"
#include "reasoner/term_store.h"

namespace ggp::reasoner {

struct FactRecord {
  TermId term = kNoTerm;
  uint32_t true_rel = kNoId;  // the prover relation the fact loads into, or kNoId
};

struct MoveRecord {
  RoleIndex role = 0;
  TermId term = kNoTerm;
  uint32_t does_rel = kNoId;  // the prover relation the move loads into, or kNoId
};

class IdRegistry {
 public:
  IdRegistry(TermStore& terms, size_t num_roles) : terms_(terms), num_roles_(num_roles) {}

  FactId fact_locked(TermId term, uint32_t true_rel);
  MoveId move_locked(RoleIndex role, TermId term, uint32_t does_rel);

  const FactRecord& fact(FactId f) const { return facts_[f]; }
  const MoveRecord& move(MoveId m) const { return moves_[m]; }
  size_t num_facts() const { return facts_.size(); }
  size_t num_moves() const { return moves_.size(); }

 private:
  TermStore& terms_;
  size_t num_roles_;
  ChunkedArray<FactRecord> facts_;
  ChunkedArray<MoveRecord> moves_;
  ChunkedArray<MoveId> move_slots_;  // num_roles_ per term used as a move
};

}  // namespace ggp::reasoner
