#pragma once
// Independent sub-games (factors) of a propnet, after Günther, Schiffel and Thielscher, "Factoring
// General Games" (GIGA 2009) and Cox, Schkufza, Madsen and Genesereth, "Factoring General Games
// using Propositional Automata" (GIGA 2009): games such as dualConnect4, ticTacToeParallel or
// multiplehamilton are several games played side by side, and a search that knows it can play
// each one apart (a sum of games) and ignore those no goal reads.
//
// On the flattened program (program.h):
// - A fact is *global* when its next value depends on no move, directly or through facts that do:
//   whose turn it is, a step counter. Global facts belong to no factor (every factor reads them).
// - Every other fact and every move joins, by union-find, each non-global fact and move that its
//   next literal (a fact) or its legal literal and guard (a move) reads, through gates that are
//   themselves move-dependent; so a move joins the facts it changes and the facts its legality
//   reads.
// - A factor is a class with at least one fact. Moves in no factor (they change nothing and their
//   legality reads only global facts: noop) are *free*.
// Goal and terminal literals are not followed (they are where factors combine); each factor says
// whether some goal or the terminal literal reads it. A factor that neither reads is irrelevant to
// the outcome. The analysis is exact for the program, so it is as fine as the optimiser made the
// network (an unused dependency left in a gate merges two factors).
#include <cstdint>
#include <vector>

#include "propnet/program.h"

namespace ggp::propnet {

struct Factor {
  std::vector<uint32_t> facts;  // ascending
  std::vector<uint32_t> moves;  // ascending, of any role
  bool read_by_goals = false;     // some role's goal literal reads a fact of this factor
  bool read_by_terminal = false;  // the terminal literal reads a fact of this factor
};

struct Factoring {
  std::vector<Factor> factors;          // ordered by their smallest fact
  std::vector<uint32_t> global_facts;   // ascending
  std::vector<uint32_t> free_moves;     // ascending
  bool splits() const { return factors.size() > 1; }
};

// Linear in the program's edges (plus a fixpoint over the facts' dependencies for globality).
Factoring find_factors(const Program& program);

}  // namespace ggp::propnet
