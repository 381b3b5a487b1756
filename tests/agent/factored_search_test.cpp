// The factored search (agent/factored_search.h) and its view of one sub-game
// (agent/subgame_machine.h), on two tic-tac-toe boards side by side: a mover marks a cell on
// either board, and a line on either board ends the game.
#include "agent/factored_search.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "agent/mcts.h"
#include "gdl/loader.h"
#include "propnet/propnet_machine.h"
#include "propnet_games.h"

using namespace ggp;
using namespace ggp::agent;
using reasoner::MoveId;
using reasoner::State;

namespace {

constexpr const char* kTwoBoards = R"(
  (role x) (role o)
  (board a) (board b) (index 1) (index 2) (index 3)
  (<= (init (cell ?b ?m ?n blank)) (board ?b) (index ?m) (index ?n))
  (init (control x))
  (<= (legal ?p (mark ?b ?m ?n)) (true (control ?p)) (true (cell ?b ?m ?n blank)))
  (<= (legal x noop) (true (control o)))
  (<= (legal o noop) (true (control x)))
  (<= (next (cell ?b ?m ?n ?p)) (does ?p (mark ?b ?m ?n)))
  (<= (next (cell ?b ?m ?n ?w)) (true (cell ?b ?m ?n ?w)) (distinct ?w blank))
  (<= (next (cell ?b ?m ?n blank)) (true (cell ?b ?m ?n blank)) (not (marked ?b ?m ?n)))
  (<= (marked ?b ?m ?n) (does ?p (mark ?b ?m ?n)))
  (<= (next (control x)) (true (control o)))
  (<= (next (control o)) (true (control x)))
  (<= (line ?b ?p) (true (cell ?b ?m 1 ?p)) (true (cell ?b ?m 2 ?p)) (true (cell ?b ?m 3 ?p)))
  (<= (line ?b ?p) (true (cell ?b 1 ?n ?p)) (true (cell ?b 2 ?n ?p)) (true (cell ?b 3 ?n ?p)))
  (<= (line ?b ?p) (true (cell ?b 1 1 ?p)) (true (cell ?b 2 2 ?p)) (true (cell ?b 3 3 ?p)))
  (<= (line ?b ?p) (true (cell ?b 1 3 ?p)) (true (cell ?b 2 2 ?p)) (true (cell ?b 3 1 ?p)))
  (<= (open ?b) (true (cell ?b ?m ?n blank)))
  (<= (won ?p) (line ?b ?p) (role ?p))
  (<= terminal (won ?p))
  (<= terminal (board ?b) (not (open ?b)))
  (<= (goal ?p 100) (won ?p))
  (<= (goal ?p 0) (role ?p) (not (won ?p)) (won ?q) (distinct ?p ?q))
  (<= (goal ?p 50) (role ?p) (not (won x)) (not (won o)))
)";

std::unique_ptr<reasoner::StateMachine> two_boards() {
  return propnet::make_propnet(gdl::load_game_text(kTwoBoards));
}

MoveId move(reasoner::StateMachine& m, reasoner::RoleIndex role, const std::string& text) {
  std::optional<MoveId> id = m.move_from_text(role, text);
  REQUIRE_MESSAGE(id.has_value(), text);
  return *id;
}

// The state after `marks` ("a 1 1", ...), played in turn from the start: x, o, x, ...
State after(reasoner::StateMachine& m, const std::vector<std::string>& marks) {
  State s = m.initial_state(), next;
  for (size_t i = 0; i < marks.size(); ++i) {
    const reasoner::RoleIndex mover = i % 2;
    std::vector<MoveId> joint(2);
    joint[mover] = move(m, mover, "(mark " + marks[i] + ")");
    joint[1 - mover] = move(m, 1 - mover, "noop");
    m.next_state(s, joint, next);
    std::swap(s, next);
  }
  return s;
}

size_t subgame_of(const reasoner::SubGames& games, MoveId m) {
  for (size_t i = 0; i < games.subgames.size(); ++i)
    if (std::binary_search(games.subgames[i].moves.begin(), games.subgames[i].moves.end(), m))
      return i;
  FAIL("move in no sub-game");
  return 0;
}

MctsConfig uct() {
  return find_mcts_preset("uct")->config;
}

}  // namespace

