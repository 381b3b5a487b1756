#include "propnet/propnet_machine.h"

#include <algorithm>
#include <bit>
#include <chrono>

#include "gdl/parser.h"
#include "gdl/sexpr.h"
#include "propnet/factors.h"
#include "propnet/bit_parallel.h"
#include "propnet/network.h"
#include "propnet/program.h"
#include "propnet/side_by_side.h"
#include "reasoner/playout.h"

namespace ggp::propnet {
namespace {

using reasoner::FactId;
using reasoner::GoalValue;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

constexpr uint32_t kNoMove = UINT32_MAX;

// Everything a machine mutates; a clone copies it.
struct Values {
  std::vector<uint32_t> counters;
  std::vector<uint8_t> published;  // by node: the value its outputs have counted
  std::vector<uint64_t> dirty;     // by node: to visit in a wave (see Program::query_end)
  std::vector<uint64_t> summary;   // by word of `dirty`: not zero (a wave skips empty words)
  std::vector<uint64_t> base, next, legal;
  std::vector<uint32_t> does;  // by role, the move whose input is set
};

class PropnetMachine final : public reasoner::StateMachine {
 public:
  PropnetMachine(std::shared_ptr<const Program> program, std::shared_ptr<const BitProgram> bits)
      : p_(std::move(program)), bits_(std::move(bits)) {
    const Program& p = *p_;
    v_.counters = p.init_counters;
    v_.published.resize(p.num_nodes);
    for (uint32_t v = 0; v < p.num_nodes; ++v) v_.published[v] = static_cast<uint8_t>(p.init_counters[v] >> 31);
    v_.dirty.assign((p.num_nodes + 63) / 64, 0);
    v_.summary.assign((v_.dirty.size() + 63) / 64, 0);
    v_.base.assign((p.num_facts + 63) / 64, 0);
    v_.next = p.init_next_words;
    v_.legal = p.init_legal_words;
    v_.does.assign(p.num_roles, kNoMove);
    reserve();
  }
  PropnetMachine(std::shared_ptr<const Program> program, std::shared_ptr<const BitProgram> bits,
                 const Values& values)
      : p_(std::move(program)), bits_(std::move(bits)), v_(values) {
    reserve();
  }

  std::string name() const override { return "propnet"; }
  std::unique_ptr<StateMachine> clone() const override {
    return std::make_unique<PropnetMachine>(p_, bits_, v_);
  }
  size_t num_roles() const override { return p_->num_roles; }
  std::string role_name(RoleIndex role) const override { return p_->role_names.at(role); }

  State initial_state() override { return p_->initial; }

  bool is_terminal(const State& state) override {
    sync(state);
    return value(p_->terminal);
  }

  GoalValue goal(const State& state, RoleIndex role) override {
    load(state);
    wave(p_->num_nodes);  // the goal gates read transition gates too (Program::goal_begin)
    GoalValue result = reasoner::kNoGoal;
    for (const auto& [v, l] : p_->goals[role]) {
      if (!value(l)) continue;
      if (result != reasoner::kNoGoal) return reasoner::kAmbiguousGoal;
      result = v;
    }
    return result;
  }

  std::span<const MoveId> legal_moves(const State& state, RoleIndex role) override {
    sync(state);
    buffer_.clear();
    uint32_t b = p_->role_moves[role], e = p_->role_moves[role + 1];
    const bool guard = value(p_->legal_guard[role]);
    for (uint32_t w = b / 64; w * 64 < e; ++w) {
      uint64_t bits = guard ? v_.legal[w] : v_.legal[w] & ~p_->guarded_words[w];
      if (w * 64 < b) bits &= ~uint64_t{0} << (b - w * 64);
      if (e - w * 64 < 64) bits &= (uint64_t{1} << (e - w * 64)) - 1;
      for (; bits != 0; bits &= bits - 1)
        buffer_.push_back(static_cast<MoveId>(w * 64 + static_cast<uint32_t>(std::countr_zero(bits))));
    }
    return buffer_;
  }

