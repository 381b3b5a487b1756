#pragma once
// Candidate piece counts found in a game's facts, for a learned evaluation (agent/heuristic.h).
// Sancho's piece heuristic looks for them in the same place: base facts f(a1 .. ak) whose
// arguments include one with few values (a colour, a piece type, a role) beside the board
// coordinates; each value of that argument names a set of facts, and the number of the set's facts
// true in a state is a count of pieces of that kind. Here the sets are only candidates: which
// count matters, and how, is fitted to the results of playouts (heuristic.h), not assumed.
#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {

// The elements of a ground term written as text: "(cell 1 2 red)" gives {"cell", "1", "2", "red"},
// "(at (pos 1 2) white)" gives {"at", "(pos 1 2)", "white"}, a constant gives itself alone.
std::vector<std::string> term_elements(const std::string& text);

// Facts of one functor and arity: each with its elements (term_elements), and the values each
// argument takes among them, which the kind argument and the coordinates are read from.
struct FunctorFacts {
  std::vector<std::pair<reasoner::FactId, std::vector<std::string>>> facts;
  std::vector<std::set<std::string>> values;  // by argument
};
using FactsByFunctor = std::map<std::pair<std::string, size_t>, FunctorFacts>;  // (functor, arity)
// The facts of `facts` with `min_arity` arguments or more, by functor and arity.
FactsByFunctor facts_by_functor(const reasoner::StateMachine& machine,
                                const std::set<reasoner::FactId>& facts, size_t min_arity);

class PieceFeatures {
 public:
  static constexpr size_t kMaxValues = 12;  // a line argument has at most this many values
  static constexpr size_t kMaxKinds = 16;   // a kind argument at most this many (chess: 13)
  static constexpr size_t kMinFacts = 4;    // a set with fewer facts is no piece kind
  static constexpr size_t kMaxSets = 32;    // the candidates kept, largest sets first
  static constexpr size_t kMaxLineSets = 48;  // line sets kept after them, largest first

  // The candidate sets among the facts true in some of `states`: for each functor with two
  // arguments or more, its kind argument (kind_argument: the fewest distinct values, 2 ..
  // kMaxKinds, among the arguments that are not coordinates) splits the facts by its value. With
  // `lines`, each such set is split again by the value of each other argument with 2 ..
  // kMaxValues values ("(cell _ 7 white)": white pieces on row 7), so that where pieces stand
  // counts, not only how many there are (advancement in breakthrough-like races, edges in
  // reversi); these come after the piece sets.
  // A set needs `min_facts` facts (kMinFacts: a kind of which few squares were seen is taken for
  // no piece; agent/root_captures.h counts the pieces of one root and its successors, where a
  // queen has been seen on a square or two, and takes 1).
  static PieceFeatures discover(const reasoner::StateMachine& machine,
                                std::span<const reasoner::State> states, bool lines = false,
                                size_t min_facts = kMinFacts);
  // The kind argument of a functor whose argument i takes the values values[i] (see the .cpp);
  // values.size() when none is.
  static size_t kind_argument(const std::vector<std::set<std::string>>& values);
  // Whether argument i of such a functor is a board coordinate: 4 values or more, and another
  // argument has as many (the two sides of a board).
  static bool is_coordinate(const std::vector<std::set<std::string>>& values, size_t i);

  size_t size() const { return sets_.size(); }
  const std::string& name(size_t set) const { return sets_[set].name; }  // e.g. "(cell _ _ red)"
  // Whether fact `f` is one of set j's.
  bool contains(size_t set, reasoner::FactId f) const {
    const std::vector<uint64_t>& mask = sets_[set].mask;
    return f / 64 < mask.size() && ((mask[f / 64] >> (f % 64)) & 1);
  }
  // out[j]: how many facts of set j are true in `state`.
  void counts(const reasoner::State& state, std::span<double> out) const;
  // Every set's facts, set after set: set j's are facts[begin[j] .. begin[j + 1]) (the form
  // reasoner::MoveBias::piece_begin and piece_facts read).
  struct FactLists {
    std::vector<uint32_t> begin{0};
    std::vector<reasoner::FactId> facts;
  };
  FactLists fact_lists() const;

 private:
  struct Set {
    std::string name;
    std::vector<uint64_t> mask;  // by word of the fact bitset
    size_t facts = 0;
  };
  // The facts of `facts` (with their elements) whose argument kind_arg is `kind` and, unless
  // line_arg == arity, whose argument line_arg is `line`.
  static Set make_set(const std::string& functor, const FunctorFacts& facts, size_t arity,
                      size_t kind_arg, const std::string& kind, size_t line_arg,
                      const std::string& line);

  std::vector<Set> sets_;
};

}  // namespace ggp::agent
