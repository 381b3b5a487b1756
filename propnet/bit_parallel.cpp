#include "propnet/bit_parallel.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace ggp::propnet {

BitParallelPlayouts::BitParallelPlayouts(std::shared_ptr<const BitProgram> bits)
    : bits_(std::move(bits)), p_(*bits_->program) {
  w_.assign(bits_->num_slots, 0);
  next_.assign(p_.num_facts, 0);
  size_t max_cycle = 0;
  for (const auto* segments : {&bits_->query, &bits_->transition, &bits_->goal})
    for (const BitSegment& s : *segments)
      if (s.cyclic) max_cycle = std::max<size_t>(max_cycle, s.op_end - s.op_begin);
  cycle_before_.assign(max_cycle, 0);
  uint32_t most_moves = 0;
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    most_moves = std::max(most_moves, p_.role_moves[r + 1] - p_.role_moves[r]);
  legal_.resize(most_moves);
  set_inputs_.reserve(kLanes * p_.num_roles);
  start_step_.assign(kLanes, 0);
  lane_moves_.resize(kLanes);
  choice_.assign(static_cast<size_t>(p_.num_roles) * kLanes, 0);
  last_choice_.assign(choice_.size(), reasoner::MoveBias::kNoReply);
  wanted_.assign(p_.num_moves, 0);
  multi_.assign(p_.num_roles, 0);
  private_open_.assign(p_.num_roles, 0);
  win_literal_.assign(p_.num_roles, -1);
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    for (const auto& [value, literal] : bits_->goals[r])
      if (value == reasoner::kWinGoal) win_literal_[r] = literal;
  ends_game_.assign(p_.num_moves, 0);
  decided_.assign(p_.num_moves, 0);
  ended_.assign(p_.num_moves, 0);
  win_candidates_.assign(p_.num_moves, 0);
  excluded_.assign(p_.num_moves, 0);
  before_move_.assign(p_.num_facts, 0);
  saved_bases_.assign(p_.num_facts, 0);
  for (const BitSegment& s : bits_->query) query_slots_ = std::max(query_slots_, s.op_end);
  saved_query_.assign(query_slots_, 0);
}

template <uint8_t form>
void BitParallelPlayouts::run_fixed(uint32_t begin, uint32_t end) {
  const BitOp* ops = bits_->ops.data();
  uint64_t* w = w_.data();
  uint64_t* out = w + bits_->first_op_slot;
  constexpr uint8_t negated = form & BitSegment::kNegatedOperands;
  for (uint32_t i = begin; i < end; ++i) {
    uint64_t r;
    if constexpr ((form & BitSegment::kBinary) != 0) {
      uint64_t x = w[ops[i].a], y = w[ops[i].b];
      if constexpr (negated >= 1) y = ~y;
      if constexpr (negated >= 2) x = ~x;
      r = x & y;
    } else {
      uint64_t x = w[ops[i].a], y = w[ops[i].b], z = w[ops[i].c];
      if constexpr (negated >= 1) z = ~z;
      if constexpr (negated >= 2) y = ~y;
      if constexpr (negated >= 3) x = ~x;
      r = x & y & z;
    }
    out[i] = (form & BitSegment::kNegateResult) ? ~r : r;
  }
}

