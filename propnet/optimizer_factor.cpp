// Factoring of literals shared by the ANDs of an OR (see optimizer.h).
#include <algorithm>

#include "propnet/optimizer.h"

namespace ggp::propnet::detail {

// OR(AND(c, a...), AND(c, b...), x...) becomes OR(AND(c, OR(AND(a...), AND(b...))), x...) when
// the ANDs feed nothing else: fewer edges, and a change of c reaches one gate instead of many.
// The frame axioms of board games produce exactly this shape.
//
// Greedy: c is the literal in most of the OR's factorable ANDs (ties: the one whose last
// occurrence comes first in input order); the new inner OR is factored in turn (depth first)
// before the next literal is pulled out of the outer one. Each OR keeps its counts between
// pulls (a FactorFrame), so a pull costs the size of the ANDs it moves, not a rescan.
void Optimizer::factor() {
  uses_.assign(net_.gates.size(), 0);
  for (uint32_t g = net_.first_gate(); g < net_.gates.size(); ++g)
    if (!alias(g))
      for (Lit& l : net_.gates[g].inputs) ++uses_[lit_node(l = resolve(l))];
  for (Lit* l : observed()) ++uses_[lit_node(*l = resolve(*l))];
  const uint32_t end = static_cast<uint32_t>(net_.gates.size());
  for (uint32_t g = end; g-- > net_.first_gate();) {
    if (!is_gate(g, Gate::Kind::Or)) continue;
    size_t depth = 0;
    if (open_frame(g, depth)) ++depth;
    while (depth > 0) {
      if ((++steps_ & 1023) == 0) deadline_.check("optimisation");
      uint32_t h = pull(frames_[depth - 1]);
      if (h == UINT32_MAX) {
        close_frame(frames_[--depth]);
        continue;
      }
      if (open_frame(h, depth)) ++depth;
    }
  }
  frames_ = {};
  mark_ = {};
  uses_ = {};
}

// Opens frames_[depth] for OR g; false (and no frame) when no literal is shared by two ANDs.
bool Optimizer::open_frame(uint32_t g, size_t depth) {
  constexpr uint32_t kShared = 1u << 31;
  if (mark_.size() < 2 * net_.gates.size()) mark_.resize(4 * net_.gates.size(), 0);
  touched_.clear();
  bool shared = false;
  for (Lit l : net_.gates[g].inputs)
    if (factorable(l))
      for (Lit x : net_.gates[lit_node(l)].inputs) {
        if (mark_[x]++ == 0) touched_.push_back(x);
        shared |= mark_[x] == 2;
      }
  if (!shared) {
    for (Lit x : touched_) mark_[x] = 0;
    return false;
  }
  if (frames_.size() == depth) frames_.emplace_back();
  FactorFrame& f = frames_[depth];
  f.gate = g;
  f.inputs = net_.gates[g].inputs;
  f.alive.assign(f.inputs.size(), 1);
  f.added.clear();
  f.lit.clear();
  f.count.clear();
  f.occ_begin.assign(1, 0);
  for (Lit x : touched_) {
    if (mark_[x] < 2) continue;
    f.occ_begin.push_back(f.occ_begin.back() + mark_[x]);
    f.count.push_back(mark_[x]);
    mark_[x] = kShared | static_cast<uint32_t>(f.lit.size());
    f.lit.push_back(x);
  }
  const uint32_t ids = static_cast<uint32_t>(f.lit.size());
  f.occ_slot.resize(f.occ_begin.back());
  f.occ_pos.resize(f.occ_begin.back());
  f.last.assign(f.occ_begin.begin(), f.occ_begin.end() - 1);  // the next free index, for now
  f.slot_begin.clear();
  f.slot_ids.clear();
  uint32_t pos = 0;
  for (uint32_t s = 0; s < f.inputs.size(); ++s) {
    f.slot_begin.push_back(static_cast<uint32_t>(f.slot_ids.size()));
    if (!factorable(f.inputs[s])) continue;
    for (Lit x : net_.gates[lit_node(f.inputs[s])].inputs) {
      ++pos;
      if (!(mark_[x] & kShared)) continue;
      uint32_t id = mark_[x] & ~kShared;
      f.slot_ids.push_back(id);
      f.occ_slot[f.last[id]] = s;
      f.occ_pos[f.last[id]++] = pos;
    }
  }
  f.slot_begin.push_back(static_cast<uint32_t>(f.slot_ids.size()));
  f.dirty.assign(ids, 0);
  f.heap.clear();
  for (uint32_t id = 0; id < ids; ++id) {
    f.last[id] = f.occ_begin[id + 1] - 1;
    f.heap.push_back({f.count[id], f.occ_pos[f.last[id]], id});
  }
  std::make_heap(f.heap.begin(), f.heap.end());
  for (Lit x : touched_) mark_[x] = 0;
  return true;
}

// Pulls the best literal c out of the frame's OR: its ANDs lose c and go under a new OR h,
// AND(c, h) joins the OR. Returns h, or UINT32_MAX when no literal is shared any more.
uint32_t Optimizer::pull(FactorFrame& f) {
  uint32_t b = UINT32_MAX;
  while (!f.heap.empty()) {
    const FactorFrame::Entry e = f.heap.front();
    std::pop_heap(f.heap.begin(), f.heap.end());
    f.heap.pop_back();
    if (e.count >= 2 && f.count[e.id] == e.count && f.occ_pos[f.last[e.id]] == e.pos) {
      b = e.id;
      break;
    }
  }
  if (b == UINT32_MAX) return UINT32_MAX;
  const Lit best = f.lit[b];
  std::vector<Lit> rests;
  for (uint32_t k = f.occ_begin[b]; k < f.occ_begin[b + 1]; ++k) {
    const uint32_t s = f.occ_slot[k];
    if (!f.alive[s]) continue;
    f.alive[s] = 0;
    std::vector<Lit>& in = net_.gates[lit_node(f.inputs[s])].inputs;
    in.erase(std::find(in.begin(), in.end(), best));
    rests.push_back(in.size() == 1 ? in[0] : f.inputs[s]);  // a one-input AND is its input
    for (uint32_t j = f.slot_begin[s]; j < f.slot_begin[s + 1]; ++j) {
      const uint32_t y = f.slot_ids[j];
      if (y == b) continue;
      --f.count[y];
      if (!f.dirty[y]) {
        f.dirty[y] = 1;
        dirty_.push_back(y);
      }
    }
  }
  f.count[b] = 0;
  for (uint32_t y : dirty_) {  // one new heap entry per literal whose count fell
    f.dirty[y] = 0;
    if (f.count[y] < 2) continue;
    while (!f.alive[f.occ_slot[f.last[y]]]) --f.last[y];
    f.heap.push_back({f.count[y], f.occ_pos[f.last[y]], y});
    std::push_heap(f.heap.begin(), f.heap.end());
  }
  dirty_.clear();
  const uint32_t h = add_gate(Gate::Kind::Or, std::move(rests));
  const uint32_t a = add_gate(Gate::Kind::And, {best, h << 1});
  f.added.push_back(a << 1);
  uses_.push_back(1);
  uses_.push_back(1);
  return h;
}

// The OR keeps its unpulled inputs in order, then the pulled ANDs.
void Optimizer::close_frame(FactorFrame& f) {
  std::vector<Lit>& in = net_.gates[f.gate].inputs;
  in.clear();
  for (uint32_t s = 0; s < f.inputs.size(); ++s)
    if (f.alive[s]) in.push_back(f.inputs[s]);
  in.insert(in.end(), f.added.begin(), f.added.end());
}

}  // namespace ggp::propnet::detail