TEST_CASE(
    "sub-games: two boards are two sub-games of both roles; blotto's and tic-tac-toe's are not "
    "searched apart") {
  auto game = two_boards();
  const reasoner::SubGames games = game->sub_games();
  REQUIRE(games.subgames.size() == 2);
  for (const reasoner::SubGame& s : games.subgames) {
    CHECK(s.read_by_outcome);
    CHECK(s.roles == std::vector<reasoner::RoleIndex>{0, 1});
    CHECK(s.moves.size() == 18);  // nine cells, two roles
  }
  CHECK(games.free_moves.size() == 2);  // noop of each role
  CHECK(subgame_of(games, move(*game, 0, "(mark a 2 2)")) !=
        subgame_of(games, move(*game, 0, "(mark b 2 2)")));
  CHECK(factored_search_applies(games));

  // blotto: each role deploys in a sub-game of its own.
  auto blotto = test::shipped_propnet("blotto");
  const reasoner::SubGames deployments = blotto->sub_games();
  CHECK(deployments.subgames.size() == 2);
  CHECK_FALSE(factored_search_applies(deployments));
  CHECK_FALSE(factored_search_applies(test::tic_tac_toe_propnet()->sub_games()));
}

namespace {

// A sub-game of `facts` facts and `moves` moves of `roles` (ids only count here).
reasoner::SubGame shaped(size_t facts, size_t moves, std::vector<reasoner::RoleIndex> roles,
                         bool read) {
  reasoner::SubGame s;
  for (size_t i = 0; i < facts; ++i) s.facts.push_back(static_cast<reasoner::FactId>(i));
  for (size_t i = 0; i < moves; ++i) s.moves.push_back(static_cast<MoveId>(i));
  s.roles = std::move(roles);
  s.read_by_outcome = read;
  return s;
}

}  // namespace

TEST_CASE("factored search applies to sums of games, not to a game and its moves elsewhere") {
  reasoner::SubGames g;
  // multipletictactoe: the board the goals read, and smaller boards no outcome reads.
  g.subgames = {shaped(27, 18, {0, 1}, true), shaped(3, 2, {0, 1}, false),
                shaped(3, 2, {0, 1}, false)};
  CHECK(factored_search_applies(g));
  // queens08lg: the quit move is read, the board is not.
  g.subgames = {shaped(1, 1, {0}, true), shaped(128, 64, {0}, false)};
  CHECK_FALSE(factored_search_applies(g));
  // Two boards of two roles; then one of them a single move (hanoi's end of the puzzle).
  g.subgames = {shaped(96, 16, {0, 1}, true), shaped(96, 16, {0, 1}, true)};
  CHECK(factored_search_applies(g));
  g.subgames[1] = shaped(1, 1, {0, 1}, true);
  CHECK_FALSE(factored_search_applies(g));
  // A sub-game of one role's moves in a game of two (blotto's deployments).
  g.subgames = {shaped(55, 1001, {0}, true), shaped(55, 1001, {1}, true)};
  CHECK_FALSE(factored_search_applies(g));
  // At most kMaxFactoredSearches searches.
  g.subgames.assign(kMaxFactoredSearches, shaped(20, 4, {0}, true));
  CHECK(factored_search_applies(g));
  g.subgames.push_back(shaped(20, 4, {0}, true));
  CHECK_FALSE(factored_search_applies(g));
  // No outcome reads any.
  g.subgames = {shaped(20, 4, {0}, false), shaped(20, 4, {0}, false)};
  CHECK_FALSE(factored_search_applies(g));

  // Where measured: one role, or one sub-game read; not two boards of two roles.
  g.subgames = {shaped(96, 16, {0, 1}, true), shaped(96, 16, {0, 1}, true)};
  CHECK(factored_search_used(g, 2, FactoredUse::Everywhere));
  CHECK_FALSE(factored_search_used(g, 2, FactoredUse::WhereMeasured));
  g.subgames = {shaped(27, 18, {0, 1}, true), shaped(3, 2, {0, 1}, false)};
  CHECK(factored_search_used(g, 2, FactoredUse::WhereMeasured));
  g.subgames = {shaped(20, 4, {0}, true), shaped(20, 4, {0}, true)};
  CHECK(factored_search_used(g, 1, FactoredUse::WhereMeasured));
  g.subgames = {shaped(55, 1001, {0}, true), shaped(55, 1001, {1}, true)};
  CHECK_FALSE(factored_search_used(g, 2, FactoredUse::Everywhere));
}

TEST_CASE("the factored searcher factory: a search per board where used, the inner one elsewhere") {
  auto game = two_boards();
  SearcherFactory mcts = [](reasoner::StateMachine& m, uint64_t sd) -> std::unique_ptr<Searcher> {
    return std::make_unique<MctsSearcher>(uct(), m, sd);
  };
  CHECK(factored_searcher_factory(mcts, FactoredUse::Everywhere)(*game, 1)->name() ==
        "factored(2 x mcts)");
  CHECK(factored_searcher_factory(mcts, FactoredUse::WhereMeasured)(*game, 1)->name() == "mcts");
  auto tictactoe = test::tic_tac_toe_propnet();
  CHECK(factored_searcher_factory(mcts, FactoredUse::Everywhere)(*tictactoe, 1)->name() == "mcts");
}

