// Playouts biased by move values (reasoner::MoveBias: epsilon-greedy MAST), in the propnet's
// lanes and one by one: each choice replayed on the propnet machine, the legal move of highest
// value taken where the bias is followed, as often as 1 - epsilon says, ties broken at random.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "propnet/bit_parallel.h"
#include "propnet/breakthrough_captures.h"
#include "propnet/lane_replay.h"
#include "propnet/propnet_machine.h"
#include "reasoner/playout.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;
using testing::shipped;

// A fixed, uneven value for every move (a few hundred distinct levels).
std::vector<float> spread_values(size_t moves) {
  std::vector<float> values(moves);
  for (size_t m = 0; m < moves; ++m) values[m] = static_cast<float>((m * 2654435761u) % 997) / 997;
  return values;
}

struct Choices {
  size_t choices = 0;   // steps where a role had two legal moves or more
  size_t followed = 0;  // ... and played one of the highest value among them
};

// Replays each playout's joint moves (role-major) from `start` on `machine`, checking each move
// legal and calling visit(state, legal, move) for every role's move.
template <class Visit>
void replay(StateMachine& machine, const State& start,
            const std::vector<std::vector<MoveId>>& playouts, Visit&& visit) {
  const size_t roles = machine.num_roles();
  State state, next;
  for (const std::vector<MoveId>& moves : playouts) {
    state = start;
    for (size_t step = 0; step * roles < moves.size(); ++step) {
      std::span<const MoveId> joint(moves.data() + step * roles, roles);
      for (RoleIndex r = 0; r < roles; ++r) {
        std::span<const MoveId> legal = machine.legal_moves(state, r);
        REQUIRE(std::find(legal.begin(), legal.end(), joint[r]) != legal.end());
        visit(state, legal, joint[r]);
      }
      machine.next_state(state, joint, next);
      std::swap(state, next);
    }
  }
}

// Whether `move` is of the highest value under `bias` among `legal`.
bool is_top(const reasoner::MoveBias& bias, std::span<const MoveId> legal, MoveId move) {
  float top = -1;
  for (MoveId m : legal) top = std::max(top, bias.value(m));
  return bias.value(move) == top;
}

// The choices of the playouts and those that took a move of the highest value under `bias`.
Choices count_choices(StateMachine& machine, const State& start,
                      const std::vector<std::vector<MoveId>>& playouts,
                      const reasoner::MoveBias& bias) {
  Choices out;
  replay(machine, start, playouts, [&](const State&, std::span<const MoveId> legal, MoveId move) {
    if (legal.size() < 2) return;
    ++out.choices;
    out.followed += is_top(bias, legal, move);
  });
  return out;
}

// Plays `rounds` batches of 64 playouts from the initial state through the machine's entry point
// (lanes), or one by one (StateMachine's own), with the moves given back.
std::vector<std::vector<MoveId>> play(StateMachine& machine, const reasoner::MoveBias& bias,
                                      bool lanes, int rounds, uint64_t seed) {
  const State start = machine.initial_state();
  std::vector<const State*> starts(BitParallelPlayouts::kLanes, &start);
  std::vector<double> results(starts.size() * machine.num_roles());
  std::vector<uint8_t> completed(starts.size());
  std::vector<std::vector<MoveId>> moves(starts.size()), all;
  reasoner::Random rng(seed);
  for (int i = 0; i < rounds; ++i) {
    if (lanes)
      machine.random_playouts_from(starts, rng, results, completed, 100000, moves,
                                   reasoner::PlayoutPolicy::Random, bias);
    else
      machine.StateMachine::random_playouts_from(starts, rng, results, completed, 100000, moves,
                                                 reasoner::PlayoutPolicy::Random, bias);
    all.insert(all.end(), moves.begin(), moves.end());
  }
  return all;
}

TEST_CASE("biased playouts take the legal move of highest value as often as 1 - epsilon") {
  auto machine = make_propnet(shipped("breakthrough_8x8"));
  REQUIRE(machine->parallel_playouts() == BitParallelPlayouts::kLanes);
  const std::vector<float> values = spread_values(4096);
  const State start = machine->initial_state();
  for (bool lanes : {true, false}) {
    CAPTURE(lanes);
    const reasoner::MoveBias greedy = reasoner::MoveBias::on_values(values, 1.0f, 0.0);
    Choices all = count_choices(*machine, start, play(*machine, greedy, lanes, 2, 1), greedy);
    CHECK(all.choices > 1000);
    CHECK(all.followed == all.choices);

    // Half the choices follow, and a uniform draw among about 30 moves finds the top now and then.
    const reasoner::MoveBias half = reasoner::MoveBias::on_values(values, 1.0f, 0.5);
    Choices some = count_choices(*machine, start, play(*machine, half, lanes, 4, 2), half);
    const double share = static_cast<double>(some.followed) / static_cast<double>(some.choices);
    CHECK(share > 0.45);
    CHECK(share < 0.65);

    // Not active: uniform, so the top is taken about once in 30 choices.
    const reasoner::MoveBias off = reasoner::MoveBias::on_values(values, 1.0f, 1.0);
    Choices none = count_choices(*machine, start, play(*machine, off, lanes, 4, 3), off);
    CHECK(static_cast<double>(none.followed) / static_cast<double>(none.choices) < 0.2);
  }
}

