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
// whether some goal or the terminal literal reads it. A factor that neither reads changes the
// outcome only through the moves it leaves a role (in queens08lg the board decides nothing but
// whether a queen can still be placed). The analysis is exact for the program, so it is as fine as
// the optimiser made the network (an unused dependency left in a gate merges two factors).
//
// Factors of the dynamics are often joined by the end of the game: tic-tac-toe's nine cells by its
// lines. *Sub-games* join the factors that one disjunct of the terminal literal reads (terminal as
// an OR, through nested ORs: the criterion of Sancho's FactorAnalyser), except a negated disjunct
// reading factors that hold more than half of the non-global facts, taken for a pseudo-coupling
// ("no empty cell left on either board"; Sancho drops any disjunct that large, but the optimiser
// pulls shared cells out of the lines of connectFour into disjuncts that read five of its eight
// columns). So dualConnect4 is two sub-games, one per board, and connectFour one.
#include <cstdint>
#include <vector>

#include "propnet/program.h"
#include "reasoner/state_machine.h"

namespace ggp::propnet {

struct Factor {
  std::vector<uint32_t> facts;  // ascending
  std::vector<uint32_t> moves;  // ascending, of any role
  bool read_by_goals = false;     // some role's goal literal reads a fact of this factor
  bool read_by_terminal = false;  // the terminal literal reads a fact of this factor
};

struct Factoring {
  std::vector<Factor> factors;          // ordered by their smallest fact
  // Sub-games: groups of factor indices (ascending), ordered by their first factor.
  std::vector<std::vector<uint32_t>> subgames;
  std::vector<uint32_t> global_facts;   // ascending
  std::vector<uint32_t> free_moves;     // ascending
  bool splits() const { return subgames.size() > 1; }
};

// The factors cost time linear in the program's edges (one forward pass finds the move-dependent
// nodes, one backward walk a gate joins them); the goals and each terminal disjunct add a walk of
// their cone, and the sub-games are given up (one sub-game) past a bound on that work.
Factoring find_factors(const Program& program);

// The factoring as the machine reports it (StateMachine::sub_games): each sub-game's facts, moves
// and roles; empty where it does not split.
reasoner::SubGames sub_games(const Program& program, const Factoring& factoring);

}  // namespace ggp::propnet