  void next_state(const State& state, std::span<const MoveId> joint, State& out) override {
    load(state);
    for (RoleIndex r = 0; r < p_->num_roles && r < joint.size(); ++r) {
      uint32_t m = joint[r];
      uint32_t& cur = v_.does[r];
      if (cur == m) continue;
      if (cur != kNoMove) set_source(p_->input_node(cur), false);
      if (m < p_->num_moves) set_source(p_->input_node(m), true);
      cur = m < p_->num_moves ? m : kNoMove;
    }
    wave(p_->goal_begin);
    out.reserve_facts(p_->num_facts);
    auto words = out.mutable_words();
    // std::copy, not memcpy: a game without facts has no words (memcpy's null is undefined).
    std::fill(std::copy(v_.next.begin(), v_.next.end(), words.begin()), words.end(), 0);
  }

  // Batches of BitParallelPlayouts::kLanes or more play bit-parallel (bit_parallel.h).
  reasoner::PlayoutTally random_playouts(const State& state, size_t count, reasoner::Random& rng,
                                         std::span<double> goal_sums, size_t max_depth,
                                         reasoner::PlayoutPolicy policy) override {
    if (!bits_ || count < BitParallelPlayouts::kLanes)
      return StateMachine::random_playouts(state, count, rng, goal_sums, max_depth, policy);
    return lanes().run(state, count, rng, goal_sums, max_depth, nullptr, policy);
  }

  reasoner::PlayoutTally random_playouts_from(std::span<const State* const> starts,
                                              reasoner::Random& rng, std::span<double> results,
                                              std::span<uint8_t> completed, size_t max_depth,
                                              std::span<std::vector<MoveId>> moves,
                                              reasoner::PlayoutPolicy policy,
                                              const reasoner::MoveBias& bias) override {
    if (!bits_ || starts.size() < 2)
      return StateMachine::random_playouts_from(starts, rng, results, completed, max_depth, moves,
                                                policy, bias);
    reasoner::PlayoutTally tally;
    const size_t width = BitParallelPlayouts::kLanes, roles = p_->num_roles;
    for (size_t i = 0; i < starts.size(); i += width) {
      const size_t n = std::min(width, starts.size() - i);
      reasoner::MoveBias chunk = bias;  // reply_previous is per start
      chunk.reply_previous = bias.reply_previous.size() >= (i + n) * roles
                                 ? bias.reply_previous.subspan(i * roles, n * roles)
                                 : std::span<const MoveId>{};
      reasoner::PlayoutTally t = lanes().run_each(
          starts.subspan(i, n), rng, results.subspan(i * roles, n * roles), completed.subspan(i, n),
          max_depth, moves.empty() ? moves : moves.subspan(i, n), nullptr, policy, chunk);
      tally.completed += t.completed;
      tally.steps += t.steps;
      tally.unsafe_picks += t.unsafe_picks;
    }
    return tally;
  }
  // Side by side in the lanes or one at a time, whichever has cost less here (side_by_side.h).
  std::optional<int> decisive_move_at_once(const State& state, std::span<const MoveId> joint,
                                           RoleIndex mover,
                                           std::span<const MoveId> candidates) override {
    if (!bits_ || candidates.size() < 2) return std::nullopt;
    const auto start = SideBySideCosts::Clock::now();
    const bool side_by_side = decisive_costs_.use_lanes(candidates.size());
    const int found = side_by_side ? lanes().first_win(state, joint, mover, candidates)
                                   : reasoner::decisive_move_one_at_a_time(
                                         *this, state, joint, mover, candidates, decisive_buffers_);
    decisive_costs_.record(side_by_side, SideBySideCosts::Clock::now() - start,
                           found < 0 ? candidates.size() : static_cast<size_t>(found) + 1);
    return found;
  }
  size_t parallel_playouts() const override { return bits_ ? BitParallelPlayouts::kLanes : 1; }
  std::span<const uint8_t> moves_seen_ending() const override {
    if (!batch_) return {};
    return batch_->ending_moves();
  }

  reasoner::SubGames sub_games() const override { return propnet::sub_games(*p_, find_factors(*p_)); }

  std::string move_text(MoveId move) const override { return p_->move_texts.at(move); }
  std::string fact_text(FactId fact) const override { return p_->fact_texts.at(fact); }

