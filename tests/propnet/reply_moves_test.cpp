// Last good replies in the lanes (reasoner::MoveBias::replies): a lane answers the other role's
// move of its last step with the reply the table gives where that reply is legal.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "propnet/bit_parallel.h"
#include "propnet/lane_replay.h"
#include "propnet/propnet_machine.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveBias;
using reasoner::MoveId;
using reasoner::State;
using reasoner::StateMachine;
using testing::for_each_move;
using testing::play_line;
using testing::shipped;

// ticTacToe's replies: noughts answers crosses' (place r c) with (place c r), the mirror square.
std::vector<MoveId> mirror_replies(StateMachine& machine) {
  std::vector<MoveId> replies;
  for (int r = 1; r <= 3; ++r)
    for (int c = 1; c <= 3; ++c) {
      auto key =
          *machine.move_from_text(0, "(place " + std::to_string(r) + " " + std::to_string(c) + ")");
      auto reply =
          *machine.move_from_text(1, "(place " + std::to_string(c) + " " + std::to_string(r) + ")");
      if (key >= replies.size()) replies.resize(key + 1, MoveBias::kNoReply);
      replies[key] = reply;
    }
  return replies;
}

// 64 whole playouts from `start` (kLanes lanes), each lane's moves given back.
std::vector<std::vector<MoveId>> reply_playouts(StateMachine& machine, const State& start,
                                                const MoveBias& bias, reasoner::Random& rng) {
  std::vector<const State*> starts(BitParallelPlayouts::kLanes, &start);
  std::vector<double> results(starts.size() * machine.num_roles());
  std::vector<uint8_t> completed(starts.size());
  std::vector<std::vector<MoveId>> moves(starts.size());
  machine.random_playouts_from(starts, rng, results, completed, 20, moves,
                               reasoner::PlayoutPolicy::Random, bias);
  return moves;
}

// Over the lanes' playouts: the noughts' moves made right after a crosses' move whose mirror
// square was empty (`answerable`), and how many of those were the mirror.
struct MirrorCount {
  size_t answerable = 0, mirrored = 0;
};
MirrorCount count_mirrors(StateMachine& machine, const State& start,
                          const std::vector<std::vector<MoveId>>& lanes,
                          const std::vector<MoveId>& replies) {
  MirrorCount out;
  for (const std::vector<MoveId>& lane : lanes) {
    MoveId last_cross = MoveBias::kNoReply;
    for_each_move(machine, start, {lane},
                  [&](const State& state, reasoner::RoleIndex role, MoveId m) {
                    if (role == 0) {
                      if (machine.move_text(m) != "pass") last_cross = m;
                      return;
                    }
                    if (machine.move_text(m) == "pass" || last_cross == MoveBias::kNoReply) return;
                    const MoveId mirror = replies[last_cross];
                    const auto legal = machine.legal_moves(state, 1);
                    if (std::find(legal.begin(), legal.end(), mirror) == legal.end()) return;
                    ++out.answerable;
                    out.mirrored += m == mirror;
                  });
  }
  return out;
}

TEST_CASE("last good replies: a lane answers the other role's last move with its reply") {
  auto machine = make_propnet(shipped("ticTacToe"));
  REQUIRE(machine->parallel_playouts() == BitParallelPlayouts::kLanes);
  const std::vector<MoveId> replies = mirror_replies(*machine);
  const State start = machine->initial_state();
  reasoner::Random rng(3);
  MoveBias bias;
  bias.replies = replies;
  const MirrorCount with =
      count_mirrors(*machine, start, reply_playouts(*machine, start, bias, rng), replies);
  const MirrorCount without =
      count_mirrors(*machine, start, reply_playouts(*machine, start, {}, rng), replies);
  CHECK(with.answerable > 64);
  CHECK(with.mirrored == with.answerable);
  // Uniform noughts pick the mirror among 2 to 8 empty squares.
  CHECK(without.mirrored < without.answerable / 2);
}

TEST_CASE("last good replies: the first step answers the joint move that led to the start") {
  auto machine = make_propnet(shipped("ticTacToe"));
  const std::vector<MoveId> replies = mirror_replies(*machine);
  const State start = play_line(*machine, {{0, "(place 1 2)"}}, "pass");
  const MoveId pass = *machine->move_from_text(1, "pass");
  std::vector<MoveId> led(2 * BitParallelPlayouts::kLanes);
  for (size_t lane = 0; lane < BitParallelPlayouts::kLanes; ++lane)
    led[2 * lane] = *machine->move_from_text(0, "(place 1 2)"), led[2 * lane + 1] = pass;
  MoveBias bias;
  bias.replies = replies;
  bias.reply_previous = led;
  reasoner::Random rng(5);
  size_t mirrored = 0;
  for (const auto& lane : reply_playouts(*machine, start, bias, rng)) {
    REQUIRE(lane.size() >= 2);
    mirrored += machine->move_text(lane[1]) == "(place 2 1)";
  }
  CHECK(mirrored == BitParallelPlayouts::kLanes);
  // Without the joint move that led there, the first reply is drawn among 8 squares.
  bias.reply_previous = {};
  mirrored = 0;
  for (const auto& lane : reply_playouts(*machine, start, bias, rng))
    mirrored += machine->move_text(lane[1]) == "(place 2 1)";
  CHECK(mirrored < BitParallelPlayouts::kLanes / 2);
}

}  // namespace
}  // namespace ggp::propnet
