#include "propnet/bit_program.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "propnet/bit_levels.h"

namespace ggp::propnet {
namespace {

constexpr uint32_t kTrue = 1;  // literal: slot 0 (false) negated
// In a folded input list: the gate's accumulator (kAccumulator | index << 1 | negated).
constexpr uint32_t kAccumulator = 1u << 31;

// Ops computing an AND or OR of k inputs: a tree of three-input gates (as ternarize builds it).
uint32_t ops_for(uint32_t inputs) {
  uint32_t ops = 1;
  for (; inputs > 3; inputs = inputs / 3 + inputs % 3) ops += inputs / 3;
  return ops;
}

// Appends the ops of one gate (inputs already translated to slots) but its last, grouping inputs
// by three level by level so that its ops form a shallow tree (independent ops overlap in the
// CPU); returns the last op, which writes the gate's own slot.
BitOp ternarize(bool is_or, std::vector<uint32_t> inputs, BitProgram& out) {
  if (inputs.empty()) inputs.push_back(is_or ? 0u : kTrue);
  while (inputs.size() < 3) inputs.push_back(inputs.back());
  const uint32_t kind = is_or ? BitOp::kOr : 0u;
  while (inputs.size() > 3) {
    std::vector<uint32_t> level;
    size_t i = 0;
    for (; i + 2 < inputs.size(); i += 3) {
      level.push_back((out.first_op_slot + static_cast<uint32_t>(out.ops.size())) << 1);
      out.ops.push_back({kind | inputs[i], inputs[i + 1], inputs[i + 2]});
    }
    level.insert(level.end(), inputs.begin() + static_cast<ptrdiff_t>(i), inputs.end());
    inputs = std::move(level);
  }
  while (inputs.size() < 3) inputs.push_back(inputs.back());
  return {kind | inputs[0], inputs[1], inputs[2]};
}

// Appends a run of ops to `segments`; consecutive acyclic runs share one segment.
void add_segment(std::vector<BitSegment>& segments, BitSegment segment) {
  if (segment.op_begin == segment.op_end) return;
  if (!segments.empty() && !segment.cyclic && !segments.back().cyclic &&
      segments.back().op_end == segment.op_begin)
    segments.back().op_end = segment.op_end;
  else
    segments.push_back(segment);
}

// Gate inputs with the move literals that combine by OR folded into one accumulator per gate
// (see BitProgram): folded[begin[v], [v + 1]) holds Program literals and the accumulator.
struct FoldedInputs {
  std::vector<uint32_t> begin, lits;
  std::vector<std::vector<uint32_t>> feeds;  // by move: the accumulators it feeds
  uint32_t accumulators = 0;
  uint32_t size(uint32_t v) const { return begin[v + 1] - begin[v]; }
};

FoldedInputs fold_move_inputs(const Program& p) {
  const uint32_t first = p.first_gate();
  FoldedInputs f;
  f.begin.assign(p.num_nodes + 1, 0);
  f.feeds.resize(p.num_moves);
  for (uint32_t v = first; v < p.num_nodes; ++v) {
    const uint32_t b = p.fanin_begin[v], e = p.fanin_begin[v + 1];
    const uint32_t sign = (p.flags[v] & Program::kOr) ? 0u : 1u;  // a foldable literal's negation
    auto foldable = [&](uint32_t l) {
      const uint32_t u = l >> 1;
      return u >= 1 + p.num_facts && u < first && (l & 1) == sign;
    };
    const auto n = std::count_if(p.fanin.begin() + b, p.fanin.begin() + e, foldable);
    for (uint32_t k = b; k < e; ++k)
      if (n < 2 || !foldable(p.fanin[k])) f.lits.push_back(p.fanin[k]);
    if (n >= 2) {
      for (uint32_t k = b; k < e; ++k)
        if (foldable(p.fanin[k]))
          f.feeds[(p.fanin[k] >> 1) - 1 - p.num_facts].push_back(f.accumulators);
      f.lits.push_back(kAccumulator | f.accumulators << 1 | sign);
      ++f.accumulators;
    }
    f.begin[v + 1] = static_cast<uint32_t>(f.lits.size());
  }
  return f;
}

// BitProgram::twin_legal and turn_move, in the Program's literals (mapped to slots with the rest).
void find_twins_and_passes(const Program& p, BitProgram& bits) {
  bits.twin_legal.assign(p.num_moves, kTrueLit);
  bits.turn_move.assign(p.num_moves, 0);
  for (uint32_t r = 0; r < p.num_roles; ++r)
    for (uint32_t m = p.role_moves[r]; m < p.role_moves[r + 1]; ++m)
      bits.turn_move[m] = p.legal_guard[r] != kTrueLit &&
                          (p.guarded(m) ? p.legal_lit[m] == kTrueLit
                                        : p.legal_lit[m] == p.legal_guard[r]);
  if (p.num_roles != 2) return;
  std::unordered_map<std::string_view, uint32_t> second;  // role 1's moves by name
  for (uint32_t m = p.role_moves[1]; m < p.role_moves[2]; ++m) second.emplace(p.move_texts[m], m);
  for (uint32_t m = p.role_moves[0]; m < p.role_moves[1]; ++m)
    if (auto it = second.find(p.move_texts[m]); it != second.end()) {
      if (p.guarded(it->second)) bits.twin_legal[m] = p.legal_lit[it->second];
      if (p.guarded(m)) bits.twin_legal[it->second] = p.legal_lit[m];
    }
}

}  // namespace

std::shared_ptr<const BitProgram> compile_bit_program(std::shared_ptr<const Program> program) {
  const Program& p = *program;
  if (p.queries_read_moves) return nullptr;
  auto bits = std::make_shared<BitProgram>();
  const uint32_t first = p.first_gate();
  bits->first_op_slot = first;
  const FoldedInputs folded = fold_move_inputs(p);

  // Each gate's slot is that of its last op (a cycle reads later gates of its own cycle).
  std::vector<uint32_t> slot_of(p.num_nodes);
  for (uint32_t v = 0; v < first; ++v) slot_of[v] = v;
  uint32_t next_slot = first;
  for (uint32_t v = first; v < p.num_nodes; ++v) {
    next_slot += ops_for(folded.size(v));
    slot_of[v] = next_slot - 1;
  }
  bits->first_accumulator = next_slot;
  bits->num_slots = next_slot + folded.accumulators;
  if (bits->num_slots >= (1u << 30)) return nullptr;  // literals keep bit 31 for BitOp::kOr
  bits->scatter_begin.push_back(0);
  for (const auto& to : folded.feeds) {
    for (uint32_t a : to) bits->scatter.push_back(bits->first_accumulator + a);
    bits->scatter_begin.push_back(static_cast<uint32_t>(bits->scatter.size()));
  }

  auto lit = [&](uint32_t l) {
    if (l & kAccumulator)
      return (bits->first_accumulator + ((l & ~kAccumulator) >> 1)) << 1 | (l & 1);
    return slot_of[l >> 1] << 1 | (l & 1);
  };
  auto gate_ops = [&](uint32_t u) {
    std::vector<uint32_t> inputs;
    for (uint32_t k = folded.begin[u]; k < folded.begin[u + 1]; ++k)
      inputs.push_back(lit(folded.lits[k]));
    return ternarize((p.flags[u] & Program::kOr) != 0, std::move(inputs), *bits);
  };
  auto emit = [&](uint32_t begin, uint32_t end, std::vector<BitSegment>& segments) {
    for (uint32_t v = begin; v < end;) {
      BitSegment segment{static_cast<uint32_t>(bits->ops.size()), 0};
      uint32_t stop = v + 1;
      if (p.flags[v] & Program::kCyclic) {  // a cycle's nodes are numbered consecutively
        while (stop < end && p.cycle_of[stop] == p.cycle_of[v]) ++stop;
        segment.cyclic = true;
      }
      for (uint32_t u = v; u < stop; ++u) bits->ops.push_back(gate_ops(u));
      segment.op_end = static_cast<uint32_t>(bits->ops.size());
      add_segment(segments, segment);
      v = stop;
    }
  };
  // The transition gates that goals read are settled with the queries, so that the goal gates can
  // be evaluated on the state of a step without its moves.
  emit(first, p.shared_end, bits->query);
  emit(p.shared_end, p.goal_begin, bits->transition);
  emit(p.goal_begin, p.num_nodes, bits->goal);

  bits->next = p.next_lit;
  bits->legal = p.legal_lit;
  bits->guard = p.legal_guard;
  bits->terminal = p.terminal;
  bits->goals = p.goals;
  find_twins_and_passes(p, *bits);
  map_observed_literals(*bits, lit);
  group_by_level(*bits);
  bits->plain_begin.push_back(0);
  bits->special_begin.push_back(0);
  for (uint32_t r = 0; r < p.num_roles; ++r) {
    for (bool with_guard : {false, true}) {
      std::vector<std::pair<uint32_t, uint32_t>> plain;  // (slot, move), read in slot order
      for (uint32_t m = p.role_moves[r]; m < p.role_moves[r + 1]; ++m)
        if ((bits->legal[m] & 1) == 0 && p.guarded(m) == with_guard)
          plain.push_back({bits->legal[m] >> 1, m});
      std::sort(plain.begin(), plain.end());
      for (const auto& [slot, m] : plain) {
        bits->plain_slots.push_back(slot);
        bits->plain_moves.push_back(m);
      }
      bits->plain_begin.push_back(static_cast<uint32_t>(bits->plain_moves.size()));
    }
    for (uint32_t m = p.role_moves[r]; m < p.role_moves[r + 1]; ++m)
      if (bits->legal[m] & 1) bits->special_moves.push_back(m);
    bits->special_begin.push_back(static_cast<uint32_t>(bits->special_moves.size()));
  }
  bits->program = std::move(program);
  return bits;
}

}  // namespace ggp::propnet
