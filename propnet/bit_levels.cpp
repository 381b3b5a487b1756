#include "propnet/bit_levels.h"

#include <algorithm>
#include <numeric>

namespace ggp::propnet {
namespace {

// An op's form (see BitSegment::form), with its negated operands moved last: an OR is a NAND of
// the negated operands.
struct Fixed {
  uint8_t form;
  uint32_t s[3];  // slots
};

Fixed fixed_form(const BitOp& op) {
  const uint32_t is_or = (op.a & BitOp::kOr) ? 1u : 0u;
  const bool binary = op.c == op.b;
  const uint32_t n = binary ? 2 : 3;
  Fixed f{static_cast<uint8_t>((is_or ? BitSegment::kNegateResult : 0) |
                               (binary ? BitSegment::kBinary : 0)),
          {}};
  uint32_t plain = 0, negated = n;
  for (uint32_t l : {op.a & ~BitOp::kOr, op.b, op.c}) {
    if (plain == negated) break;  // a binary op's repeated b
    if ((l & 1) ^ is_or)
      f.s[--negated] = l >> 1;
    else
      f.s[plain++] = l >> 1;
  }
  f.form |= static_cast<uint8_t>(n - negated);
  if (binary) f.s[2] = f.s[1];
  return f;
}

}  // namespace

void group_by_level(BitProgram& bits) {
  const uint32_t first = bits.first_op_slot;
  const uint32_t n = static_cast<uint32_t>(bits.ops.size());
  std::vector<uint32_t> order(n);  // new position -> old op
  std::iota(order.begin(), order.end(), 0u);
  std::vector<uint32_t> level(n, 0);
  std::vector<Fixed> fixed(n);
  auto regroup = [&](std::vector<BitSegment>& segments) {
    std::vector<BitSegment> out;
    for (const BitSegment& s : segments) {
      if (s.cyclic || s.op_end - s.op_begin < 2) {
        out.push_back(s);
        continue;
      }
      for (uint32_t i = s.op_begin; i < s.op_end; ++i) {
        fixed[i] = fixed_form(bits.ops[i]);
        for (uint32_t slot : fixed[i].s)
          if (slot >= first + s.op_begin && slot < first + i)
            level[i] = std::max(level[i], level[slot - first] + 1);
      }
      std::stable_sort(
          order.begin() + s.op_begin, order.begin() + s.op_end, [&](uint32_t x, uint32_t y) {
            return level[x] != level[y] ? level[x] < level[y] : fixed[x].form < fixed[y].form;
          });
      for (uint32_t i = s.op_begin; i < s.op_end;) {
        const uint32_t o = order[i];
        uint32_t e = i + 1;
        while (e < s.op_end && level[order[e]] == level[o] && fixed[order[e]].form == fixed[o].form)
          ++e;
        BitSegment run{i, e};
        run.form = fixed[o].form;
        out.push_back(run);
        i = e;
      }
    }
    segments = std::move(out);
  };
  // Segments in the order evaluate() runs them; a segment of fixed forms only reads slots that
  // earlier segments or lower levels wrote.
  std::vector<uint8_t> is_fixed(n, 0);
  for (auto* segments : {&bits.query, &bits.transition, &bits.goal}) {
    regroup(*segments);
    for (const BitSegment& s : *segments)
      if (s.form != BitSegment::kGeneric)
        for (uint32_t i = s.op_begin; i < s.op_end; ++i) is_fixed[order[i]] = 1;
  }
  std::vector<uint32_t> slot(bits.num_slots);  // old slot -> new slot
  std::iota(slot.begin(), slot.end(), 0u);
  for (uint32_t i = 0; i < n; ++i) slot[first + order[i]] = first + i;
  auto lit = [&](uint32_t l) { return slot[l >> 1] << 1 | (l & 1); };
  std::vector<BitOp> ops(n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t o = order[i];
    if (is_fixed[o]) {
      ops[i] = {slot[fixed[o].s[0]], slot[fixed[o].s[1]], slot[fixed[o].s[2]]};
    } else {
      const BitOp& op = bits.ops[o];
      ops[i] = {(op.a & BitOp::kOr) | lit(op.a & ~BitOp::kOr), lit(op.b), lit(op.c)};
    }
  }
  bits.ops = std::move(ops);
  map_observed_literals(bits, lit);
}

}  // namespace ggp::propnet
