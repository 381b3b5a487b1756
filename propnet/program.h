#pragma once
// The immutable, flat form of an optimised network that every propnet machine (and clone) shares:
// arrays of 32-bit indices, no pointers. Node values live in per-machine counters:
// a gate with threshold t (AND: its number of inputs, OR: 1) keeps 2^31 - t + (satisfied inputs),
// so its value is the counter's top bit; an input edge may be negated. Bases, inputs and the
// constant keep value << 31.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gdl/ast.h"
#include "propnet/network.h"
#include "reasoner/state.h"

namespace ggp::propnet {

struct Program {
  // Node flags.
  static constexpr uint8_t kWatched = 1;  // a next or legal literal reads it
  static constexpr uint8_t kCyclic = 2;   // in a cycle without transition (solved as a whole)
  static constexpr uint8_t kOr = 4;       // an OR gate (a gate without it is an AND)
  // Watch entry: kind << 31 | negated << 30 | fact or move.
  static constexpr uint32_t kWatchLegal = 1u << 31;
  static constexpr uint32_t kWatchNegated = 1u << 30;
  static constexpr uint32_t kWatchIndex = (1u << 30) - 1;

  uint32_t num_nodes = 0, num_facts = 0, num_moves = 0, num_roles = 0;
  uint32_t num_gates = 0, num_edges = 0;
  // Gates in four parts, each in topological order and reading only itself and the parts
  // before it:
  // - [first_gate(), query_end): what legal and terminal read (their backward cone);
  // - [query_end, shared_end): the transition gates that goals read too;
  // - [shared_end, goal_begin): the rest of what the next-state literals read;
  // - [goal_begin, num_nodes): gates only goals read.
  // A query settles [0, query_end) and leaves the rest marked, next_state settles up to
  // goal_begin, so a playout step propagates the state change and the move change through the
  // transition gates in one wave, no gate there flips twice per step, and the goal gates (on
  // reversi three quarters of the network) are settled only when a goal is asked.
  uint32_t query_end = 0, shared_end = 0, goal_begin = 0;
  // A query reads a move input (invalid GDL, but tolerated): moves must then be unset whenever
  // the state changes, as a query sees no move. Then the goal gates are in the query part
  // (goal_begin == num_nodes).
  bool queries_read_moves = false;

  // The outputs of node v, in out[] by kind: [pos, neg) positive edges to gates outside cycles,
  // [neg, cyc) negated ones, [cyc, inner) edges to gates in another node's cycle (target << 1 |
  // negated), [inner, fanout[v + 1].pos) edges inside v's own cycle (never negated).
  struct Fanout {
    uint32_t pos, neg, cyc, inner;
  };
  std::vector<Fanout> fanout;  // by node, plus one past the last
  std::vector<uint32_t> out;
  std::vector<uint8_t> flags;
  std::vector<uint32_t> cycle_of;                // by node, UINT32_MAX outside cycles
  std::vector<uint32_t> cycle_begin, cycle_nodes;  // cycle c: cycle_nodes[cycle_begin[c], [c+1])
  std::vector<uint32_t> cycle_head;   // by cycle: its lowest node, the one marked when it must be solved
  std::vector<uint32_t> cycle_index;  // by node: its position in its cycle
  uint32_t max_cycle = 0;             // nodes in the largest cycle
  std::vector<uint32_t> watch_begin, watches;      // by node
  // The inputs of gate v as literals (node << 1 | negated): fanin[fanin_begin[v], [v + 1]), for
  // machines that evaluate the whole network (bit_parallel.h). Empty ranges for non-gates.
  std::vector<uint32_t> fanin_begin, fanin;
  std::vector<uint32_t> next_lit;   // by fact: the literal the fact takes in the next state
  std::vector<uint32_t> legal_lit;  // by move: legal iff it holds (and the role's guard if guarded)

  // Values with every base and input false.
  std::vector<uint32_t> init_counters;
  std::vector<uint64_t> init_next_words, init_legal_words;

  // Queries.
  Lit terminal = kFalseLit;
  std::vector<std::vector<std::pair<int, Lit>>> goals;  // by role
  std::vector<uint32_t> role_moves;                     // role r owns moves [role_moves[r], [r+1])
  std::vector<Lit> legal_guard;                         // by role (see Network::guard)
  std::vector<uint64_t> guarded_words;                  // by move: needs its role's guard
  reasoner::State initial;

  // Names.
  std::vector<std::string> role_names, fact_texts, move_texts;
  std::unordered_map<std::string, uint32_t> fact_ids;
  std::vector<std::unordered_map<std::string, uint32_t>> move_ids;  // by role
  std::shared_ptr<const gdl::Game> game;  // for parsing moves and facts written as text

  uint32_t base_node(uint32_t fact) const { return 1 + fact; }
  uint32_t input_node(uint32_t move) const { return 1 + num_facts + move; }
  uint32_t first_gate() const { return 1 + num_facts + num_moves; }
  // Whether `move` is legal only where its role's guard holds too (guarded_words).
  bool guarded(uint32_t move) const { return (guarded_words[move / 64] >> (move % 64)) & 1; }
};

// Flattens `net` (already optimised), orders gates topologically, finds the cycles and computes
// the values with all bases and inputs false. Throws std::runtime_error for negation in a cycle.
std::shared_ptr<const Program> compile_program(Network net, std::shared_ptr<const gdl::Game> game);

}  // namespace ggp::propnet
