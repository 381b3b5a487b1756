// The searchers and the player on a real rule sheet (games_kif/ticTacToe.kif), through the machine
// factory (prover and propnet).
#include <doctest/doctest.h>

#include <algorithm>

#include "agent/mcts.h"
#include "agent/random_player.h"
#include "agent/search_player.h"
#include "gdl/loader.h"
#include "player_turns.h"
#include "propnet/machine_factory.h"
#include "support/corpus.h"

using namespace ggp;
using namespace ggp::agent;
using namespace ggp::reasoner;

namespace {

// A game of games_kif/.
std::shared_ptr<const gdl::Game> shipped(const std::string& name) {
  return gdl::load_game_file(ggp::testing::shipped_game_path(name));
}

JointMove joint_of(StateMachine& m, const std::vector<std::string>& texts) {
  JointMove joint;
  for (RoleIndex r = 0; r < texts.size(); ++r) joint.push_back(*m.move_from_text(r, texts[r]));
  return joint;
}

}  // namespace

TEST_CASE("gdl: MCTS-Solver proves a tic-tac-toe win in one on both machines") {
  for (propnet::MachineKind kind : {propnet::MachineKind::Prover, propnet::MachineKind::Propnet}) {
    auto machine = propnet::make_machine(shipped("ticTacToe"), kind).machine;
    State state = machine->initial_state(), next;
    for (auto texts : std::vector<std::vector<std::string>>{{"(place 1 1)", "pass"},
                                                            {"pass", "(place 2 1)"},
                                                            {"(place 1 2)", "pass"},
                                                            {"pass", "(place 2 2)"}}) {
      machine->next_state(state, joint_of(*machine, texts), next);
      state = next;
    }
    MctsSearcher searcher(find_mcts_preset("uct")->config, *machine, 1);
    searcher.set_root(state);
    searcher.search(SearchLimits{.max_playouts = 20000});
    CAPTURE(machine->name());
    REQUIRE(searcher.proven_value(0).has_value());
    CHECK(*searcher.proven_value(0) == 1.0);
    CHECK(machine->move_text(searcher.best_move(0)) == "(place 1 3)");
  }
}

TEST_CASE("gdl: the UCT player does not lose tic-tac-toe to a random player") {
  auto game = shipped("ticTacToe");
  SearchPlayerConfig config;
  config.playouts_per_move = 1000;
  auto factory = [](StateMachine& m, uint64_t seed) -> std::unique_ptr<Searcher> {
    return std::make_unique<MctsSearcher>(find_mcts_preset("uct")->config, m, seed);
  };
  auto referee = propnet::make_machine(game, propnet::MachineKind::Default).machine;
  for (RoleIndex seat = 0; seat < 2; ++seat) {
    SearchPlayer uct(config, factory, 7 + seat);
    std::unique_ptr<Player> random = make_random_player(3 + seat);
    Player* players[2] = {seat == 0 ? &uct : random.get(), seat == 0 ? random.get() : &uct};
    auto deadline = [] { return Clock::now() + std::chrono::seconds(10); };
    // As the protocol does (START's reply waits for ready): the start search runs its whole
    // budget instead of racing the first PLAY, which makes the match the same on every run.
    for (RoleIndex r = 0; r < 2; ++r) {
      players[r]->start(fixed_machine(referee->clone()), referee->role_name(r), deadline());
      players[r]->wait_ready(deadline());
    }
    State state = referee->initial_state(), next;
    std::vector<std::string> last;
    std::string notes;
    while (!referee->is_terminal(state)) {
      std::vector<std::string> texts;
      for (Player* p : players) {
        Answer answer = test::play_turn(*p, last, deadline());
        texts.push_back(answer.move);
        if (p == &uct) notes += answer.stats.note;
      }
      JointMove joint = joint_of(*referee, texts);
      for (RoleIndex r = 0; r < 2; ++r) {
        std::span<const MoveId> legal = referee->legal_moves(state, r);
        REQUIRE(std::find(legal.begin(), legal.end(), joint[r]) != legal.end());
      }
      referee->next_state(state, joint, next);
      state = next;
      last = texts;
    }
    CAPTURE(seat);
    CHECK(referee->goal(state, seat) >= 50);
    CHECK(notes.empty());
  }
}
