// The uniformly random move choice of BitParallelPlayouts, for all lanes at once.
#include <bit>

#include "propnet/bit_parallel.h"

namespace ggp::propnet {

// Per-lane counts are bit-sliced (plane p holds bit p of every lane's count), so counting a
// move's legal lanes costs a few word operations whatever the number of lanes: the count of legal
// moves, then a random rank below it, then one pass that gives each lane the move of its rank.
// A role may own thousands of moves (speedChess: 3,833) of which a lane has a few dozen legal, so
// the count first tries 6 planes, then 8, and takes the role's full width only where a lane
// overflows (speedChess: 4% more playouts with 6 planes first than with 8).
uint64_t BitParallelPlayouts::choose_moves(uint32_t role, uint64_t movers, reasoner::Random& rng) {
  size_t n = gather_legal(role, movers);
  if ((retrying_ & movers) != 0) {  // greedy take-backs: those lanes choose without those moves
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i) {
      legal_[kept] = {legal_[i].first, legal_[i].second & ~(excluded_[legal_[i].first] & retrying_)};
      kept += legal_[kept].second != 0;
    }
    n = kept;
  }
  const int planes = std::bit_width(p_.role_moves[role + 1] - p_.role_moves[role]);
  // A fixed number of planes (the top ones stay zero) lets the compiler unroll the plane loops.
  uint64_t stuck = 0;
  if (planes <= 4) {
    choose_among<4>(role, n, movers, rng, stuck);
    return stuck;
  }
  if (choose_among<6>(role, n, movers, rng, stuck)) return stuck;
  if (choose_among<8>(role, n, movers, rng, stuck)) return stuck;  // never overflows below 256 moves
  if (planes <= 16)
    choose_among<16>(role, n, movers, rng, stuck);
  else
    choose_among<32>(role, n, movers, rng, stuck);
  return stuck;
}

size_t BitParallelPlayouts::gather_legal(uint32_t role, uint64_t movers) {
  const BitProgram& bits = *bits_;
  const uint64_t* w = w_.data();
  std::pair<uint32_t, uint64_t>* out = legal_.data();
  size_t n = 0;
  // Branch-free: a move's legality across lanes is a coin toss to the predictor.
  const uint32_t* moves = bits.plain_moves.data();
  const uint32_t* slots = bits.plain_slots.data();
  const uint64_t guard = word(bits.guard[role]);
  const uint32_t* group = &bits.plain_begin[2 * role];
  for (uint64_t lanes_in : {movers, movers & guard}) {
    if (lanes_in != 0)
      for (uint32_t i = group[0]; i < group[1]; ++i) {
        const uint64_t lanes = w[slots[i]] & lanes_in;
        out[n] = {moves[i], lanes};
        n += lanes != 0;
      }
    ++group;
  }
  for (uint32_t i = bits.special_begin[role], e = bits.special_begin[role + 1]; i < e; ++i) {
    const uint32_t m = bits.special_moves[i];
    const uint64_t lanes = word(bits.legal[m]) & movers & (p_.guarded(m) ? guard : ~uint64_t{0});
    out[n] = {m, lanes};
    n += lanes != 0;
  }
  return n;
}

template <int planes>
bool BitParallelPlayouts::choose_among(uint32_t role, size_t n, uint64_t movers,
                                       reasoner::Random& rng, uint64_t& stuck) {
  const std::pair<uint32_t, uint64_t>* legal = legal_.data();
  uint64_t count[planes] = {}, rank[planes] = {}, overflow = 0;
  for (size_t i = 0; i < n; ++i) {
    uint64_t lanes = legal[i].second;
    for (int q = 0; q < planes; ++q) {  // count += 1 in the lanes (no early exit: predictable)
      const uint64_t carry = count[q] & lanes;
      count[q] ^= lanes;
      lanes = carry;
    }
    overflow |= lanes;
  }
  if (overflow) return false;
  uint64_t some = 0, several = 0;
  for (int q = 0; q < planes; ++q) some |= count[q];
  for (int q = 1; q < planes; ++q) several |= count[q];
  stuck = movers & ~some;
  multi_[role] = movers & several;
  for (uint64_t l = movers & some; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    uint32_t c = 0;
    for (int q = 0; q < planes; ++q) c |= static_cast<uint32_t>((count[q] >> lane) & 1) << q;
    if (c < 2) continue;
    options_[lane] = c;
    const uint32_t k = rng.below(c);
    for (int q = 0; q < planes; ++q) rank[q] |= static_cast<uint64_t>((k >> q) & 1) << lane;
  }
  uint64_t pending = movers & some;
  uint32_t* choice = &choice_[role * kLanes];
  for (size_t i = 0; i < n; ++i) {
    const auto [m, lanes] = legal[i];
    uint64_t nonzero = 0;
    for (int q = 0; q < planes; ++q) nonzero |= rank[q];
    for (uint64_t l = lanes & pending & ~nonzero; l != 0; l &= l - 1) {
      const int lane = std::countr_zero(l);
      const uint32_t slot = p_.input_node(m);
      if (w_[slot] == 0) set_inputs_.push_back(slot);
      w_[slot] |= uint64_t{1} << lane;
      choice[lane] = m;
    }
    pending &= ~(lanes & ~nonzero);
    if (pending == 0) break;
    for (uint64_t borrow = lanes, q = 0; q < static_cast<uint64_t>(planes); ++q) {
      const uint64_t next = ~rank[q] & borrow;  // rank -= 1 in the lanes
      rank[q] ^= borrow;
      borrow = next;
    }
  }
  return true;
}

}  // namespace ggp::propnet
