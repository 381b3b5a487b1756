// The process's machine cache: one build per rule text, clones afterwards, one build for
// concurrent callers, failures not kept.
#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "gdl/loader.h"
#include "gdl/parser.h"
#include "propnet/lane_replay.h"
#include "propnet/machine_cache.h"
#include "reasoner/perft.h"
#include "support/corpus.h"

namespace ggp::propnet {
namespace {

using testing::shipped;

TEST_CASE("machine cache: equal rules are built once, the clones play the same game") {
  MachineCache cache(2);
  BuiltMachine first = cache.get(shipped("ticTacToe"), MachineKind::Propnet);
  // Loaded again from the file: another Game object with the same rules.
  BuiltMachine second = cache.get(shipped("ticTacToe"), MachineKind::Propnet);
  CHECK_FALSE(first.report.ends_with(", cached"));
  CHECK(second.report == first.report + ", cached");
  CHECK(reasoner::perft(*second.machine, second.machine->initial_state(), 3) ==
        reasoner::perft(*first.machine, first.machine->initial_state(), 3));
  // Another kind is another entry; the least recently used entry goes at the capacity.
  cache.get(shipped("ticTacToe"), MachineKind::Prover);
  cache.get(shipped("connect_four"), MachineKind::Propnet);
  CHECK(cache.size() == 2);
  CHECK_FALSE(cache.get(shipped("ticTacToe"), MachineKind::Propnet)
                  .report.ends_with(", cached"));
}

TEST_CASE("machine cache: the machines kept are bounded in bytes as well as in games") {
  SUBCASE("over the bytes: only the machine built last is kept") {
    MachineCache cache(4, 1);
    cache.get(shipped("ticTacToe"), MachineKind::Propnet);
    CHECK(cache.bytes() > 0);
    cache.get(shipped("connect_four"), MachineKind::Propnet);
    CHECK(cache.size() == 1);
    CHECK(cache.get(shipped("connect_four"), MachineKind::Propnet).report.ends_with(", cached"));
    CHECK_FALSE(cache.get(shipped("ticTacToe"), MachineKind::Propnet).report.ends_with(", cached"));
  }
  SUBCASE("within them: both are kept") {
    MachineCache cache(4, size_t{1} << 30);
    cache.get(shipped("ticTacToe"), MachineKind::Propnet);
    cache.get(shipped("connect_four"), MachineKind::Propnet);
    CHECK(cache.size() == 2);
  }
}

TEST_CASE("machine cache: concurrent callers wait for one build") {
  MachineCache cache(4);
  auto game = shipped("connect_four");
  std::vector<std::string> reports(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < reports.size(); ++i)
    threads.emplace_back([&, i] { reports[i] = cache.get(game, MachineKind::Default).report; });
  for (auto& t : threads) t.join();
  size_t built = 0;
  for (const auto& r : reports) built += r.ends_with(", cached") ? 0 : 1;
  CHECK(built == 1);
}

TEST_CASE("machine cache: a failed build throws to every caller and is not kept") {
  MachineCache cache(4);
  // Parsed but not loaded, so not made safe (gdl/unsafe_rules.h): the prover refuses it.
  auto unsafe = std::make_shared<const gdl::Game>(gdl::parse_game(
      "(role r) (init (s 1)) (<= (legal ?p go) (true (s 1))) (<= terminal (true (s 2)))"
      "(<= (goal r 0) (true (s 1)))"));
  CHECK_THROWS(cache.get(unsafe, MachineKind::Prover));
  CHECK(cache.size() == 0);
  CHECK_THROWS(cache.get(unsafe, MachineKind::Prover));
}

TEST_CASE("machine cache: a background build is waited for until a time, then kept") {
  MachineCache cache(4);
  const auto later = MachineCache::Clock::now() + std::chrono::minutes(2);
  std::optional<BuiltMachine> built = cache.get_until(shipped("connect_four"),
                                                      MachineKind::Default, later);
  REQUIRE(built);
  CHECK(built->machine->name() == "propnet");
  CHECK_FALSE(built->report.ends_with(", cached"));
  std::optional<BuiltMachine> again = cache.get_until(shipped("connect_four"),
                                                      MachineKind::Default, later);
  REQUIRE(again);
  CHECK(again->report.ends_with(", cached"));
  // A Default machine waited for has a shorter budget than one built in the background: it is
  // another entry, built again.
  CHECK_FALSE(cache.get(shipped("connect_four"), MachineKind::Default).report.ends_with(", cached"));
  CHECK(cache.size() == 2);
}

TEST_CASE("machine cache: a propnet built for a caller that waited serves the background too") {
  MachineCache cache(4);
  cache.get(shipped("ticTacToe"), MachineKind::Default);  // the referee of a local match
  std::optional<BuiltMachine> built =
      cache.get_until(shipped("ticTacToe"), MachineKind::Default, MachineCache::Clock::now());
  REQUIRE(built);
  CHECK(built->machine->name() == "propnet");
  CHECK(built->report.ends_with(", cached"));
  CHECK(cache.size() == 1);  // no second build
}

}  // namespace
}  // namespace ggp::propnet
