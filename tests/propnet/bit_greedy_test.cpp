// Greedy playouts in the lanes (reasoner::PlayoutPolicy::Greedy; propnet/bit_parallel.h and
// bit_greedy.cpp) replayed on the prover: legal and scored as the lanes say, and greedy at every
// choice of a single mover: a win at once played where one of the moves seen to end a playout
// gives one, and a move that lets the next mover win at once only where every move does.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "gdl/loader.h"
#include "propnet/bit_parallel.h"
#include "propnet/breakthrough_captures.h"
#include "propnet/lane_replay.h"
#include "propnet/propnet_machine.h"
#include "propnet/small_games.h"
#include "reasoner/playout.h"
#include "reasoner/prover.h"

namespace ggp::propnet {
namespace {

using reasoner::MoveId;
using reasoner::PlayoutPolicy;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;
using testing::Run;

// Replays a game on the prover, judging each move with the lanes' candidates for a win: the moves
// `ending` flags (by propnet move id).
class GreedyJudge {
 public:
  GreedyJudge(const Program& p, StateMachine& ref, const std::vector<uint8_t>& ending)
      : p_(p), ref_(ref), ending_(ending) {}

  // The only role with more than one legal move in `state`, or -1.
  int single_mover(const State& state) {
    int mover = -1;
    for (RoleIndex r = 0; r < ref_.num_roles(); ++r) {
      if (ref_.legal_moves(state, r).size() < 2) continue;
      if (mover >= 0) return -1;
      mover = static_cast<int>(r);
    }
    return mover;
  }

  // Whether `mover` wins at once with `move` (a flagged move), the others playing `joint`.
  bool wins(const State& state, reasoner::JointMove joint, RoleIndex mover, MoveId move) {
    if (!flagged(mover, move)) return false;
    joint[mover] = move;
    State next;
    ref_.next_state(state, joint, next);
    return ref_.is_terminal(next) && ref_.goal(next, mover) == reasoner::kWinGoal;
  }

  // Whether after `move` the next single mover, another role, has a flagged move that wins.
  bool lets_win(const State& state, reasoner::JointMove joint, RoleIndex mover, MoveId move) {
    joint[mover] = move;
    State next;
    ref_.next_state(state, joint, next);
    if (ref_.is_terminal(next)) return false;
    const int other = single_mover(next);
    if (other < 0 || static_cast<RoleIndex>(other) == mover) return false;
    reasoner::JointMove reply = only_moves(next);
    const auto legal = copy(ref_.legal_moves(next, static_cast<RoleIndex>(other)));
    for (MoveId m : legal)
      if (wins(next, reply, static_cast<RoleIndex>(other), m)) return true;
    return false;
  }

  // Every role's first legal move.
  reasoner::JointMove only_moves(const State& state) {
    reasoner::JointMove joint;
    for (RoleIndex r = 0; r < ref_.num_roles(); ++r) joint.push_back(ref_.legal_moves(state, r)[0]);
    return joint;
  }

  static std::vector<MoveId> copy(std::span<const MoveId> moves) {
    return {moves.begin(), moves.end()};
  }

 private:
  bool flagged(RoleIndex role, MoveId move) const {
    return ending_[p_.move_ids[role].at(ref_.move_text(move))] != 0;
  }

