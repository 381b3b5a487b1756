#include "reasoner/id_registry.h"

namespace ggp::reasoner {

FactId IdRegistry::fact_locked(TermId term, uint32_t true_rel) {
  TermNode& node = terms_.mutable_node(term);
  uint32_t f = node.fact.load(std::memory_order_relaxed);
  if (f != kNoId) return f;
  f = static_cast<FactId>(facts_.grow());
  facts_[f] = FactRecord{term, true_rel};
  node.fact.store(f, std::memory_order_release);
  return f;
}

MoveId IdRegistry::move_locked(RoleIndex role, TermId term, uint32_t does_rel) {
  TermNode& node = terms_.mutable_node(term);
  uint32_t base = node.move_slots.load(std::memory_order_relaxed);
  if (base == kNoId) {
    for (size_t r = 0; r < num_roles_; ++r) {
      size_t i = move_slots_.grow();
      if (r == 0) base = static_cast<uint32_t>(i);
      move_slots_[i] = kNoId;
    }
    node.move_slots.store(base, std::memory_order_release);
  }
  MoveId& slot = move_slots_[base + role];
  if (slot == kNoId) {
    slot = static_cast<MoveId>(moves_.grow());
    moves_[slot] = MoveRecord{role, term, does_rel};
  }
  return slot;
}

}  // namespace ggp::reasoner
