#include "propnet/factors.h"

#include <algorithm>
#include <numeric>

#include "propnet/union_find.h"

namespace ggp::propnet {
namespace {

class FactorFinder {
 public:
  explicit FactorFinder(const Program& p) : p_(p), joined_(p.num_nodes), seen_(p.num_nodes, 0) {
    mark_move_dependent();
  }

  Factoring run() {
    for (uint32_t f = 0; f < p_.num_facts; ++f) join_cone(p_.base_node(f), p_.next_lit[f]);
    for (uint32_t r = 0; r < p_.num_roles; ++r)
      for (uint32_t m = p_.role_moves[r]; m < p_.role_moves[r + 1]; ++m) {
        join_cone(p_.input_node(m), p_.legal_lit[m]);
        if (p_.guarded(m)) join_cone(p_.input_node(m), p_.legal_guard[r]);
      }
    Factoring result;
    std::vector<uint32_t> factor_of_root(p_.num_nodes, UINT32_MAX);
    for (uint32_t f = 0; f < p_.num_facts; ++f) {
      const uint32_t v = p_.base_node(f);
      if (!dependent_[v]) {
        result.global_facts.push_back(f);
        continue;
      }
      uint32_t& index = factor_of_root[joined_.find(v)];
      if (index == UINT32_MAX) {
        index = static_cast<uint32_t>(result.factors.size());
        result.factors.emplace_back();
      }
      result.factors[index].facts.push_back(f);
    }
    factor_count_ = result.factors.size();
    for (uint32_t m = 0; m < p_.num_moves; ++m) {
      const uint32_t index = factor_of_root[joined_.find(p_.input_node(m))];
      if (index == UINT32_MAX) result.free_moves.push_back(m);
      else result.factors[index].moves.push_back(m);
    }
    for (const auto& goals : p_.goals)
      for (const auto& [value, lit] : goals)
        for (uint32_t index : factors_read_by(lit, factor_of_root)) result.factors[index].read_by_goals = true;
    for (uint32_t index : factors_read_by(p_.terminal, factor_of_root))
      result.factors[index].read_by_terminal = true;
    result.subgames = subgames(result, factor_of_root);
    return result;
  }

 private:
  // Factors joined by the terminal's disjuncts (see Factoring::subgames).
  std::vector<std::vector<uint32_t>> subgames(const Factoring& f,
                                              const std::vector<uint32_t>& factor_of_root) {
    const size_t n = f.factors.size();
    if (n == 0) return {};
    UnionFind group(n);
    size_t dynamic_facts = 0;
    for (const Factor& factor : f.factors) dynamic_facts += factor.facts.size();
    std::vector<uint32_t> disjuncts, stack{p_.terminal};
    std::vector<uint8_t> opened(p_.num_nodes, 0);
    while (!stack.empty()) {  // the terminal's disjuncts, through positive ORs
      const uint32_t lit = stack.back();
      stack.pop_back();
      const uint32_t v = lit >> 1;
      if (opened[v]) continue;
      opened[v] = 1;
      if (!(lit & 1) && v >= p_.first_gate() && (p_.flags[v] & Program::kOr)) {
        for (uint32_t i = p_.fanin_begin[v]; i < p_.fanin_begin[v + 1]; ++i) stack.push_back(p_.fanin[i]);
      } else {
        disjuncts.push_back(lit);
      }
    }
    for (uint32_t lit : disjuncts) {
      if (steps_ > kMaxSteps) return {all_factors(n)};  // too costly to tell: one sub-game
      const std::vector<uint32_t> read = factors_read_by(lit, factor_of_root);
      size_t facts = 0;
      for (uint32_t index : read) facts += f.factors[index].facts.size();
      if ((lit & 1) && 2 * facts > dynamic_facts) continue;  // a pseudo-coupling
      for (uint32_t index : read) group.unite(index, read.front());
    }
    std::vector<std::vector<uint32_t>> result;
    std::vector<uint32_t> slot(n, UINT32_MAX);
    for (uint32_t index = 0; index < n; ++index) {
      uint32_t& s = slot[group.find(index)];
      if (s == UINT32_MAX) {
        s = static_cast<uint32_t>(result.size());
        result.emplace_back();
      }
      result[s].push_back(index);
    }
    return result;
  }

  static std::vector<uint32_t> all_factors(size_t n) {
    std::vector<uint32_t> all(n);
    std::iota(all.begin(), all.end(), 0u);
    return all;
  }

