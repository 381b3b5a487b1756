// Greedy playouts in the lanes (reasoner::PlayoutPolicy::Greedy; bit_parallel.h): a lane's single
// mover plays a move that wins at once, found by lookahead, and a lane whose new mover could win
// goes back and chooses its previous move again without the move that allowed it (a take-back).
#include <algorithm>
#include <bit>

#include "propnet/bit_parallel.h"

namespace ggp::propnet {

uint64_t BitParallelPlayouts::single_movers(uint64_t lanes) {
  uint64_t one = 0, several = 0;
  for (uint32_t r = 0; r < p_.num_roles; ++r) {
    const uint64_t multi = multi_[r] & lanes;
    several |= one & multi;
    one |= multi;
  }
  const uint64_t single = one & ~several;
  for (uint64_t l = lanes; l != 0; l &= l - 1) mover_of_[std::countr_zero(l)] = -1;
  for (uint32_t r = 0; r < p_.num_roles; ++r)
    for (uint64_t l = multi_[r] & single; l != 0; l &= l - 1)
      mover_of_[std::countr_zero(l)] = static_cast<int32_t>(r);
  return single;
}

uint64_t BitParallelPlayouts::greedy_step(uint64_t moved) {
  const uint64_t single = single_movers(moved);
  uint64_t wins = 0;
  bool looked = false;  // the bases and query gates are saved once, before the first lookahead
  for (uint32_t r = 0; r < p_.num_roles; ++r) {
    // A retrying lane's mover had no win at this decision: it was looked for before the take-back.
    const uint64_t lanes = multi_[r] & single & ~retrying_;
    if (lanes == 0 || win_literal_[r] < 0) continue;
    const size_t n = gather_legal(r, lanes);
    candidates_.clear();
    for (size_t i = 0; i < n; ++i)
      if (win_candidates_[legal_[i].first]) candidates_.push_back(legal_[i]);
    if (candidates_.empty()) continue;
    if (!looked) {
      looked = true;
      for (uint32_t f = 0; f < p_.num_facts; ++f) saved_bases_[f] = w_[p_.base_node(f)];
      std::copy_n(w_.begin() + bits_->first_op_slot, query_slots_, saved_query_.begin());
    }
    wins |= find_wins(r, lanes);
  }
  if (looked)
    std::copy(saved_query_.begin(), saved_query_.end(), w_.begin() + bits_->first_op_slot);
  // Take back the last move of a lane whose new mover (another role) can win, while its mover
  // has other moves to try.
  uint64_t back = 0;
  for (uint64_t l = wins & revisable_; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    if (mover_of_[lane] != last_mover_[lane]) back |= l & (0 - l);
  }
  note_decisions(moved & ~back, wins);
  unsafe_picks_ += static_cast<size_t>(std::popcount(back & ~retried_));  // a decision's first
  return moved & ~back;
}

uint64_t BitParallelPlayouts::find_wins(uint32_t role, uint64_t lanes) {
  uint64_t found = 0;
  uint32_t* choice = &choice_[role * kLanes];
  while (true) {  // a round: each lane tests its next candidate
    round_.clear();
    uint64_t free = lanes & ~found, tested = 0;
    for (auto& [move, legal] : candidates_) {
      const uint64_t take = legal & free;
      if (take == 0) continue;
      round_.push_back({move, take});
      legal &= ~take;
      free &= ~take;
      tested |= take;
    }
    if (tested == 0) break;
    const uint64_t wins = lookahead(role, tested);
    for (const auto& [move, take] : round_)
      for (uint64_t l = take & wins; l != 0; l &= l - 1) choice[std::countr_zero(l)] = move;
    found |= wins;
    for (auto& candidate : candidates_) candidate.second &= ~found;
  }
  if (found == 0) return 0;
  // The wins replace the random choices of those lanes.
  const uint32_t first_move = p_.role_moves[role], end_move = p_.role_moves[role + 1];
  for (uint32_t slot : set_inputs_) {
    const uint32_t move = slot - 1 - p_.num_facts;
    if (move >= first_move && move < end_move) w_[slot] &= ~found;
  }
  for (uint64_t l = found; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    const uint32_t slot = p_.input_node(choice[lane]);
    if (w_[slot] == 0) set_inputs_.push_back(slot);
    w_[slot] |= uint64_t{1} << lane;
  }
  return found;
}

uint64_t BitParallelPlayouts::lookahead(uint32_t role, uint64_t tested) {
  const BitProgram& bits = *bits_;
  saved_inputs_.clear();
  const uint32_t first_move = p_.role_moves[role], end_move = p_.role_moves[role + 1];
  for (uint32_t slot : set_inputs_) {  // the role's own choices leave the tested lanes
    const uint32_t move = slot - 1 - p_.num_facts;
    if (move < first_move || move >= end_move || (w_[slot] & tested) == 0) continue;
    saved_inputs_.push_back({slot, w_[slot]});
    w_[slot] &= ~tested;
  }
  for (const auto& [move, take] : round_) {
    const uint32_t slot = p_.input_node(move);
    saved_inputs_.push_back({slot, w_[slot]});
    w_[slot] |= take;
  }
  // The accumulators are zero here: the step's own scatter comes after greedy_step.
  auto for_each_accumulator = [&](uint32_t slot, auto&& f) {
    const uint32_t m = slot - 1 - p_.num_facts;
    for (uint32_t k = bits.scatter_begin[m]; k < bits.scatter_begin[m + 1]; ++k) f(bits.scatter[k]);
  };
  auto scatter = [&](uint32_t slot) {
    for_each_accumulator(slot, [&](uint32_t acc) { w_[acc] |= w_[slot]; });
  };
  for (uint32_t slot : set_inputs_) scatter(slot);
  for (const auto& [move, take] : round_) scatter(p_.input_node(move));
  apply_transition(tested, false);
  evaluate(bits.query);
  const uint64_t ended = tested & word(bits.terminal);
  if (ended) evaluate(bits.goal);
  const uint64_t wins = ended & word(static_cast<uint32_t>(win_literal_[role]));
  // Put back the bases, the accumulators and the inputs.
  for (uint32_t f = 0; f < p_.num_facts; ++f) w_[p_.base_node(f)] = saved_bases_[f];
  auto zero = [&](uint32_t slot) { for_each_accumulator(slot, [&](uint32_t acc) { w_[acc] = 0; }); };
  for (uint32_t slot : set_inputs_) zero(slot);
  for (const auto& [move, take] : round_) zero(p_.input_node(move));
  for (auto it = saved_inputs_.rbegin(); it != saved_inputs_.rend(); ++it) w_[it->first] = it->second;
  return wins;
}

void BitParallelPlayouts::take_back(uint64_t back) {
  for (uint32_t f = 0; f < p_.num_facts; ++f) {
    uint64_t& base = w_[p_.base_node(f)];
    base = (before_move_[f] & back) | (base & ~back);
  }
  for (uint32_t slot : set_inputs_) w_[slot] &= ~back;
  for (uint64_t l = back; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    const uint32_t move = decision_move_[lane];
    if (excluded_[move] == 0) excluded_moves_.push_back(move);
    excluded_[move] |= l & (0 - l);
    start_step_[lane] += 2;  // one move fewer at the next step than at this one
    last_mover_[lane] = -1;
    if (recording_) lane_moves_[lane].resize(lane_moves_[lane].size() - p_.num_roles);
  }
  retrying_ |= back;
  revisable_ &= ~back;
}

void BitParallelPlayouts::note_decisions(uint64_t moving, uint64_t wins) {
  uint64_t single = 0;
  for (uint64_t l = moving; l != 0; l &= l - 1) {
    const int lane = std::countr_zero(l);
    const int32_t mover = mover_of_[lane];
    last_mover_[lane] = mover;
    if (mover < 0) continue;
    decision_move_[lane] = choice_[static_cast<uint32_t>(mover) * kLanes + lane];
    ++decided_[decision_move_[lane]];
    single |= l & (0 - l);
  }
  // A single mover chose among two moves or more (multi_), so it has another to try.
  revisable_ = (revisable_ & ~moving) | (single & ~wins);
  retried_ = (retried_ & ~moving) | (moving & retrying_);
  clear_exclusions(moving & ~retrying_);  // a new decision: the old take-backs no longer apply
  retrying_ &= ~moving;
}

void BitParallelPlayouts::choose_win_candidates() {
  auto share = [&](size_t m) {
    return static_cast<double>(ended_[m]) / (static_cast<double>(decided_[m]) + kEndRatePrior);
  };
  double largest = 0;
  for (size_t m = 0; m < ended_.size(); ++m)
    if (ended_[m] > 0) largest = std::max(largest, share(m));
  for (size_t m = 0; m < ended_.size(); ++m)
    win_candidates_[m] = ended_[m] > 0 && share(m) * kWinCandidateSpread >= largest;
}

void BitParallelPlayouts::clear_exclusions(uint64_t lanes) {
  size_t kept = 0;
  for (uint32_t move : excluded_moves_) {
    excluded_[move] &= ~lanes;
    if (excluded_[move] != 0) excluded_moves_[kept++] = move;
  }
  excluded_moves_.resize(kept);
}

}  // namespace ggp::propnet
