// The propnet machine on small games: the contract of reasoner/state_machine.h (ids and texts,
// clones, spans), and no heap allocation once warm.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "gdl/loader.h"
#include "propnet/lane_replay.h"
#include "propnet/machine_factory.h"
#include "propnet/propnet_machine.h"
#include "reasoner/playout.h"
#include "support/corpus.h"

namespace {
std::atomic<size_t> g_allocations{0};
}  // namespace

// Counts every allocation of this test executable.
void* operator new(size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(n ? n : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace ggp::propnet {
namespace {

using testing::shipped;

TEST_CASE("random playouts on the propnet do not allocate once warm") {
  for (const char* key : {"ticTacToe", "connect_four", "breakthrough_8x8"}) {
    auto machine = make_propnet(shipped(key));
    reasoner::Random rng(3);
    reasoner::PlayoutBuffers buffers;
    reasoner::State start = machine->initial_state();
    const reasoner::State* end = nullptr;
    for (int i = 0; i < 50; ++i) reasoner::depth_charge(*machine, start, rng, buffers, end);
    size_t before = g_allocations.load();
    size_t depth = 0;
    for (int i = 0; i < 200; ++i) {
      depth += reasoner::depth_charge(*machine, start, rng, buffers, end).depth;
      for (reasoner::RoleIndex r = 0; r < machine->num_roles(); ++r) machine->goal(*end, r);
    }
    size_t after = g_allocations.load();
    INFO(key);
    CHECK(after == before);
    CHECK(depth > 0);
  }
}

TEST_CASE("bit-parallel random playouts do not allocate once warm") {
  for (const char* key : {"ticTacToe", "connect_four", "breakthrough_8x8"}) {
    auto machine = make_propnet(shipped(key));
    reasoner::Random rng(4);
    reasoner::State start = machine->initial_state();
    std::vector<double> sums(machine->num_roles(), 0);
    std::vector<const reasoner::State*> starts(64, &start);
    std::vector<double> results(64 * machine->num_roles());
    std::vector<uint8_t> completed(64);
    std::vector<std::vector<reasoner::MoveId>> moves(64);  // what batch_amaf records
    machine->random_playouts(start, 256, rng, sums);
    machine->random_playouts_from(starts, rng, results, completed);
    for (int warm = 0; warm < 4; ++warm)  // the move vectors grow to the longest playout seen
      machine->random_playouts_from(starts, rng, results, completed, 100000, moves);
    size_t before = g_allocations.load();
    size_t ended = machine->random_playouts(start, 1000, rng, sums).completed;
    ended += machine->random_playouts_from(starts, rng, results, completed).completed;
    size_t after = g_allocations.load();
    INFO(key);
    CHECK(after == before);
    CHECK(ended == 1064);
    // With moves recorded: no allocation as long as no playout is longer than those before, so
    // a fixed depth within every warm-up playout's length (ticTacToe ends by 9 moves; the
    // others are far longer than 5).
    const size_t depth = 5;
    machine->random_playouts_from(starts, rng, results, completed, depth, moves);
    before = g_allocations.load();
    machine->random_playouts_from(starts, rng, results, completed, depth, moves);
    CHECK(g_allocations.load() == before);
    CHECK(moves[0].size() <= depth * machine->num_roles());
  }
}

TEST_CASE("ids and texts round-trip, clones agree and share nothing mutable") {
  auto machine = make_propnet(shipped("ticTacToe"));
  REQUIRE(machine->num_roles() == 2);
  CHECK(machine->role_name(0) == "crosses");
  reasoner::State s = machine->initial_state();
  CHECK(reasoner::state_texts(*machine, s).size() == 10);
  for (reasoner::RoleIndex r = 0; r < 2; ++r)
    for (reasoner::MoveId m : machine->legal_moves(s, r)) {
      CHECK(machine->move_from_text(r, machine->move_text(m)) == m);
      CHECK(machine->move_from_text(r, "  " + machine->move_text(m) + " ") == m);
    }
  CHECK(machine->move_from_text(0, "(place 9 9)") == std::nullopt);
  CHECK(machine->move_from_text(0, "(place 1") == std::nullopt);
  s.for_each_fact([&](reasoner::FactId f) { CHECK(machine->fact_from_text(machine->fact_text(f)) == f); });

  auto clone = machine->clone();
  reasoner::Random rng(9);
  reasoner::JointMove joint;
  reasoner::State a = s, b;
  while (!machine->is_terminal(a)) {
    REQUIRE(reasoner::random_joint_move(*machine, a, rng, joint));
    machine->next_state(a, joint, b);
    reasoner::State c;
    clone->next_state(a, joint, c);
    CHECK(b == c);
    a = b;
  }
  CHECK(clone->is_terminal(a));
  CHECK(reasoner::goals(*clone, a) == reasoner::goals(*machine, a));
}

TEST_CASE("the default machine is the propnet when it builds, and says so") {
  BuiltMachine built = make_machine(shipped("ticTacToe"), MachineKind::Default);
  CHECK(built.machine->name() == "propnet");
  CHECK(built.report.rfind("propnet", 0) == 0);
  BuiltMachine prover = make_machine(shipped("ticTacToe"), MachineKind::Prover);
  CHECK(prover.machine->name() == "prover");
}

TEST_CASE("a build over budget fails early with a clear error") {
  // nogo 8x8: its liberty rules take the grounder well past its budget checks (one every 4096
  // join steps; breakthrough's whole grounding takes fewer).
  auto expect_error = [](const PropnetLimits& limits, const char* which) {
    INFO(std::string(which));
    try {
      make_propnet(shipped("nogo_8x8"), limits);
      FAIL("expected an error");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()).rfind("propnet: ", 0) == 0);
    }
  };
  PropnetLimits few_terms;
  few_terms.grounding.max_terms = 100;
  expect_error(few_terms, "terms");
  PropnetLimits few_gates;
  few_gates.max_components = 1000;
  expect_error(few_gates, "gates");
  PropnetLimits no_time;
  no_time.seconds = 1e-6;
  expect_error(no_time, "time");
}

TEST_CASE("a cancelled build throws, and the default machine does not fall back to the prover") {
  const std::atomic<bool> cancelled{true};
  PropnetLimits limits;
  limits.cancel = &cancelled;
  try {
    make_propnet(shipped("nogo_8x8"), limits);  // past the grounder's first budget check
    FAIL("expected the build to stop");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("build cancelled") != std::string::npos);
  }
  BuildOptions options;
  options.cancel = &cancelled;
  CHECK_THROWS_WITH(make_machine(shipped("ticTacToe"), MachineKind::Default, options),
                    doctest::Contains("build cancelled"));
  CHECK_THROWS_WITH(make_machine(shipped("ticTacToe"), MachineKind::Propnet, options),
                    doctest::Contains("build cancelled"));
  CHECK(make_machine(shipped("ticTacToe"), MachineKind::Prover, options).machine->name() ==
        "prover");
}

}  // namespace
}  // namespace ggp::propnet
