// The most valuable victim first (agent/capture_ranks.h): victims ranked by the scarcity of their
// kind, read off a small board's states.
#include "agent/capture_ranks.h"

#include <doctest/doctest.h>

#include "gdl/loader.h"
#include "propnet/machine_factory.h"

using namespace ggp;
using reasoner::FactId;

namespace {

// A 4x4 board, each side a queen and three pawns; nothing moves.
constexpr const char* kBoard = R"(
(role white) (role black)
(init (cell a 1 white queen)) (init (cell b 2 white pawn)) (init (cell c 3 white pawn))
(init (cell d 1 white pawn))
(init (cell d 4 black queen)) (init (cell a 3 black pawn)) (init (cell b 4 black pawn))
(init (cell c 2 black pawn))
(init (step 1))
(<= (next (cell ?x ?y ?c ?p)) (true (cell ?x ?y ?c ?p)))
(<= (next (step 2)) (true (step 1)))
(legal white noop) (legal black noop)
(<= terminal (true (step 2)))
(goal white 50) (goal black 50)
)";

}  // namespace

TEST_CASE("victims rank by the scarcity of their kind, coordinates blanked") {
  auto machine = propnet::make_machine(gdl::load_game_text(kBoard), propnet::MachineKind::Prover).machine;
  const reasoner::State root = machine->initial_state();
  auto fact = [&](const char* text) {
    const std::optional<FactId> f = machine->fact_from_text(text);
    REQUIRE(f.has_value());
    return *f;
  };
  const FactId queen = fact("(cell d 4 black queen)"), pawn = fact("(cell a 3 black pawn)"),
               other_pawn = fact("(cell b 4 black pawn)");
  const std::vector<FactId> victims = {pawn, queen, other_pawn};
  const agent::CaptureRanks ranks = agent::scarcity_ranks(*machine, std::span(&root, 1), victims);
  INFO(ranks.summary);
  REQUIRE(ranks.ranks.size() == 3);
  CHECK(ranks.ranks[1] == 0);  // one queen
  CHECK(ranks.ranks[0] == 1);  // three pawns
  CHECK(ranks.ranks[2] == 1);
  CHECK(ranks.summary.find("(cell _ _ black queen) first") != std::string::npos);

  // One kind only, or a victim with no coordinate to blank: no ranks.
  const std::vector<FactId> pawns = {pawn, other_pawn};
  CHECK(agent::scarcity_ranks(*machine, std::span(&root, 1), pawns).ranks.empty());
  const std::vector<FactId> with_step = {queen, pawn, fact("(step 1)")};
  CHECK(agent::scarcity_ranks(*machine, std::span(&root, 1), with_step).ranks.empty());
}