  const Program& p_;
  StateMachine& ref_;
  const std::vector<uint8_t>& ending_;
};

// Counts of the judged choices, for checks that the test met the cases it judges.
struct Judged {
  size_t wins_played = 0, forced_losses = 0, avoided = 0;
};

Judged check_greedy(const Run& run, const Program& p, StateMachine& ref,
                    const std::vector<uint8_t>& ending) {
  GreedyJudge judge(p, ref, ending);
  Judged judged;
  const size_t roles = p.num_roles;
  for (const LanePlayout& lane : run.playouts) {
    State state = ref.initial_state(), next;
    for (size_t s = 0; s < lane.moves.size() / roles; ++s) {
      reasoner::JointMove joint(roles);
      for (RoleIndex r = 0; r < roles; ++r)
        joint[r] = *ref.move_from_text(r, p.move_texts[lane.moves[s * roles + r]]);
      const int mover = judge.single_mover(state);
      if (mover >= 0) {
        const auto m = static_cast<RoleIndex>(mover);
        const auto legal = GreedyJudge::copy(ref.legal_moves(state, m));
        INFO("step " << s << ": " << p.move_texts[lane.moves[s * roles + m]]);
        const bool won = judge.wins(state, joint, m, joint[m]);
        const bool could_win = std::any_of(legal.begin(), legal.end(), [&](MoveId x) {
          return judge.wins(state, joint, m, x);
        });
        CHECK(won == could_win);
        judged.wins_played += won;
        if (!could_win) {
          size_t safe = 0;
          for (MoveId x : legal) safe += !judge.lets_win(state, joint, m, x);
          const bool lost = judge.lets_win(state, joint, m, joint[m]);
          CHECK((!lost || safe == 0));
          judged.forced_losses += lost;
          judged.avoided += !lost && safe < legal.size();
        }
      }
      ref.next_state(state, joint, next);
      std::swap(state, next);
    }
  }
  return judged;
}

TEST_CASE("greedy lanes: legal, scored as replayed, and greedy at every choice") {
  // Nim's win is a goal gate (Program::goal_begin): a lookahead evaluates it where a game ends.
  for (const char* name : {"ticTacToe", "connect_four", "breakthrough_5x5", "nim"}) {
    INFO(name);
    auto rules = std::string(name) == "nim" ? gdl::load_game_text(testing::kNim, name)
                                            : testing::shipped(name);
    auto bits = compile_bit_program(build_program(rules));
    REQUIRE(bits);
    const Program& p = *bits->program;
    BitParallelPlayouts lanes(bits);
    reasoner::Random rng(17);
    std::vector<double> warm(p.num_roles, 0);
    // Warm up: the lanes learn which moves end games (their candidates for a win).
    lanes.run(p.initial, 4096, rng, warm, 100000, nullptr, PlayoutPolicy::Greedy);
    Run run;
    run.goal_sums.assign(p.num_roles, 0);
    const size_t count = 200;
    run.tally = lanes.run(p.initial, count, rng, run.goal_sums, 100000, &run.playouts,
                          PlayoutPolicy::Greedy);
    // The candidates of the judged call (chosen at its start): the judge sees the same.
    const std::vector<uint8_t> ending = lanes.win_candidates();
    CHECK(std::count(ending.begin(), ending.end(), 1) > 0);
    auto ref = reasoner::make_prover(rules);
    testing::check_replay(run, *bits, *ref, count, 100000);
    const Judged judged = check_greedy(run, p, *ref, ending);
    CHECK(judged.wins_played > count / 4);  // the cases judged did come up
    CHECK(judged.avoided > 0);
  }
}

TEST_CASE("greedy lanes: moves that rarely end the playouts they are in are not tested for a win") {
  // breakthrough_5x5 ends when a piece reaches its goal row (row 5 for white, 1 for black), which
  // ends every playout it is played in, or when a capture takes the last piece, which ends a few
  // of those it is in once captures come first.
  auto rules = testing::shipped("breakthrough_5x5");
  auto bits = compile_bit_program(build_program(rules));
  REQUIRE(bits);
  const Program& p = *bits->program;
  const testing::CaptureTable table = testing::breakthrough_captures(p);
  REQUIRE(table.victims.size() > 50);
  reasoner::MoveBias bias;
  bias.captures = table.played_first(1.0);
  BitParallelPlayouts lanes(bits);
  reasoner::Random rng(29);
  const State start = p.initial;
  std::vector<const State*> starts(BitParallelPlayouts::kLanes, &start);
  std::vector<double> results(starts.size() * p.num_roles);
  std::vector<uint8_t> completed(starts.size());
  for (int call = 0; call < 200; ++call)  // each call's candidates count the earlier playouts
    lanes.run_each(starts, rng, results, completed, 100000, {}, nullptr, PlayoutPolicy::Greedy,
                   bias);
  const std::vector<uint8_t>& seen = lanes.ending_moves();
  const std::vector<uint8_t>& candidates = lanes.win_candidates();
  size_t to_goal_row = 0, last_captures = 0;
  for (MoveId m = 0; m < p.num_moves; ++m) {
    if (!seen[m]) continue;
    const std::string& text = p.move_texts[m];
    INFO(text);
    const bool white = m < p.role_moves[1];
    const bool goal_row = text[text.size() - 2] == (white ? '5' : '1');
    CHECK(candidates[m] == goal_row);
    ++(goal_row ? to_goal_row : last_captures);
  }
  CHECK(to_goal_row > 0);
  CHECK(last_captures > 0);  // the rule was put to the test
}

TEST_CASE("greedy lanes and greedy sequential playouts agree on the mean result") {
  // With every move that can end tic-tac-toe learned, the two draw from the same distribution.
  auto rules = testing::shipped("ticTacToe");
  auto machine = make_propnet(rules);
  reasoner::Random rng(23);
  const size_t n = 4096;
  std::vector<double> lanes(2, 0), sequential(2, 0), random(2, 0);
  const State start = machine->initial_state();
  machine->random_playouts(start, n, rng, lanes, 100000, PlayoutPolicy::Greedy);  // warm-up
  std::fill(lanes.begin(), lanes.end(), 0);
  auto tally = machine->random_playouts(start, n, rng, lanes, 100000, PlayoutPolicy::Greedy);
  auto one_by_one = machine->StateMachine::random_playouts(start, n, rng, sequential, 100000,
                                                           PlayoutPolicy::Greedy);
  auto uniform = machine->random_playouts(start, n, rng, random);
  CHECK(tally.completed == n);
  CHECK(one_by_one.completed == n);
  // Means of 4096 games (standard error under 0.8 points for the goals): the same in both.
  for (RoleIndex r = 0; r < 2; ++r)
    CHECK(lanes[r] / n == doctest::Approx(sequential[r] / n).epsilon(0.04));
  const double greedy_length = static_cast<double>(tally.steps) / n;
  CHECK(greedy_length == doctest::Approx(static_cast<double>(one_by_one.steps) / n).epsilon(0.02));
  // And not random play: blocking makes the games longer (8.3 moves against 7.6).
  CHECK(greedy_length > static_cast<double>(uniform.steps) / n + 0.4);
}

}  // namespace
}  // namespace ggp::propnet
