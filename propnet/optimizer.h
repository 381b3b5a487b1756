#pragma once
// The optimisation passes behind optimize() (network.h), internal to propnet/. One class split by
// concern: optimizer.cpp folds (constants, aliases, equal gates), compacts and flattens;
// optimizer_factor.cpp factors shared literals out of ORs; optimizer_moves.cpp complements move
// sets and guards legal moves. Every pass costs about linear time in the network it reads.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "propnet/deadline.h"
#include "propnet/huge_pages.h"
#include "propnet/network.h"
#include "gdl/scc.h"

namespace ggp::propnet::detail {

inline constexpr Lit kNoLit = UINT32_MAX;

// Rewrites a network in place. Gates that become equivalent to a literal are recorded as aliases
// in rep_ and dropped by compact(); every pass keeps the node layout (constant, bases, inputs).
class Optimizer {
 public:
  Optimizer(Network& net, const Deadline& deadline);
  void run();

 private:
  // The literal `l` stands for, following aliases (with path compression).
  Lit resolve(Lit l) {
    Lit cur = l;
    for (;;) {
      uint32_t n = lit_node(cur);
      if (rep_[n] == n << 1) break;
      cur = rep_[n] ^ (cur & 1);
    }
    const Lit root = cur;
    for (cur = l;;) {
      uint32_t n = lit_node(cur);
      Lit r = rep_[n];
      if (r == n << 1) break;
      rep_[n] = root ^ (cur & 1);
      cur = r ^ (cur & 1);
    }
    return root;
  }
  bool alias(uint32_t g) const { return rep_[g] != g << 1; }
  bool is_gate(uint32_t g, Gate::Kind kind) const {
    return g >= net_.first_gate() && !alias(g) && net_.gates[g].kind == kind;
  }
  uint32_t add_gate(Gate::Kind kind, std::vector<Lit> inputs) {
    uint32_t g = static_cast<uint32_t>(net_.gates.size());
    net_.gates.push_back({kind, std::move(inputs)});
    rep_.push_back(g << 1);
    return g;
  }
  bool set_alias(uint32_t g, Lit l) {
    rep_[g] = l;
    net_.gates[g].inputs.clear();
    return true;
  }
  std::vector<Lit*> observed();

  // optimizer.cpp
  // Folds, then renumbers the live gates so that later passes work on the live network only.
  void simplify_all() {
    fold();
    compact(&order_);
  }
  // simplify_all(), then factor() on the simplified network, and simplify_all() again.
  void simplify_and_factor();
  void fold();
  void folded(uint32_t g);
  uint32_t find_or_insert(uint32_t g);
  static uint32_t key_hash(const Gate& g);
  bool simplify(uint32_t g);
  void compact(const gdl::Components* order = nullptr);
  // flatten(), complement_moves() and guard_legals() return whether they changed the network.
  bool flatten();

  // optimizer_factor.cpp
  // The state of one OR while factor() pulls literals out of it. Only literals in at least two of
  // its factorable ANDs get a local id; a pull moves ANDs out and lowers the counts of what they
  // hold, and a heap with lazy deletion finds the next literal.
  struct FactorFrame {
    uint32_t gate = 0;
    std::vector<Lit> inputs;                     // the OR's inputs when the frame opened, by slot
    std::vector<uint8_t> alive;                  // by slot: not pulled out yet
    std::vector<Lit> added;                      // AND(c, OR(...)) per pull, in order
    std::vector<uint32_t> slot_begin, slot_ids;  // by slot: local ids of its AND's shared literals
    std::vector<Lit> lit;                        // by local id
    std::vector<uint32_t> count;                 // by local id: alive ANDs holding it
    std::vector<uint32_t> occ_begin, occ_slot, occ_pos;  // by local id: its slots, input order
    std::vector<uint32_t> last;  // by local id: index in occ_* of its last alive occurrence
    std::vector<uint8_t> dirty;  // by local id: its count fell during this pull
    struct Entry {
      uint32_t count, pos, id;
      bool operator<(const Entry& o) const {
        return count != o.count ? count < o.count : pos > o.pos;
      }
    };
    std::vector<Entry> heap;
  };
  void factor();
  bool factorable(Lit l) const {
    return !lit_negated(l) && is_gate(lit_node(l), Gate::Kind::And) && uses_[lit_node(l)] == 1;
  }
  bool open_frame(uint32_t g, size_t depth);
  uint32_t pull(FactorFrame& f);
  void close_frame(FactorFrame& f);

  // optimizer_moves.cpp
  bool queries_read_moves();
  bool complement_moves();
  bool guard_legals();

  Network& net_;
  const Deadline& deadline_;
  size_t steps_ = 0;  // deadline checks every 1024 steps
  std::vector<Lit> rep_;
  std::vector<Lit> scratch_;  // simplify()
  // fold(): open addressing, hash << 32 | gate.
  std::vector<uint64_t, HugePageAllocator<uint64_t>> table_;
  std::vector<uint32_t> readers_;    // fold(), by node
  std::vector<uint32_t> parked_;     // fold(), by node
  bool settled_ = false;             // the last fold() left nothing to simplify
  gdl::Components order_;                // the last fold()'s components, dependency order
  std::vector<uint32_t> uses_;       // factor(): gates reading each node
  std::vector<uint32_t> mark_;       // factor(): by literal, counts, then local ids
  std::vector<Lit> touched_;         // factor()
  std::vector<uint32_t> dirty_;      // factor(): local ids whose count fell during a pull
  std::vector<FactorFrame> frames_;  // factor(): the ORs being factored, outermost first
};

}  // namespace ggp::propnet::detail