void BitParallelPlayouts::evaluate(std::span<const BitSegment> segments) {
  const BitOp* ops = bits_->ops.data();
  uint64_t* w = w_.data();
  uint64_t* out = w + bits_->first_op_slot;
  auto run = [&](uint32_t begin, uint32_t end) {
    for (uint32_t i = begin; i < end; ++i) {
      const uint32_t a = ops[i].a;
      const uint64_t x = word(a & ~BitOp::kOr), y = word(ops[i].b), z = word(ops[i].c);
      const uint64_t is_or = 0 - static_cast<uint64_t>(a >> 31);  // no branch per op
      out[i] = (x & y & z & ~is_or) | ((x | y | z) & is_or);
    }
  };
  for (const BitSegment& s : segments) {
    if (s.form < BitSegment::kGeneric) {  // inlined loops: small networks run many short segments
      [&]<size_t... forms>(std::index_sequence<forms...>) {
        (void)((s.form == forms && (run_fixed<forms>(s.op_begin, s.op_end), true)) || ...);
      }(std::make_index_sequence<BitSegment::kGeneric>());
      continue;
    }
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

void BitParallelPlayouts::clear_inputs() {
  clear_accumulators();
  for (uint32_t slot : set_inputs_) w_[slot] = 0;
  set_inputs_.clear();
}

void BitParallelPlayouts::clear_accumulators() {
  const BitProgram& bits = *bits_;
  for (uint32_t slot : set_inputs_) {
    const uint32_t m = slot - 1 - p_.num_facts;
    for (uint32_t k = bits.scatter_begin[m]; k < bits.scatter_begin[m + 1]; ++k)
      w_[bits.scatter[k]] = 0;
  }
}

void BitParallelPlayouts::scatter_inputs() {
  const BitProgram& bits = *bits_;
  for (uint32_t slot : set_inputs_) {
    const uint64_t word = w_[slot];
    const uint32_t m = slot - 1 - p_.num_facts;
    for (uint32_t k = bits.scatter_begin[m]; k < bits.scatter_begin[m + 1]; ++k)
      w_[bits.scatter[k]] |= word;
  }
}

void BitParallelPlayouts::set_input(uint32_t move, uint64_t lanes) {
  const uint32_t slot = p_.input_node(move);
  if (w_[slot] == 0) set_inputs_.push_back(slot);
  w_[slot] |= lanes;
}

void BitParallelPlayouts::apply_transition(uint64_t lanes, bool keep_before) {
  evaluate(bits_->transition);
  // Two passes: a next literal may read a base proposition directly.
  for (uint32_t f = 0; f < p_.num_facts; ++f) next_[f] = word(bits_->next[f]);
  for (uint32_t f = 0; f < p_.num_facts; ++f) {
    uint64_t& base = w_[p_.base_node(f)];
    if (keep_before) before_move_[f] = (base & lanes) | (before_move_[f] & ~lanes);
    base = (next_[f] & lanes) | (base & ~lanes);
  }
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

void BitParallelPlayouts::record_moves(uint64_t moved) {
  for (uint64_t l = moved; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    for (uint32_t r = 0; r < p_.num_roles; ++r) lane_moves_[lane].push_back(choice_[r * kLanes + lane]);
  }
}

void BitParallelPlayouts::remember_choices(uint64_t moved) {
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    for (uint64_t l = moved; l != 0; l &= l - 1) {
      const size_t i = r * kLanes + static_cast<size_t>(std::countr_zero(l));
      last_choice_[i] = choice_[i];
    }
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
  clear_inputs();
  std::fill(start_step_.begin(), start_step_.end(), 0);
  clear_exclusions(~uint64_t{0});
  revisable_ = retrying_ = retried_ = 0;
  unsafe_picks_ = 0;
  last_mover_.fill(-1);
  if (greedy_) choose_win_candidates();
  for (size_t step = 0; active != 0; ++step) {
    evaluate(bits_->query);
    bool goals_settled = false;
    // The goal gates are evaluated only in steps where a lane ends (where on_end reads goals).
    auto end_lanes = [&](uint64_t lanes, bool completed) {
      if (!goals_settled) evaluate(bits_->goal);
      goals_settled = true;
      on_end(lanes, completed);
    };
    uint64_t ended = 0;
    const uint64_t terminal = word(bits_->terminal) & active;
    if (terminal) {
      tally.completed += static_cast<size_t>(std::popcount(terminal));
      end_lanes(terminal, true);
      ended |= terminal;
      for (uint64_t l = terminal; l != 0; l &= l - 1)  // the moves that end games (greedy)
        if (const int lane = std::countr_zero(l); last_mover_[lane] >= 0)
          ends_game_[decision_move_[lane]] = 1, ++ended_[decision_move_[lane]];
    }
    for (uint64_t l = active & ~ended; l != 0; l &= l - 1)  // the depth limit ends a playout unfinished
      if (step - start_step_[std::countr_zero(l)] >= max_depth) {
        end_lanes(l & (0 - l), false);
        ended |= l & (0 - l);
      }
    const uint64_t movers = active & ~ended;
    clear_inputs();
    uint64_t stuck = 0;
    for (uint32_t r = 0; r < p_.num_roles && movers != 0; ++r) stuck |= choose_moves(r, movers, rng);
    if (stuck) {
      end_lanes(stuck, false);
      ended |= stuck;
      for (uint32_t slot : set_inputs_) w_[slot] &= ~stuck;
    }
    uint64_t moved = movers & ~stuck;
    if (moved && bias_.keeps_private_captures()) redraw_private_non_captures(moved, rng);
    if (greedy_ && moved) {
      const uint64_t on = greedy_step(moved);
      if (const uint64_t back = moved & ~on) {
        take_back(back);
        tally.steps -= static_cast<size_t>(std::popcount(back));
      }
      moved = on;
    }
    if (moved) {
      tally.steps += static_cast<size_t>(std::popcount(moved));
      if (recording_) record_moves(moved);
      if (replying_) remember_choices(moved);
      scatter_inputs();
      apply_transition(moved, greedy_);
    }
    if (ended == 0) continue;
    const uint64_t restarted = restart(ended);
    for (uint64_t l = restarted; l != 0; l &= l - 1) {
      start_step_[std::countr_zero(l)] = step + 1;
      last_mover_[std::countr_zero(l)] = -1;
    }
    revisable_ &= ~ended;
    retrying_ &= ~ended;
    clear_exclusions(ended);
    active &= ~(ended & ~restarted);
  }
  tally.unsafe_picks = unsafe_picks_;
  return tally;
}

reasoner::PlayoutTally BitParallelPlayouts::run(const reasoner::State& start, size_t count,
                                                reasoner::Random& rng, std::span<double> goal_sums,
                                                size_t max_depth, std::vector<LanePlayout>* record,
                                                reasoner::PlayoutPolicy policy) {
  if (count == 0) return {};
  clear(record != nullptr);
  greedy_ = policy == reasoner::PlayoutPolicy::Greedy;
  set_bias({});
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
                                                     std::vector<LanePlayout>* record,
                                                     reasoner::PlayoutPolicy policy,
                                                     const reasoner::MoveBias& bias) {
  const size_t n = std::min<size_t>(starts.size(), kLanes);
  if (n == 0) return {};
  clear(record != nullptr || !moves.empty());
  greedy_ = policy == reasoner::PlayoutPolicy::Greedy;
  set_bias(bias);
  for (size_t i = 0; i < n; ++i)
    starts[i]->for_each_fact([&](reasoner::FactId f) {
      if (f < p_.num_facts) w_[p_.base_node(f)] |= uint64_t{1} << i;
    });
  const uint32_t roles = p_.num_roles;
  if (replying_)  // each lane's first step answers the joint move that led to its start
    for (uint32_t r = 0; r < roles; ++r)
      for (size_t i = 0; i < kLanes; ++i)
        last_choice_[r * kLanes + i] = i < n && (i + 1) * roles <= bias.reply_previous.size()
                                           ? bias.reply_previous[i * roles + r]
                                           : reasoner::MoveBias::kNoReply;
  auto on_end = [&](uint64_t lanes, bool done) {
    for (uint64_t l = lanes; l != 0; l &= l - 1) {
      const int lane = std::countr_zero(l);
      completed[lane] = done;
      for (uint32_t r = 0; r < roles; ++r) results[lane * roles + r] = lane_goal(r, lane);
      if (moves.empty()) continue;
      moves[lane] = lane_moves_[lane];
    }
    finish_lanes(lanes, done, record);
  };
  const uint64_t active = n == kLanes ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  return play(active, rng, max_depth, on_end, [](uint64_t) { return uint64_t{0}; });
}

}  // namespace ggp::propnet
