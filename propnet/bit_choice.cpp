// The move choice of BitParallelPlayouts for all lanes at once: uniformly random, or following a
// MoveBias (epsilon-greedy on move values) in the lanes that draw it.
#include <algorithm>
#include <bit>
#include <cmath>

#include "propnet/bit_parallel.h"

namespace ggp::propnet {

namespace {

using LaneEntry = std::pair<uint32_t, uint64_t>;  // a move and the lanes where it is legal

// Adds 1 in the lanes of each entry to per-lane counts held bit-sliced in `count` (plane q holds
// bit q of every lane's count); returns the lanes whose count reached 2^planes.
template <int planes>
uint64_t count_lanes(const LaneEntry* entries, size_t n, uint64_t* count) {
  uint64_t overflow = 0;
  for (size_t i = 0; i < n; ++i) {
    uint64_t lanes = entries[i].second;
    for (int q = 0; q < planes; ++q) {  // count += 1 in the lanes (no early exit: predictable)
      const uint64_t carry = count[q] & lanes;
      count[q] ^= lanes;
      lanes = carry;
    }
    overflow |= lanes;
  }
  return overflow;
}

// Gives each lane of `lanes` (each with a count of at least 1 in `count`, the count_lanes of
// `entries`) the entry of a uniformly random rank among those legal in it: a random rank below
// the count, then one pass that counts it down. `take(move, lanes)` receives the choices.
template <int planes, class Take>
void assign_ranked(const LaneEntry* entries, size_t n, const uint64_t* count, uint64_t lanes,
                   reasoner::Random& rng, Take&& take) {
  uint64_t rank[planes] = {};
  for (uint64_t l = lanes; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    uint32_t c = 0;
    for (int q = 0; q < planes; ++q) c |= static_cast<uint32_t>((count[q] >> lane) & 1) << q;
    if (c < 2) continue;
    const uint32_t k = rng.below(c);
    for (int q = 0; q < planes; ++q) rank[q] |= static_cast<uint64_t>((k >> q) & 1) << lane;
  }
  uint64_t pending = lanes;
  for (size_t i = 0; i < n && pending != 0; ++i) {
    const auto [m, legal] = entries[i];
    uint64_t nonzero = 0;
    for (int q = 0; q < planes; ++q) nonzero |= rank[q];
    if (const uint64_t chosen = legal & pending & ~nonzero; chosen != 0) take(m, chosen);
    pending &= ~(legal & ~nonzero);
    for (uint64_t borrow = legal, q = 0; q < static_cast<uint64_t>(planes); ++q) {
      const uint64_t next = ~rank[q] & borrow;  // rank -= 1 in the lanes
      rank[q] ^= borrow;
      borrow = next;
    }
  }
}

// count_lanes and assign_ranked with enough planes for `n` entries.
template <class Take>
void draw_uniform(const LaneEntry* entries, size_t n, uint64_t lanes, reasoner::Random& rng,
                  Take&& take) {
  auto draw = [&]<int planes>() {
    uint64_t count[planes] = {};
    count_lanes<planes>(entries, n, count);
    assign_ranked<planes>(entries, n, count, lanes, rng, take);
  };
  if (n < 16) draw.template operator()<4>();
  else if (n < 256) draw.template operator()<8>();
  else if (n < 65536) draw.template operator()<16>();
  else draw.template operator()<32>();
}

}  // namespace

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
  if (bias_.avoid_private) n = drop_private(role, n);
  if (bias_.pass_last) n = drop_passes(n);
  uint64_t decided = replying_ ? choose_replies(role, n, movers) : 0;
  if (follow_captures_ != 0) decided |= choose_captures(role, n, movers & ~decided, rng);
  if (follow_bias_ != 0) decided |= choose_by_value(role, n, movers & ~decided, rng);
  const int planes = std::bit_width(p_.role_moves[role + 1] - p_.role_moves[role]);
  // A fixed number of planes (the top ones stay zero) lets the compiler unroll the plane loops.
  uint64_t stuck = 0;
  if (planes <= 4) {
    choose_among<4>(role, n, movers, decided, rng, stuck);
    return stuck;
  }
  if (choose_among<6>(role, n, movers, decided, rng, stuck)) return stuck;
  if (choose_among<8>(role, n, movers, decided, rng, stuck))
    return stuck;  // never overflows below 256 moves
  if (planes <= 16)
    choose_among<16>(role, n, movers, decided, rng, stuck);
  else
    choose_among<32>(role, n, movers, decided, rng, stuck);
  return stuck;
}

size_t BitParallelPlayouts::drop_private(uint32_t role, size_t n) {
  uint64_t open = 0;  // lanes with a move that is not private
  for (size_t i = 0; i < n; ++i) open |= legal_[i].second & twin_open(legal_[i].first);
  if (bias_.keeps_private_captures() && !redrawing_) {
    private_open_[role] = open;
    return n;
  }
  if (open == 0) return n;
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t m = legal_[i].first;
    legal_[kept] = {m, legal_[i].second & (twin_open(m) | ~open)};
    kept += legal_[kept].second != 0;
  }
  return kept;
}