TEST_CASE("biased playouts break ties among the moves of highest value at random") {
  auto machine = make_propnet(shipped("ticTacToe"));
  const std::vector<float> equal(64, 0.5f);
  for (bool lanes : {true, false}) {
    CAPTURE(lanes);
    // Every move unseen or equal: each lane follows the bias, and still opens anywhere.
    const reasoner::MoveBias ties = reasoner::MoveBias::on_values(equal, 0.5f, 0.0);
    std::set<std::pair<MoveId, MoveId>> openings;  // the first joint move: a mark and a noop
    for (const auto& moves : play(*machine, ties, lanes, 4, 4))
      openings.insert({moves.at(0), moves.at(1)});
    CHECK(openings.size() == 9);
  }
}



struct CaptureChoices {
  size_t with_captures = 0;  // steps where the mover had a capture among its legal moves
  size_t captured = 0;       // ... and played one
  size_t without = 0;        // steps where it had a choice and no capture
  size_t top_without = 0;    // ... and played a move of the highest value
};

CaptureChoices count_captures(StateMachine& machine, const State& start,
                              const std::vector<std::vector<MoveId>>& playouts,
                              const reasoner::MoveBias& bias) {
  CaptureChoices out;
  replay(machine, start, playouts, [&](const State& state, std::span<const MoveId> legal, MoveId move) {
    if (std::none_of(legal.begin(), legal.end(),
                     [&](MoveId m) { return reasoner::is_capture(bias.captures, m, state); })) {
      if (legal.size() < 2) return;
      ++out.without;
      out.top_without += is_top(bias, legal, move);
      return;
    }
    ++out.with_captures;
    out.captured += reasoner::is_capture(bias.captures, move, state);
  });
  return out;
}

TEST_CASE("biased playouts play a capture first as often as capture_share, in the lanes and one by one") {
  auto machine = make_propnet(shipped("breakthrough_5x5"));
  const testing::CaptureTable table = testing::breakthrough_captures(*machine);
  REQUIRE(table.victims.size() > 50);
  const State start = machine->initial_state();
  const std::vector<float> values = spread_values(4096);
  for (bool lanes : {true, false}) {
    CAPTURE(lanes);
    reasoner::MoveBias bias;
    bias.captures = table.played_first(0);
    double share[3];
    const double shares[3] = {1.0, 0.5, 0.0};
    for (int i = 0; i < 3; ++i) {
      bias.captures.share = shares[i];
      const CaptureChoices c = count_captures(*machine, start, play(*machine, bias, lanes, 4, 5 + i), bias);
      REQUIRE(c.with_captures > 200);
      share[i] = static_cast<double>(c.captured) / static_cast<double>(c.with_captures);
    }
    CHECK(share[0] == 1.0);
    CHECK(share[1] > 0.5);  // half follow; a uniform draw finds a capture now and then
    CHECK(share[1] < 0.85);
    CHECK(share[2] < 0.5);  // uniform: captures are a few of the legal moves
    CHECK(share[2] < share[1] - 0.1);

    // With MAST values as well: a capture still comes first, and where there is none the values.
    bias.captures.share = 1.0;
    bias.values = values, bias.unseen = 1.0f, bias.epsilon = 0.0;
    const CaptureChoices valued =
        count_captures(*machine, start, play(*machine, bias, lanes, 2, 9), bias);
    CHECK(valued.captured == valued.with_captures);
    CHECK(valued.without > 200);
    CHECK(valued.top_without == valued.without);
  }
}

TEST_CASE("ranked captures: a mover takes only among its captures of the least rank, in the lanes and one by one") {
  auto machine = make_propnet(shipped("breakthrough_5x5"));
  const testing::CaptureTable table = testing::breakthrough_captures(*machine);
  // Ranks by hand, three of them spread over the victims: the draw, not their meaning, is tested.
  std::vector<uint8_t> ranks(table.victims.size());
  for (size_t k = 0; k < ranks.size(); ++k) ranks[k] = static_cast<uint8_t>(k % 3);
  const State start = machine->initial_state();
  for (bool lanes : {true, false}) {
    CAPTURE(lanes);
    reasoner::MoveBias bias;
    bias.captures = table.played_first(1.0);
    bias.captures.ranks = ranks;
    size_t choices = 0, least = 0, with_a_worse = 0;  // steps with captures of two ranks or more
    replay(*machine, start, play(*machine, bias, lanes, 4, 21),
           [&](const State& state, std::span<const MoveId> legal, MoveId move) {
             uint8_t best = reasoner::Captures::kMaxRanks, worst = 0;
             for (MoveId m : legal) {
               const uint8_t rank = reasoner::capture_rank(bias.captures, m, state);
               if (rank == reasoner::Captures::kMaxRanks) continue;
               best = std::min(best, rank), worst = std::max(worst, rank);
             }
             if (best == reasoner::Captures::kMaxRanks) return;
             ++choices;
             least += reasoner::capture_rank(bias.captures, move, state) == best;
             with_a_worse += worst > best;
           });
    REQUIRE(choices > 200);
    CHECK(with_a_worse > 20);  // the ranks were put to the test
    CHECK(least == choices);
    // Without ranks the same table draws among all captures: some steps take a worse one.
    bias.captures.ranks = {};
    size_t worse = 0;
    replay(*machine, start, play(*machine, bias, lanes, 4, 21),
           [&](const State& state, std::span<const MoveId> legal, MoveId move) {
             if (!reasoner::is_capture(bias.captures, move, state)) return;
             reasoner::Captures ranked = bias.captures;
             ranked.ranks = ranks;
             const uint8_t played = reasoner::capture_rank(ranked, move, state);
             worse += std::any_of(legal.begin(), legal.end(), [&](MoveId m) {
               return reasoner::capture_rank(ranked, m, state) < played;
             });
           });
    CHECK(worse > 0);
  }
}

}  // namespace
}  // namespace ggp::propnet
