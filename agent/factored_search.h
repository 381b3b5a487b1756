#pragma once
// A search of a game that is a sum of independent sub-games (reasoner::SubGames: dualConnect4's
// two boards, multipletictactoe's nine), as Sancho plays them (SanchoGGP/ggp-base: a tree per
// factor, learned from, not copied):
//
// - one searcher for each sub-game that some goal or the end of the game reads, on the sub-game
//   seen as a game of its own (agent/subgame_machine.h: its moves and a pseudo-noop for moving
//   elsewhere, the other sub-games standing still); the sub-games no outcome reads get none, and
//   their moves are only the stand-in for a pseudo-noop;
// - every search() call shares its time (or its playout budget) equally among them;
// - the move played (best_move has the order) is a win at once if there is one; else a move in a
//   sub-game where moving elsewhere is proven lost; else a win proven in a sub-game (proven with
//   the others standing still); else, in the sub-game where `best * (best - elsewhere)` is
//   largest, its searcher's move: `best` is the value of that move, `elsewhere` the value of
//   moving elsewhere there (the pseudo-noop), so the choice goes where moving gains most over
//   leaving the sub-game alone, weighted towards the sub-game where our prospects are best
//   (Sancho's rule, which also puts a loss avoided before a win).
//
// The sub-games that no outcome reads still matter through the moves they leave (queens08lg: its
// board, which no outcome reads, decides whether a queen can still be placed before the quit move
// that is read), so factored_search_applies keeps a game whole unless each of them is smaller
// than the one sub-game read; a game of one sub-game is searched whole too.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/searcher.h"
#include "agent/subgame_machine.h"

namespace ggp::agent {

class FactoredSearcher : public Searcher {
 public:
  // A factored search of `machine` (kept by the caller) over `games`, one searcher a sub-game
  // that an outcome reads, each made by `inner` on its view. Throws std::invalid_argument where
  // factored_search_applies(games) is false.
  FactoredSearcher(const SearcherFactory& inner, reasoner::StateMachine& machine,
                   const reasoner::SubGames& games, uint64_t seed);

  std::string name() const override;
  void set_root(const reasoner::State& state) override;
  void advance(std::span<const reasoner::MoveId> joint, const reasoner::State& next) override;
  void set_own_role(reasoner::RoleIndex role) override;
  void search(const SearchLimits& limits) override;
  reasoner::MoveId best_move(reasoner::RoleIndex role) override;
  SearchStats stats() const override;
  std::string note() override;

  size_t parts() const { return parts_.size(); }

 private:
  struct Part {
    std::unique_ptr<SubGameMachine> view;
    std::unique_ptr<Searcher> searcher;
  };
  // A sub-game's candidate for `role`: its searcher's move (its most visited move of the
  // sub-game if the searcher would move elsewhere), as a game move, with the value of that move
  // and of moving elsewhere (the pseudo-noop; 0 where the role has none there).
  struct Choice {
    reasoner::MoveId move = 0;
    double best = 0, elsewhere = 0;
    bool win = false, lost = false;  // the move is proven won, lost
    bool lost_elsewhere = false;     // moving elsewhere is proven lost
    double score() const { return best * (best - elsewhere); }
  };
  std::optional<Choice> choice(const Part& part, reasoner::RoleIndex role) const;
  // Whether `move` ends the game at once with `role`'s win, the other roles' moves being forced.
  bool wins_at_once(reasoner::MoveId move, reasoner::RoleIndex role);

  reasoner::StateMachine& machine_;
  std::vector<Part> parts_;
  reasoner::State root_;
};

// The most sub-games searched apart: each search gets this share of the time at least.
inline constexpr size_t kMaxFactoredSearches = 8;

// True where a factored search differs from searching the game whole and each search is of a
// game. Every sub-game an outcome reads must have moves of every role that moves anywhere (in
// games_kif/blotto each role deploys in a sub-game of its own, so neither is a game without the
// other). Then either
// - one sub-game is read, and every other is smaller in facts (multipletictactoe: the eight boards
//   no goal reads are moves to spend elsewhere; in queens08lg the one read is the quit move and
//   the board is the game), or
// - 2 to kMaxFactoredSearches are read, and every sub-game has at least two moves a role on
//   average (futoshiki's and hanoi's second sub-game is the one move that ends the puzzle; queens'
//   cells are a hundred sub-games of one move).
// Measured on the corpus (docs/strength.md section 2): 21 of the 745 in-scope games.
bool factored_search_applies(const reasoner::SubGames& games);

// Where the factored search is used: wherever it applies, or only where it was measured to gain
// (docs/strength.md section 2): one-role games, and games where one sub-game is read and the
// others are moves to spend elsewhere (multipletictactoe). With two or more sub-games read in a
// game of several roles, a self-play screen was even (dualConnect4 lost both, chinook won both).
enum class FactoredUse { Everywhere, WhereMeasured };
bool factored_search_used(const reasoner::SubGames& games, size_t num_roles, FactoredUse use);

// Makes a FactoredSearcher where factored_search_used(..., use), else `inner`'s searcher.
SearcherFactory factored_searcher_factory(SearcherFactory inner, FactoredUse use);

}  // namespace ggp::agent
