#include "propnet/bit_parallel.h"

#include <algorithm>
#include <bit>

namespace ggp::propnet {
namespace {

constexpr uint32_t kTrue = 1;  // literal: slot 0 (false) negated

// Ops computing an AND or OR of k inputs: a tree of two-input gates.
uint32_t ops_for(uint32_t inputs) { return inputs <= 2 ? 1 : inputs - 1; }

// Appends the ops of one gate (inputs already translated to slots), pairing inputs level by level
// so that its ops form a shallow tree (independent ops overlap in the CPU); the last op is the
// gate's own slot.
void binarize(bool is_or, std::vector<uint32_t> inputs, BitProgram& out) {
  if (inputs.empty()) inputs.push_back(is_or ? 0u : kTrue);
  if (inputs.size() == 1) inputs.push_back(inputs[0]);
  const uint32_t kind = is_or ? BitOp::kOr : 0u;
  while (inputs.size() > 2) {
    std::vector<uint32_t> level;
    for (size_t i = 0; i + 1 < inputs.size(); i += 2) {
      level.push_back((out.first_op_slot + static_cast<uint32_t>(out.ops.size())) << 1);
      out.ops.push_back({kind | inputs[i], inputs[i + 1]});
    }
    if (inputs.size() % 2) level.push_back(inputs.back());
    inputs = std::move(level);
  }
  out.ops.push_back({kind | inputs[0], inputs[1]});
}

}  // namespace

std::shared_ptr<const BitProgram> compile_bit_program(std::shared_ptr<const Program> program) {
  const Program& p = *program;
  if (p.queries_read_moves) return nullptr;
  auto bits = std::make_shared<BitProgram>();
  const uint32_t first = 1 + p.num_facts + p.num_moves;
  bits->first_op_slot = first;
  // Each gate's slot is that of its last op (a cycle reads later gates of its own cycle).
  std::vector<uint32_t> slot_of(p.num_nodes);
  uint32_t next_slot = first;
  for (uint32_t v = 0; v < p.num_nodes; ++v) {
    if (v < first) {
      slot_of[v] = v;
      continue;
    }
    next_slot += ops_for(p.fanin_begin[v + 1] - p.fanin_begin[v]);
    slot_of[v] = next_slot - 1;
  }
  bits->num_slots = next_slot;
  if (next_slot >= (1u << 30)) return nullptr;  // literals keep bit 31 for BitOp::kOr
  auto lit = [&](uint32_t l) { return slot_of[l >> 1] << 1 | (l & 1); };
  for (uint32_t v = first; v < p.num_nodes;) {
    auto& segments = v < p.query_end ? bits->query : bits->transition;
    BitSegment segment{static_cast<uint32_t>(bits->ops.size()), 0};
    uint32_t end = v + 1;
    if (p.flags[v] & Program::kCyclic) {  // a cycle's nodes are numbered consecutively
      while (end < p.num_nodes && p.cycle_of[end] == p.cycle_of[v]) ++end;
      segment.cyclic = true;
    }
    for (uint32_t u = v; u < end; ++u) {
      std::vector<uint32_t> inputs;
      for (uint32_t k = p.fanin_begin[u]; k < p.fanin_begin[u + 1]; ++k) inputs.push_back(lit(p.fanin[k]));
      binarize((p.flags[u] & Program::kOr) != 0, std::move(inputs), *bits);
    }
    segment.op_end = static_cast<uint32_t>(bits->ops.size());
    // Consecutive acyclic gates share one segment.
    if (!segments.empty() && !segment.cyclic && !segments.back().cyclic &&
        segments.back().op_end == segment.op_begin)
      segments.back().op_end = segment.op_end;
    else
      segments.push_back(segment);
    v = end;
  }
  for (uint32_t l : p.next_lit) bits->next.push_back(lit(l));
  for (uint32_t l : p.legal_lit) bits->legal.push_back(lit(l));
  for (uint32_t l : p.legal_guard) bits->guard.push_back(lit(l));
  bits->terminal = lit(p.terminal);
  bits->goals = p.goals;
  for (auto& goals : bits->goals)
    for (auto& goal : goals) goal.second = lit(goal.second);
  bits->program = std::move(program);
  return bits;
}

BitParallelPlayouts::BitParallelPlayouts(std::shared_ptr<const BitProgram> bits)
    : bits_(std::move(bits)), p_(*bits_->program) {
  w_.assign(bits_->num_slots, 0);
  next_.assign(p_.num_facts, 0);
  size_t max_cycle = 0;
  for (const auto* segments : {&bits_->query, &bits_->transition})
    for (const BitSegment& s : *segments)
      if (s.cyclic) max_cycle = std::max<size_t>(max_cycle, s.op_end - s.op_begin);
  cycle_before_.assign(max_cycle, 0);
  uint32_t most_moves = 0;
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    most_moves = std::max(most_moves, p_.role_moves[r + 1] - p_.role_moves[r]);
  legal_.reserve(most_moves);
  set_inputs_.reserve(kLanes * p_.num_roles);
  start_step_.assign(kLanes, 0);
  lane_moves_.resize(kLanes);
}

void BitParallelPlayouts::evaluate(std::span<const BitSegment> segments) {
  const BitOp* ops = bits_->ops.data();
  uint64_t* w = w_.data();
  uint64_t* out = w + bits_->first_op_slot;
  auto run = [&](uint32_t begin, uint32_t end) {
    for (uint32_t i = begin; i < end; ++i) {
      const uint32_t a = ops[i].a, b = ops[i].b;
      const uint64_t x = w[(a & ~BitOp::kOr) >> 1] ^ (0 - static_cast<uint64_t>(a & 1));
      const uint64_t y = w[b >> 1] ^ (0 - static_cast<uint64_t>(b & 1));
      out[i] = (x & y) | ((x ^ y) & (0 - static_cast<uint64_t>(a >> 31)));
    }
  };
  for (const BitSegment& s : segments) {
    if (!s.cyclic) {
      run(s.op_begin, s.op_end);
      continue;
    }
    // Least fixpoint: monotone inside the cycle (no negation there), so iterate from all-false.
    std::fill(out + s.op_begin, out + s.op_end, 0);
    for (bool changed = true; changed;) {
      std::copy(out + s.op_begin, out + s.op_end, cycle_before_.begin());
      run(s.op_begin, s.op_end);
      changed = !std::equal(out + s.op_begin, out + s.op_end, cycle_before_.begin());
    }
  }
}

// Per-lane counts are bit-sliced (plane p holds bit p of every lane's count), so counting a
// move's legal lanes costs a few word operations whatever the number of lanes: the count of legal
// moves, then a random rank below it, then one pass that gives each lane the move of its rank.
uint64_t BitParallelPlayouts::choose_moves(uint32_t role, uint64_t movers, reasoner::Random& rng) {
  const int planes = std::bit_width(p_.role_moves[role + 1] - p_.role_moves[role]);
  // A fixed number of planes (the top ones stay zero) lets the compiler unroll the plane loops.
  if (planes <= 4) return choose_moves_in<4>(role, movers, rng);
  if (planes <= 8) return choose_moves_in<8>(role, movers, rng);
  if (planes <= 16) return choose_moves_in<16>(role, movers, rng);
  return choose_moves_in<32>(role, movers, rng);
}

template <int planes>
uint64_t BitParallelPlayouts::choose_moves_in(uint32_t role, uint64_t movers,
                                              reasoner::Random& rng) {
  const uint32_t b = p_.role_moves[role], e = p_.role_moves[role + 1];
  const uint64_t guard = word(bits_->guard[role]);
  uint64_t count[planes] = {}, rank[planes] = {};
  legal_.clear();
  for (uint32_t m = b; m < e; ++m) {
    uint64_t lanes = word(bits_->legal[m]) & movers;
    if ((p_.guarded_words[m / 64] >> (m % 64)) & 1) lanes &= guard;
    if (lanes == 0) continue;
    legal_.push_back({m, lanes});
    for (int q = 0; q < planes; ++q) {  // count += 1 in the lanes (no early exit: predictable)
      const uint64_t carry = count[q] & lanes;
      count[q] ^= lanes;
      lanes = carry;
    }
  }
  uint64_t some = 0;
  for (int q = 0; q < planes; ++q) some |= count[q];
  const uint64_t stuck = movers & ~some;
  for (uint64_t l = movers & some; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    uint32_t c = 0;
    for (int q = 0; q < planes; ++q) c |= static_cast<uint32_t>((count[q] >> lane) & 1) << q;
    if (c < 2) continue;
    const uint32_t k = rng.below(c);
    for (int q = 0; q < planes; ++q) rank[q] |= static_cast<uint64_t>((k >> q) & 1) << lane;
  }
  uint64_t pending = movers & some;
  for (const auto& [m, legal] : legal_) {
    uint64_t nonzero = 0;
    for (int q = 0; q < planes; ++q) nonzero |= rank[q];
    for (uint64_t l = legal & pending & ~nonzero; l != 0; l &= l - 1) {
      const int lane = std::countr_zero(l);
      const uint32_t slot = p_.input_node(m);
      if (w_[slot] == 0) set_inputs_.push_back(slot);
      w_[slot] |= uint64_t{1} << lane;
      if (recording_) lane_moves_[lane].push_back(m);
    }
    pending &= ~(legal & ~nonzero);
    if (pending == 0) break;
    for (uint64_t borrow = legal, q = 0; q < static_cast<uint64_t>(planes); ++q) {
      const uint64_t next = ~rank[q] & borrow;  // rank -= 1 in the lanes
      rank[q] ^= borrow;
      borrow = next;
    }
  }
  return stuck;
}

uint64_t BitParallelPlayouts::single_goal_lanes(uint32_t role, uint64_t lanes) const {
  uint64_t once = 0, twice = 0;
  for (const auto& goal : bits_->goals[role]) {
    const uint64_t holds = word(goal.second) & lanes;
    twice |= once & holds;
    once |= holds;
  }
  return once & ~twice;
}

void BitParallelPlayouts::finish_lanes(uint64_t lanes, bool completed,
                                       std::vector<LanePlayout>* record) {
  if (!record) return;
  for (uint64_t l = lanes; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    LanePlayout done;
    done.lane = static_cast<uint32_t>(lane);
    done.moves = lane_moves_[lane];
    done.completed = completed;
    done.goals.assign(p_.num_roles, 0);
    for (uint32_t r = 0; r < p_.num_roles; ++r) done.goals[r] = lane_goal(r, lane);
    record->push_back(std::move(done));
  }
}

double BitParallelPlayouts::lane_goal(uint32_t role, int lane) const {
  const uint64_t bit = uint64_t{1} << lane;
  if ((single_goal_lanes(role, bit)) == 0) return 0;
  for (const auto& [value, lit] : bits_->goals[role])
    if (word(lit) & bit) return value;
  return 0;
}

void BitParallelPlayouts::clear(bool recording) {
  recording_ = recording;
  for (auto& moves : lane_moves_) moves.clear();
  std::fill(w_.begin(), w_.end(), 0);
}

void BitParallelPlayouts::load(const reasoner::State& state, uint64_t lanes) {
  for (uint32_t f = 0; f < p_.num_facts; ++f) {
    uint64_t& base = w_[p_.base_node(f)];
    base = state.test(f) ? base | lanes : base & ~lanes;
  }
}

template <class OnEnd, class Restart>
reasoner::PlayoutTally BitParallelPlayouts::play(uint64_t active, reasoner::Random& rng,
                                                 size_t max_depth, OnEnd&& on_end,
                                                 Restart&& restart) {
  reasoner::PlayoutTally tally;
  set_inputs_.clear();
  std::fill(start_step_.begin(), start_step_.end(), 0);
  for (size_t step = 0; active != 0; ++step) {
    evaluate(bits_->query);
    uint64_t ended = 0;
    const uint64_t terminal = word(bits_->terminal) & active;
    if (terminal) {
      tally.completed += static_cast<size_t>(std::popcount(terminal));
      on_end(terminal, true);
      ended |= terminal;
    }
    for (uint64_t l = active & ~ended; l != 0; l &= l - 1)  // the depth limit ends a playout unfinished
      if (step - start_step_[std::countr_zero(l)] >= max_depth) {
        on_end(l & (0 - l), false);
        ended |= l & (0 - l);
      }
    const uint64_t movers = active & ~ended;
    for (uint32_t slot : set_inputs_) w_[slot] = 0;
    set_inputs_.clear();
    uint64_t stuck = 0;
    for (uint32_t r = 0; r < p_.num_roles && movers != 0; ++r) stuck |= choose_moves(r, movers, rng);
    if (stuck) {
      on_end(stuck, false);
      ended |= stuck;
      for (uint32_t slot : set_inputs_) w_[slot] &= ~stuck;
    }
    const uint64_t moved = movers & ~stuck;
    if (moved) {
      tally.steps += static_cast<size_t>(std::popcount(moved));
      evaluate(bits_->transition);
      // Two passes: a next literal may read a base proposition directly.
      for (uint32_t f = 0; f < p_.num_facts; ++f) next_[f] = word(bits_->next[f]);
      for (uint32_t f = 0; f < p_.num_facts; ++f) {
        uint64_t& base = w_[p_.base_node(f)];
        base = (next_[f] & moved) | (base & ~moved);
      }
    }
    if (ended == 0) continue;
    const uint64_t restarted = restart(ended);
    for (uint64_t l = restarted; l != 0; l &= l - 1) start_step_[std::countr_zero(l)] = step + 1;
    active &= ~(ended & ~restarted);
  }
  return tally;
}

reasoner::PlayoutTally BitParallelPlayouts::run(const reasoner::State& start, size_t count,
                                                reasoner::Random& rng, std::span<double> goal_sums,
                                                size_t max_depth, std::vector<LanePlayout>* record) {
  if (count == 0) return {};
  clear(record != nullptr);
  const size_t first_lanes = std::min<size_t>(count, kLanes);
  const uint64_t active = first_lanes == kLanes ? ~uint64_t{0} : (uint64_t{1} << first_lanes) - 1;
  load(start, active);
  size_t started = first_lanes;
  auto on_end = [&](uint64_t lanes, bool completed) {
    if (completed)
      for (uint32_t r = 0; r < p_.num_roles && r < goal_sums.size(); ++r) {
        const uint64_t single = single_goal_lanes(r, lanes);
        for (const auto& [value, lit] : bits_->goals[r])
          goal_sums[r] += value * std::popcount(word(lit) & single);
      }
    finish_lanes(lanes, completed, record);
  };
  // Ended lanes start the next playout from `start` while some remain; the rest go idle.
  auto restart = [&](uint64_t ended) {
    uint64_t lanes = 0;
    for (uint64_t l = ended; l != 0 && started < count; l &= l - 1, ++started) lanes |= l & (0 - l);
    if (lanes) load(start, lanes);
    for (uint64_t l = lanes; l != 0; l &= l - 1) lane_moves_[std::countr_zero(l)].clear();
    return lanes;
  };
  return play(active, rng, max_depth, on_end, restart);
}

reasoner::PlayoutTally BitParallelPlayouts::run_each(std::span<const reasoner::State* const> starts,
                                                     reasoner::Random& rng,
                                                     std::span<double> results,
                                                     std::span<uint8_t> completed, size_t max_depth,
                                                     std::span<std::vector<reasoner::MoveId>> moves,
                                                     std::vector<LanePlayout>* record) {
  const size_t n = std::min<size_t>(starts.size(), kLanes);
  if (n == 0) return {};
  clear(record != nullptr || !moves.empty());
  for (size_t i = 0; i < n; ++i)
    starts[i]->for_each_fact([&](reasoner::FactId f) {
      if (f < p_.num_facts) w_[p_.base_node(f)] |= uint64_t{1} << i;
    });
  const uint32_t roles = p_.num_roles;
  auto on_end = [&](uint64_t lanes, bool done) {
    for (uint64_t l = lanes; l != 0; l &= l - 1) {
      const int lane = std::countr_zero(l);
      completed[lane] = done;
      for (uint32_t r = 0; r < roles; ++r) results[lane * roles + r] = lane_goal(r, lane);
      if (moves.empty()) continue;
      const std::vector<uint32_t>& played = lane_moves_[lane];  // a stuck step is partial
      moves[lane].assign(played.begin(),
                         played.end() - static_cast<ptrdiff_t>(played.size() % roles));
    }
    finish_lanes(lanes, done, record);
  };
  const uint64_t active = n == kLanes ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  return play(active, rng, max_depth, on_end, [](uint64_t) { return uint64_t{0}; });
}

}  // namespace ggp::propnet