void BitParallelPlayouts::redraw_private_non_captures(uint64_t moved, reasoner::Random& rng) {
  uint64_t drew_private = 0;
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    for (uint64_t l = moved & private_open_[r]; l != 0; l &= l - 1) {
      const int lane = std::countr_zero(l);
      if (((twin_open(choice_[r * kLanes + lane]) >> lane) & 1) == 0) drew_private |= l & (0 - l);
    }
  if (drew_private == 0) return;
  const uint64_t redraw = drew_private & ~lanes_taking_pieces(drew_private);
  if (redraw == 0) return;
  for (uint32_t slot : set_inputs_) w_[slot] &= ~redraw;
  redrawing_ = true;
  for (uint32_t r = 0; r < p_.num_roles; ++r) {
    const uint64_t multi = multi_[r];
    choose_moves(r, redraw, rng);  // never stuck: each lane keeps the moves that are not private
    multi_[r] = (multi & ~redraw) | (multi_[r] & redraw);
  }
  redrawing_ = false;
}

uint64_t BitParallelPlayouts::lanes_taking_pieces(uint64_t lanes) {
  scatter_inputs();
  evaluate(bits_->transition);
  uint64_t taking = 0;
  for (size_t k = 0; k + 1 < bias_.piece_begin.size(); ++k) {
    uint64_t lost = 0, gained = 0;
    for (uint32_t i = bias_.piece_begin[k]; i < bias_.piece_begin[k + 1]; ++i) {
      const reasoner::FactId f = bias_.piece_facts[i];
      if (f >= p_.num_facts) continue;
      const uint64_t now = w_[p_.base_node(f)], next = word(bits_->next[f]);
      lost |= now & ~next;
      gained |= next & ~now;
    }
    taking |= lost & ~gained;
  }
  clear_accumulators();  // scatter_inputs fills them again before the transition
  return taking & lanes;
}

size_t BitParallelPlayouts::drop_passes(size_t n) {
  uint64_t others = 0;  // lanes with a move that is not a pass
  for (size_t i = 0; i < n; ++i)
    if (!bits_->turn_move[legal_[i].first]) others |= legal_[i].second;
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t m = legal_[i].first;
    legal_[kept] = {m, bits_->turn_move[m] ? legal_[i].second & ~others : legal_[i].second};
    kept += legal_[kept].second != 0;
  }
  return kept;
}

void BitParallelPlayouts::set_bias(const reasoner::MoveBias& bias) {
  bias_ = bias;
  replying_ = !bias.replies.empty() && p_.num_roles == 2;
  auto in_256ths = [](double p) { return static_cast<uint32_t>(std::lround(std::clamp(p, 0.0, 1.0) * 256)); };
  follow_bias_ = bias.active() ? in_256ths(1.0 - bias.epsilon) : 0;
  follow_captures_ = bias.captures.active() ? in_256ths(bias.captures.share) : 0;
}

uint64_t BitParallelPlayouts::random_lanes(uint32_t share, uint64_t lanes, reasoner::Random& rng) {
  // The mask is built from the share's binary digits, least significant first (a digit 1 ORs a
  // fair random word in, a 0 ANDs one): each lane is in it with probability share / 256.
  uint64_t mask = 0;
  for (int digit = 0; digit < 8; ++digit)
    mask = (share >> digit) & 1 ? (mask | rng.next()) : (mask & rng.next());
  return share >= 256 ? lanes : mask & lanes;
}

uint64_t BitParallelPlayouts::choose_replies(uint32_t role, size_t n, uint64_t movers) {
  if (n < 2) return 0;  // no lane has a choice
  const uint32_t* previous = &last_choice_[(1 - role) * kLanes];
  const uint32_t first = p_.role_moves[role], end = p_.role_moves[role + 1];
  for (uint64_t l = movers; l != 0; l &= l - 1) {
    const reasoner::MoveId reply = bias_.reply(previous[std::countr_zero(l)]);
    if (reply < first || reply >= end) continue;  // none, or not this role's
    if (wanted_[reply] == 0) wanted_moves_.push_back(reply);
    wanted_[reply] |= l & (0 - l);
  }
  if (wanted_moves_.empty()) return 0;
  uint64_t decided = 0;
  for (size_t i = 0; i < n; ++i)
    if (const uint64_t lanes = wanted_[legal_[i].first] & legal_[i].second; lanes != 0) {
      set_choice(role, legal_[i].first, lanes);
      decided |= lanes;
    }
  for (uint32_t m : wanted_moves_) wanted_[m] = 0;
  wanted_moves_.clear();
  return decided;
}