  std::optional<MoveId> move_from_text(RoleIndex role, std::string_view text) override {
    std::optional<std::string> key = canonical(text);
    if (!key || role >= p_->num_roles) return std::nullopt;
    auto it = p_->move_ids[role].find(*key);
    if (it == p_->move_ids[role].end()) return std::nullopt;
    return it->second;
  }
  std::optional<FactId> fact_from_text(std::string_view text) override {
    std::optional<std::string> key = canonical(text);
    if (!key) return std::nullopt;
    auto it = p_->fact_ids.find(*key);
    if (it == p_->fact_ids.end()) return std::nullopt;
    return it->second;
  }

 private:
  // The bit-parallel player, made on first use (only with bits_).
  BitParallelPlayouts& lanes() {
    if (!batch_) batch_ = std::make_unique<BitParallelPlayouts>(bits_);
    return *batch_;
  }

  void reserve() {
    buffer_.reserve(p_->num_moves);
    solving_.reserve(p_->max_cycle);
    fresh_.assign(p_->max_cycle, 0);
  }

  bool value(uint32_t lit) const { return ((v_.counters[lit >> 1] >> 31) ^ (lit & 1)) != 0; }

  // Text to the form of gdl::to_string, with a private copy of the symbols (made on first use).
  std::optional<std::string> canonical(std::string_view text) {
    if (!symbols_) symbols_ = std::make_unique<gdl::SymbolTable>(p_->game->symbols);
    try {
      std::vector<gdl::SExpr> e = gdl::read_sexprs(text, "<text>", *symbols_);
      if (e.size() != 1) return std::nullopt;
      gdl::Term term = gdl::term_from_sexpr(e[0], *symbols_, "<text>");
      return gdl::to_string(term, *symbols_);
    } catch (const gdl::GdlError&) {
      return std::nullopt;
    }
  }

  // Makes the base propositions those of `state` and settles the query gates (Program::query_end).
  void sync(const State& state) {
    load(state);
    wave(p_->query_end);
  }

  // Sets the base propositions that differ from `state`.
  void load(const State& state) {
    auto words = state.words();
    const size_t n = v_.base.size();
    for (size_t w = 0; w < n; ++w) {
      uint64_t x = w < words.size() ? words[w] : 0;
      if (w + 1 == n && p_->num_facts % 64) x &= (uint64_t{1} << (p_->num_facts % 64)) - 1;
      uint64_t diff = x ^ v_.base[w];
      if (diff == 0) continue;
      if (p_->queries_read_moves) clear_moves();
      v_.base[w] = x;
      for (; diff != 0; diff &= diff - 1) {
        uint32_t b = static_cast<uint32_t>(std::countr_zero(diff));
        set_source(p_->base_node(static_cast<uint32_t>(w * 64 + b)), (x >> b) & 1);
      }
    }
  }

  // Unsets the moves of the previous next_state, for programs whose queries read moves.
  void clear_moves() {
    for (uint32_t& cur : v_.does)
      if (cur != kNoMove) {
        set_source(p_->input_node(cur), false);
        cur = kNoMove;
      }
  }

  // Sets a base or input proposition; the change spreads at the next wave().
  void set_source(uint32_t node, bool on) {
    v_.counters[node] = on ? 0x80000000u : 0;
    mark(node);
  }

  void mark(uint32_t node) {
    uint32_t w = node >> 6;
    v_.dirty[w] |= uint64_t{1} << (node & 63);
    v_.summary[w >> 6] |= uint64_t{1} << (w & 63);
  }

  // Copies a watched node's new value into the next-state and legal bits that read it.
  void notify(uint32_t node, uint32_t value) {
    const Program& p = *p_;
    uint64_t* words[2] = {v_.next.data(), v_.legal.data()};  // by kWatchLegal
    for (uint32_t i = p.watch_begin[node], e = p.watch_begin[node + 1]; i < e; ++i) {
      const uint32_t x = p.watches[i];
      const uint32_t idx = x & Program::kWatchIndex;
      const uint64_t on = value ^ ((x & Program::kWatchNegated) != 0);
      uint64_t& word = words[(x & Program::kWatchLegal) != 0][idx / 64];
      word = (word & ~(uint64_t{1} << (idx % 64))) | on << (idx % 64);
    }
  }

