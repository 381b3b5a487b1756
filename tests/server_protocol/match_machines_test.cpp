// The players' machine source: a propnet not ready by START is built on in the background while
// the prover plays, and offered once when it is ready; the next match finds it built.
#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <thread>

#include "gdl/loader.h"
#include "server_protocol/match_machines.h"
#include "support/corpus.h"

namespace ggp::server_protocol {
namespace {

using Clock = std::chrono::steady_clock;

TEST_CASE("match machines: the prover plays while the propnet builds, then the propnet") {
  // Go 9x9's propnet takes about half a second to build (seconds under the sanitizers), so a
  // source asked for a machine at once offers the prover.
  auto game = gdl::load_game_file(ggp::testing::shipped_game_path("go_9x9"));
  std::shared_ptr<agent::MachineSource> source = cached_machines()(game);
  agent::OfferedMachine first = source->first(Clock::now());
  REQUIRE(first.machine);
  CHECK(first.machine->name() == "prover");
  CHECK(first.report.ends_with("while the propnet builds"));

  std::optional<agent::OfferedMachine> upgrade;
  for (const auto give_up = Clock::now() + std::chrono::minutes(2);
       !upgrade && Clock::now() < give_up;
       std::this_thread::sleep_for(std::chrono::milliseconds(20)))
    upgrade = source->upgrade();
  REQUIRE(upgrade);
  REQUIRE(upgrade->machine);
  CHECK(upgrade->machine->name() == "propnet");
  CHECK(upgrade->report.starts_with("propnet"));
  CHECK_FALSE(upgrade->report.ends_with(", cached"));  // built for this match
  CHECK_FALSE(source->upgrade());  // offered once
  // Both machines play the same game.
  CHECK(upgrade->machine->legal_moves(upgrade->machine->initial_state(), 0).size() ==
        first.machine->legal_moves(first.machine->initial_state(), 0).size());

  // The next match of the same game starts on the propnet, with nothing more to offer.
  std::shared_ptr<agent::MachineSource> next = cached_machines()(game);
  agent::OfferedMachine again = next->first(Clock::now());
  REQUIRE(again.machine);
  CHECK(again.machine->name() == "propnet");
  CHECK(again.report.ends_with(", cached"));
  CHECK_FALSE(next->upgrade());
}

TEST_CASE("match machines: an explicit kind is built when asked, with no upgrade") {
  auto game = gdl::load_game_file(ggp::testing::shipped_game_path("ticTacToe"));
  std::shared_ptr<agent::MachineSource> source = cached_machines(propnet::MachineKind::Prover)(game);
  agent::OfferedMachine first = source->first(Clock::now());
  REQUIRE(first.machine);
  CHECK(first.machine->name() == "prover");
  CHECK_FALSE(source->upgrade());
  CHECK_THROWS_AS(source->first(Clock::now()), std::logic_error);
}

}  // namespace
}  // namespace ggp::server_protocol