  // dependent_[v]: v is an input, a base whose next value is move-dependent, or a gate reading a
  // move-dependent node. A least fixpoint, forward from the inputs along the fanout; a fact's base
  // joins when its next literal's node does (the watches of next literals say which facts).
  void mark_move_dependent() {
    dependent_.assign(p_.num_nodes, 0);
    std::vector<uint32_t> work;
    auto reach = [&](uint32_t v) {
      if (!dependent_[v]) {
        dependent_[v] = 1;
        work.push_back(v);
      }
    };
    for (uint32_t m = 0; m < p_.num_moves; ++m) reach(p_.input_node(m));
    while (!work.empty()) {
      const uint32_t v = work.back();
      work.pop_back();
      for (uint32_t i = p_.watch_begin[v]; i < p_.watch_begin[v + 1]; ++i)
        if (!(p_.watches[i] & Program::kWatchLegal))
          reach(p_.base_node(p_.watches[i] & Program::kWatchIndex));
      const Program::Fanout& f = p_.fanout[v];
      for (uint32_t k = f.pos; k < p_.fanout[v + 1].pos; ++k)
        reach(k >= f.cyc && k < f.inner ? p_.out[k] >> 1 : p_.out[k]);
    }
  }

  // Joins `owner` (a fact's base or a move's input) with every move-dependent node in the cone of
  // `lit`, stopping at bases and inputs (a base's own cone is joined from its next literal).
  void join_cone(uint32_t owner, uint32_t lit) {
    const uint32_t root = lit >> 1;
    if (!dependent_[owner] || !dependent_[root]) return;
    joined_.unite(owner, root);
    // One epoch for every join: a gate joined once has its whole cone joined already.
    walk(root, kJoinEpoch, [&](uint32_t gate, uint32_t input) { joined_.unite(gate, input); });
  }

  // The factors that some move-dependent node in the cone of `lit` belongs to.
  std::vector<uint32_t> factors_read_by(uint32_t lit, const std::vector<uint32_t>& factor_of_root) {
    std::vector<uint32_t> found;
    std::vector<uint8_t> listed(factor_count_, 0);
    auto note = [&](uint32_t v) {
      const uint32_t index = factor_of_root[joined_.find(v)];
      if (index == UINT32_MAX || listed[index]) return;
      listed[index] = 1;
      found.push_back(index);
    };
    const uint32_t root = lit >> 1;
    if (!dependent_[root]) return found;
    note(root);
    walk(root, ++epoch_, [&](uint32_t, uint32_t input) { note(input); });
    return found;
  }

  // Calls visit(gate, input) for each move-dependent input of each move-dependent gate in the cone
  // of `root` not yet visited in `epoch`.
  template <class Visit>
  void walk(uint32_t root, uint32_t epoch, Visit visit) {
    std::vector<uint32_t>& stack = stack_;
    stack.assign(1, root);
    const uint32_t first_gate = p_.first_gate();
    while (!stack.empty()) {
      const uint32_t v = stack.back();
      stack.pop_back();
      if (v < first_gate || seen_[v] == epoch) continue;
      seen_[v] = epoch;
      ++steps_;
      for (uint32_t i = p_.fanin_begin[v]; i < p_.fanin_begin[v + 1]; ++i) {
        const uint32_t input = p_.fanin[i] >> 1;
        if (!dependent_[input]) continue;
        visit(v, input);
        stack.push_back(input);
      }
    }
  }

  const Program& p_;
  std::vector<uint8_t> dependent_;
  size_t factor_count_ = 0;  // once the facts are numbered into factors
  UnionFind joined_;  // by node: facts' bases, moves' inputs and gates joined into factors
  static constexpr uint32_t kJoinEpoch = 1;
  // Gate visits of all walks after which the sub-games are given up (a network of millions of
  // gates with thousands of terminal disjuncts, each walking a large cone).
  static constexpr size_t kMaxSteps = 200'000'000;
  size_t steps_ = 0;
  std::vector<uint32_t> seen_;  // by node: the epoch of the walk that last visited it
  uint32_t epoch_ = kJoinEpoch;  // the last epoch used (the reads come after every join)
  std::vector<uint32_t> stack_;
};

}  // namespace

Factoring find_factors(const Program& program) { return FactorFinder(program).run(); }

reasoner::SubGames sub_games(const Program& program, const Factoring& factoring) {
  reasoner::SubGames out;
  if (!factoring.splits()) return out;
  for (const std::vector<uint32_t>& group : factoring.subgames) {
    reasoner::SubGame& sub = out.subgames.emplace_back();
    for (uint32_t f : group) {
      const Factor& factor = factoring.factors[f];
      sub.facts.insert(sub.facts.end(), factor.facts.begin(), factor.facts.end());
      sub.moves.insert(sub.moves.end(), factor.moves.begin(), factor.moves.end());
      sub.read_by_outcome |= factor.read_by_goals || factor.read_by_terminal;
    }
    std::sort(sub.facts.begin(), sub.facts.end());
    std::sort(sub.moves.begin(), sub.moves.end());
    for (reasoner::RoleIndex r = 0; r < program.num_roles; ++r) {
      auto first = std::lower_bound(sub.moves.begin(), sub.moves.end(), program.role_moves[r]);
      if (first != sub.moves.end() && *first < program.role_moves[r + 1]) sub.roles.push_back(r);
    }
  }
  out.global_facts.assign(factoring.global_facts.begin(), factoring.global_facts.end());
  out.free_moves.assign(factoring.free_moves.begin(), factoring.free_moves.end());
  return out;
}

}  // namespace ggp::propnet