uint64_t BitParallelPlayouts::choose_captures(uint32_t role, size_t n, uint64_t movers,
                                              reasoner::Random& rng) {
  if (n < 2) return 0;  // no lane has a choice: no draw
  const uint64_t pending = random_lanes(follow_captures_, movers, rng);
  if (pending == 0) return 0;
  const reasoner::Captures& captures = bias_.captures;
  constexpr size_t kRanks = reasoner::Captures::kMaxRanks;
  // One entry per (move, rank): the lanes where the move takes a victim of that rank.
  tied_.clear(), tied_ranks_.clear();
  uint64_t by_rank[kRanks] = {};  // lanes where some capture of that rank is legal
  for (size_t i = 0; i < n; ++i) {
    const auto [m, legal] = legal_[i];
    const size_t first = tied_.size();  // this move's entries
    const std::span<const reasoner::FactId> victims = captures.victims(m);
    for (size_t k = 0; k < victims.size(); ++k) {
      if (victims[k] >= p_.num_facts) continue;
      const uint64_t capture = w_[p_.base_node(victims[k])] & legal & pending;
      if (capture == 0) continue;
      const uint8_t rank = captures.rank(m, k);
      by_rank[rank] |= capture;
      size_t e = first;
      while (e < tied_.size() && tied_ranks_[e] != rank) ++e;
      if (e == tied_.size()) tied_.push_back({m, 0}), tied_ranks_.push_back(rank);
      tied_[e].second |= capture;
    }
  }
  if (tied_.empty()) return 0;
  // Each lane keeps only its captures of the least rank it has.
  uint64_t lanes = 0;
  for (uint64_t& ranked : by_rank) ranked &= ~lanes, lanes |= ranked;
  size_t kept = 0;
  for (size_t e = 0; e < tied_.size(); ++e)
    if (const uint64_t best = tied_[e].second & by_rank[tied_ranks_[e]]; best != 0)
      tied_[kept++] = {tied_[e].first, best};
  draw_uniform(tied_.data(), kept, lanes, rng,
               [&](uint32_t m, uint64_t chosen) { set_choice(role, m, chosen); });
  return lanes;
}

void BitParallelPlayouts::set_choice(uint32_t role, uint32_t m, uint64_t lanes) {
  set_input(m, lanes);
  uint32_t* choice = &choice_[role * kLanes];
  for (uint64_t l = lanes; l != 0; l &= l - 1) choice[std::countr_zero(l)] = m;
}

uint64_t BitParallelPlayouts::choose_by_value(uint32_t role, size_t n, uint64_t movers,
                                              reasoner::Random& rng) {
  if (n < 2) return 0;  // no lane has a choice: no draw
  uint64_t pending = random_lanes(follow_bias_, movers, rng);
  if (pending == 0) return 0;
  ranked_.clear();
  for (size_t i = 0; i < n; ++i) ranked_.push_back({bias_.value(legal_[i].first), legal_[i]});
  std::sort(ranked_.begin(), ranked_.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  // By value, best first: the lanes still pending where some move of equal value is legal take
  // one of them, uniformly at random in each lane.
  uint64_t decided = 0;
  for (size_t i = 0, end = 0; i < ranked_.size() && pending != 0; i = end) {
    tied_.clear();
    uint64_t lanes = 0;
    for (end = i; end < ranked_.size() && ranked_[end].first == ranked_[i].first; ++end) {
      const auto [m, legal] = ranked_[end].second;
      if ((legal & pending) == 0) continue;
      tied_.push_back({m, legal & pending});
      lanes |= legal & pending;
    }
    if (lanes == 0) continue;
    if (tied_.size() == 1)
      set_choice(role, tied_[0].first, lanes);
    else
      draw_uniform(tied_.data(), tied_.size(), lanes, rng,
                   [&](uint32_t m, uint64_t chosen) { set_choice(role, m, chosen); });
    decided |= lanes;
    pending &= ~lanes;
  }
  return decided;
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
                                       uint64_t decided, reasoner::Random& rng, uint64_t& stuck) {
  uint64_t count[planes] = {};
  if (count_lanes<planes>(legal_.data(), n, count) != 0) return false;
  uint64_t some = 0, several = 0;
  for (int q = 0; q < planes; ++q) some |= count[q];
  for (int q = 1; q < planes; ++q) several |= count[q];
  stuck = movers & ~some;
  multi_[role] = movers & several;
  for (uint64_t l = movers & several; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    uint32_t c = 0;
    for (int q = 0; q < planes; ++q) c |= static_cast<uint32_t>((count[q] >> lane) & 1) << q;
    options_[lane] = c;
  }
  assign_ranked<planes>(legal_.data(), n, count, movers & some & ~decided, rng,
                        [&](uint32_t m, uint64_t lanes) { set_choice(role, m, lanes); });
  return true;
}

}  // namespace ggp::propnet