  // Sends a cyclic node's new value to the counters of its outputs outside its cycle.
  void publish(uint32_t node, uint32_t value) {
    const Program& p = *p_;
    const uint32_t* out = p.out.data();
    uint32_t* counters = v_.counters.data();
    v_.published[node] = static_cast<uint8_t>(value);
    if (p.flags[node] & Program::kWatched) notify(node, value);
    const Program::Fanout& f = p.fanout[node];
    const uint32_t d = value ? 1u : ~0u;  // +1 or -1
    const uint32_t up = value ? 0x80000000u : 0x7fffffffu;  // a counter flips when it steps across 2^31
    for (uint32_t k = f.pos; k < f.neg; ++k)
      if ((counters[out[k]] += d) == up) mark(out[k]);
    for (uint32_t k = f.neg; k < f.cyc; ++k)
      if ((counters[out[k]] -= d) == ~up) mark(out[k]);
    publish_to_cycles(f, d);
  }

  // Levelized event-driven propagation: nodes are numbered in topological order, so visiting the
  // marked nodes in increasing order settles each node once, after all its inputs (no glitches).
  // The common case (a gate outside cycles) is inlined here with everything in locals.
  // Settles the marked nodes below `limit`; marks at or above it stay for a later wave.
  void wave(uint32_t limit) {
    const Program& p = *p_;
    const uint32_t* out = p.out.data();
    const Program::Fanout* fanout = p.fanout.data();
    const uint8_t* flags = p.flags.data();
    uint32_t* counters = v_.counters.data();
    uint64_t* dirty = v_.dirty.data();
    uint8_t* published = v_.published.data();
    uint64_t* summary = v_.summary.data();
    const uint32_t limit_word = limit >> 6;
    const uint64_t limit_mask = (uint64_t{1} << (limit & 63)) - 1;
    const uint32_t summary_words = static_cast<uint32_t>(v_.summary.size());
    // New marks are always on later nodes, so one pass over the summary finds them all.
    for (uint32_t s = 0; s < summary_words; ++s) {
      for (uint64_t words; (words = summary[s]) != 0;) {
        const uint32_t w = s * 64 + static_cast<uint32_t>(std::countr_zero(words));
        if (w > limit_word) return;
        const uint64_t mask = w < limit_word ? ~uint64_t{0} : limit_mask;
        for (uint64_t bits; (bits = dirty[w] & mask) != 0;) {
          dirty[w] ^= bits & (0 - bits);
          const uint32_t node = w * 64 + static_cast<uint32_t>(std::countr_zero(bits));
          const uint32_t value = counters[node] >> 31;
          const uint8_t fl = flags[node];
          if (fl & Program::kCyclic) {
            solve_cycle(p.cycle_of[node]);
            continue;
          }
          if (value == published[node]) continue;
          published[node] = static_cast<uint8_t>(value);
          if (fl & Program::kWatched) notify(node, value);
          const Program::Fanout f = fanout[node];
          const uint32_t d = value ? 1u : ~0u;
          const uint32_t up = value ? 0x80000000u : 0x7fffffffu;
          // Branch-free marking: whether a counter crosses 2^31 is a coin toss to the predictor.
          for (uint32_t k = f.pos; k < f.neg; ++k) {
            const uint32_t t = out[k];
            const uint64_t hit = (counters[t] += d) == up;
            dirty[t >> 6] |= hit << (t & 63);
            summary[t >> 12] |= hit << ((t >> 6) & 63);
          }
          for (uint32_t k = f.neg; k < f.cyc; ++k) {
            const uint32_t t = out[k];
            const uint64_t hit = (counters[t] -= d) == ~up;
            dirty[t >> 6] |= hit << (t & 63);
            summary[t >> 12] |= hit << ((t >> 6) & 63);
          }
          if (f.cyc != f.inner) publish_to_cycles(f, d);
        }
        if (dirty[w] != 0) return;  // marks at or above the limit, in the limit's word
        summary[s] &= ~(uint64_t{1} << (w & 63));
      }
    }
  }

  void publish_to_cycles(const Program::Fanout& f, uint32_t d) {
    const Program& p = *p_;
    uint32_t* counters = v_.counters.data();
    for (uint32_t k = f.cyc; k < f.inner; ++k) {
      const uint32_t t = p.out[k] >> 1;
      const uint32_t delta = (p.out[k] & 1) ? 0u - d : d;
      const uint32_t before = counters[t];
      counters[t] = before + delta;
      // A fall may end a self-supporting loop, so any fall re-solves the cycle.
      if (((before ^ counters[t]) >> 31) || delta == ~0u) mark(p.cycle_head[p.cycle_of[t]]);
    }
  }