TEST_CASE("a sub-game's view: its moves and a pseudo-noop; the other board stands still") {
  auto game = two_boards();
  const reasoner::SubGames games = game->sub_games();
  const size_t a = subgame_of(games, move(*game, 0, "(mark a 1 1)"));
  SubGameMachine view(*game, games, a);
  const State s = after(*game, {"a 2 2", "b 1 1"});  // x to move

  std::vector<std::string> x_moves;
  for (MoveId m : view.legal_moves(s, 0)) x_moves.push_back(view.move_text(m));
  CHECK(x_moves.size() == 9);  // eight open cells of a, and moving elsewhere
  CHECK(std::count(x_moves.begin(), x_moves.end(), "(pseudo-noop x)") == 1);
  std::span<const MoveId> o_moves = view.legal_moves(s, 1);
  REQUIRE(o_moves.size() == 1);  // not o's turn: its noop, which is free
  CHECK(view.move_text(o_moves[0]) == "noop");
  const MoveId o_noop = o_moves[0];

  // A move on a: as the game plays it.
  State viewed, real;
  view.next_state(s, std::vector<MoveId>{*view.view_move(move(*game, 0, "(mark a 1 1)")), o_noop},
                  viewed);
  game->next_state(s, std::vector<MoveId>{move(*game, 0, "(mark a 1 1)"), move(*game, 1, "noop")},
                   real);
  CHECK(viewed == real);

  // Moving elsewhere: a and board b as they were, the turn passed to o.
  view.next_state(s, std::vector<MoveId>{view.pseudo_noop(0), o_noop}, viewed);
  CHECK(reasoner::state_texts(view, viewed) != reasoner::state_texts(view, s));
  std::vector<std::string> before = reasoner::state_texts(view, s),
                           now = reasoner::state_texts(view, viewed);
  std::erase(before, "(control x)");
  std::erase(now, "(control o)");
  CHECK(before == now);
  CHECK(view.legal_moves(viewed, 1).size() == 9);  // o's eight cells of a and its pseudo-noop
  CHECK_FALSE(view.is_terminal(viewed));

  // A clone plays the same.
  auto copy = view.clone();
  State cloned;
  copy->next_state(s, std::vector<MoveId>{view.pseudo_noop(0), o_noop}, cloned);
  CHECK(cloned == viewed);
}

TEST_CASE("factored search: the threat on the other board is met, not the better prospects here") {
  // Board a: x in the centre, x's prospects there are good. Board b: o threatens (b 1 3), which
  // x must block. Searched apart, board a's search sees nothing of b's threat; the rule that
  // weighs moving here against moving elsewhere has b's block win.
  auto game = two_boards();
  const State s = after(*game, {"a 2 2", "b 1 1", "b 3 3", "b 1 2"});
  const MoveId block = move(*game, 0, "(mark b 1 3)");
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    FactoredSearcher search(
        [](reasoner::StateMachine& m, uint64_t sd) -> std::unique_ptr<Searcher> {
          return std::make_unique<MctsSearcher>(uct(), m, sd);
        },
        *game, game->sub_games(), seed);
    CHECK(search.parts() == 2);
    search.set_root(s);
    search.search(playout_budget(20000));
    CHECK_MESSAGE(search.best_move(0) == block, game->move_text(search.best_move(0)));
    CHECK(search.best_move(1) == move(*game, 1, "noop"));
  }
}

TEST_CASE("factored search: a win on either board is taken; the tree follows the game") {
  auto game = two_boards();
  // x to move wins at (b 3 1) (b: x at 1 3, 2 2); on board a, o threatens (a 1 3), which x could
  // block without losing there: the win at once comes first.
  const std::vector<std::string> marks = {"b 1 3", "a 1 1", "b 2 2", "a 1 2", "a 2 2", "b 1 1"};
  const State s = after(*game, marks);
  FactoredSearcher search(
      [](reasoner::StateMachine& m, uint64_t sd) -> std::unique_ptr<Searcher> {
        return std::make_unique<MctsSearcher>(uct(), m, sd);
      },
      *game, game->sub_games(), 7);
  search.set_root(game->initial_state());
  State at = game->initial_state(), next;
  for (size_t i = 0; i < marks.size(); ++i) {
    search.search(playout_budget(500));
    const reasoner::RoleIndex mover = i % 2;
    std::vector<MoveId> joint(2);
    joint[mover] = move(*game, mover, "(mark " + marks[i] + ")");
    joint[1 - mover] = move(*game, 1 - mover, "noop");
    game->next_state(at, joint, next);
    std::swap(at, next);
    search.advance(joint, at);
  }
  REQUIRE(at == s);
  search.search(playout_budget(4000));
  CHECK(search.best_move(0) == move(*game, 0, "(mark b 3 1)"));
}
