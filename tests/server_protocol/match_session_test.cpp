// The one guarantee on the PLAY path, through the request handler with a real searching player: a
// move the searcher found is sent even when its thread is late to stop; the fallback's random
// move is only for a player with no move at all.
#include <doctest/doctest.h>

#include "agent/search_player.h"
#include "server_protocol/player_service.h"
#include "support/gate.h"
#include "test_support.h"

using namespace ggp;
using namespace ggp::server_protocol;
using namespace std::chrono_literals;
namespace t = ggp::server_protocol::testing;

namespace {

// Its first search call returns at once, having "searched"; every later call blocks on the gate,
// deaf to the stop flag and the clock. Its move: (place 3 3).
class StuckSearcher : public agent::Searcher {
 public:
  StuckSearcher(reasoner::StateMachine& machine, ggp::testing::Gate& gate)
      : machine_(machine), gate_(gate) {}
  std::string name() const override { return "stuck"; }
  void set_root(const reasoner::State&) override {}
  void search(const agent::SearchLimits&) override {
    if (++calls_ > 1) gate_.pass();
    playouts_ = 1;
  }
  reasoner::MoveId best_move(reasoner::RoleIndex role) override {
    return *machine_.move_from_text(role, "(place 3 3)");
  }
  agent::SearchStats stats() const override { return {playouts_, playouts_, 1, false}; }

 private:
  reasoner::StateMachine& machine_;
  ggp::testing::Gate& gate_;
  int calls_ = 0;
  uint64_t playouts_ = 0;
};

}  // namespace

TEST_CASE("session: a search slow to stop still has its move sent, never a random one") {
  REQUIRE(t::machine_available());
  ggp::testing::Gate gate;
  PlayerService service(ServiceConfig{"tester", 200ms, 7}, [&gate] {
    agent::SearchPlayerConfig config;
    config.think_at_start = false;
    config.ponder = false;
    return std::make_unique<agent::SearchPlayer>(
        config,
        [&gate](reasoner::StateMachine& m, uint64_t) -> std::unique_ptr<agent::Searcher> {
          return std::make_unique<StuckSearcher>(m, gate);
        },
        1);
  });
  REQUIRE(service.handle("( START stuck crosses (" + t::tictactoe_rules() + ") 10 3)",
                         Clock::now()) == "ready");
  HandleResult r = service.handle_message("( PLAY stuck NIL )", Clock::now());
  CHECK(r.reply == "( place 3 3 )");
  CHECK(r.note.find("search still stopping") != std::string::npos);
  CHECK(r.note.find("fallback") == std::string::npos);
  gate.release();
  CHECK(service.handle("( ABORT stuck )", Clock::now()) == "aborted");
}