  // Re-solves cycle c as the least fixpoint of its current external inputs, then publishes the
  // nodes whose value changed.
  void solve_cycle(uint32_t c) {
    const Program& p = *p_;
    uint32_t* counters = v_.counters.data();
    uint8_t* pub = v_.published.data();
    const uint32_t b = p.cycle_begin[c], e = p.cycle_begin[c + 1];
    for (uint32_t i = b; i < e; ++i) {
      uint32_t v = p.cycle_nodes[i];
      if (pub[v])
        for (uint32_t k = p.fanout[v].inner; k < p.fanout[v + 1].pos; ++k) counters[p.out[k]] -= 1;
    }
    solving_.clear();
    for (uint32_t i = b; i < e; ++i) {
      uint32_t v = p.cycle_nodes[i];
      fresh_[i - b] = 0;
      if (counters[v] >> 31) solving_.push_back(i - b);
    }
    for (uint32_t i : solving_) fresh_[i] = 1;
    while (!solving_.empty()) {
      uint32_t v = p.cycle_nodes[b + solving_.back()];
      solving_.pop_back();
      for (uint32_t k = p.fanout[v].inner; k < p.fanout[v + 1].pos; ++k) {
        uint32_t t = p.out[k];
        uint32_t ti = p.cycle_index[t];
        if ((++counters[t] >> 31) && !fresh_[ti]) {
          fresh_[ti] = 1;
          solving_.push_back(ti);
        }
      }
    }
    for (uint32_t i = b; i < e; ++i) {
      uint32_t v = p.cycle_nodes[i];
      if (fresh_[i - b] != pub[v]) {
        pub[v] = fresh_[i - b];
        publish(v, fresh_[i - b]);
      }
    }
  }

  std::shared_ptr<const Program> p_;
  std::shared_ptr<const BitProgram> bits_;  // null where bit-parallel playouts are unsupported
  std::unique_ptr<BitParallelPlayouts> batch_;
  Values v_;
  std::vector<uint32_t> solving_;
  std::vector<uint8_t> fresh_;
  std::vector<MoveId> buffer_;
  reasoner::GreedyBuffers decisive_buffers_;  // decisive_move_at_once, one at a time
  SideBySideCosts decisive_costs_{BitParallelPlayouts::kLanes};  // each clone learns its own
  std::unique_ptr<gdl::SymbolTable> symbols_;
};

}  // namespace

std::shared_ptr<const Program> build_program(std::shared_ptr<const gdl::Game> game,
                                             const PropnetLimits& limits, PropnetStats* stats) {
  auto start = std::chrono::steady_clock::now();
  Deadline deadline(limits.seconds, limits.cancel);
  GroundingLimits grounding_limits = limits.grounding;
  grounding_limits.seconds = limits.seconds;
  grounding_limits.cancel = limits.cancel;
  Grounding grounding = ground(*game, grounding_limits);
  Network net = build_network(*game, grounding, limits.max_components);
  size_t before = net.gates.size();
  deadline.check("network construction");
  optimize(net, deadline);
  deadline.check("optimisation");
  std::shared_ptr<const Program> program = compile_program(std::move(net), game);
  if (stats) {
    stats->facts = program->num_facts;
    stats->moves = program->num_moves;
    stats->gates = program->num_gates;
    stats->edges = program->num_edges;
    stats->cycles = program->cycle_begin.size() - 1;
    stats->gates_before_optimisation = before;
    stats->bytes = program->num_nodes * 33 + program->num_edges * 4 + program->watches.size() * 4 +
                   program->init_counters.size() * 4 + program->fanin.size() * 4;
    stats->build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  return program;
}

std::unique_ptr<reasoner::StateMachine> make_propnet(std::shared_ptr<const gdl::Game> game,
                                                     const PropnetLimits& limits,
                                                     PropnetStats* stats) {
  auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const Program> program = build_program(std::move(game), limits, stats);
  std::shared_ptr<const BitProgram> bits = compile_bit_program(program);
  if (stats && bits) stats->bytes += bits->ops.size() * sizeof(BitOp);
  if (stats)
    stats->build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return std::make_unique<PropnetMachine>(std::move(program), std::move(bits));
}

}  // namespace ggp::propnet
