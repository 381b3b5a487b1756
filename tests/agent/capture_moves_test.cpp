// Captures found from the rules (agent/capture_moves.h): checked against a capture's meaning, a
// move after which the other role has fewer pieces, on states the discovery did not sample.
#include "agent/capture_moves.h"

#include <doctest/doctest.h>

#include <string>

#include "agent/mcts.h"
#include "propnet_games.h"
#include "reasoner/playout.h"

using namespace ggp;
using namespace ggp::agent;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;

namespace {

// How many facts of `state` name a piece of `role` ("(cell X Y ROLE)").
size_t pieces_of(reasoner::StateMachine& machine, const State& state, const std::string& role) {
  size_t n = 0;
  state.for_each_fact([&](reasoner::FactId f) {
    const std::string text = machine.fact_text(f);
    n += text.starts_with("(cell ") && text.ends_with(" " + role + ")");
  });
  return n;
}

// Whether `joint` played in `state` leaves the role `victim` fewer pieces.
bool takes_from(reasoner::StateMachine& machine, const State& state,
                const reasoner::JointMove& joint, const std::string& victim) {
  State next;
  machine.next_state(state, joint, next);
  return pieces_of(machine, next, victim) < pieces_of(machine, state, victim);
}

// A uct searcher with captures found at a first search of `warmup` playouts from the initial
// state and the given order, set at `state` and searched with no playout (its searches go on
// from there).
std::unique_ptr<MctsSearcher> searcher_at(reasoner::StateMachine& machine, CaptureOrder order,
                                          uint64_t warmup, const State& state) {
  MctsConfig config = find_mcts_preset("uct")->config;
  config.capture_share = 1.0;
  config.capture_order = order;
  auto searcher = std::make_unique<MctsSearcher>(config, machine, 5);
  searcher->set_root(machine.initial_state());
  searcher->search(playout_budget(warmup));  // the first search finds the captures
  searcher->set_root(state);
  searcher->search(playout_budget(0));
  return searcher;
}

}  // namespace

TEST_CASE("captures found in breakthrough are exactly the moves that take a piece") {
  auto machine = test::shipped_propnet("breakthrough_5x5");
  const State root = machine->initial_state();
  reasoner::Random rng(11);
  const CaptureMoves captures = CaptureMoves::discover(*machine, root, rng, SearchLimits{});
  INFO(captures.summary());
  REQUIRE(!captures.empty());
  CHECK(captures.summary().find("captures: ") == 0);
  const reasoner::Captures played = captures.played_first(1.0);
  // Fresh random playouts: every legal move of the mover is a capture where it takes a piece.
  const char* names[] = {"white", "black"};
  size_t tried = 0, taking = 0, agree = 0;
  reasoner::Random play_rng(99);
  reasoner::JointMove joint;
  State next;
  for (int p = 0; p < 40; ++p) {
    State state = root;
    while (!machine->is_terminal(state)) {
      for (RoleIndex r = 0; r < 2; ++r) {
        const std::vector<MoveId> legal(machine->legal_moves(state, r).begin(),
                                        machine->legal_moves(state, r).end());
        if (legal.size() < 2) continue;
        const size_t before = pieces_of(*machine, state, names[1 - r]);
        REQUIRE(reasoner::random_joint_move(*machine, state, play_rng, joint));
        for (MoveId m : legal) {
          joint[r] = m;
          machine->next_state(state, joint, next);
          const bool takes = pieces_of(*machine, next, names[1 - r]) < before;
          ++tried;
          taking += takes;
          agree += takes == reasoner::is_capture(played, m, state);
        }
      }
      REQUIRE(reasoner::random_joint_move(*machine, state, play_rng, joint));
      machine->next_state(state, joint, next);
      std::swap(state, next);
    }
  }
  CHECK(taking > 100);
  CHECK(tried > 2 * taking);  // most moves take nothing
  // Discovery samples a few hundred states: a capture it never saw would be missed (none is,
  // here), and a move is no capture for the piece it moves (a square first reached at the game's
  // last move must still count as one of the mover's pieces).
  CHECK(static_cast<double>(agree) / static_cast<double>(tried) > 0.995);
}

TEST_CASE("a game whose pieces are never taken has no captures") {
  auto machine = test::shipped_propnet("connect_four");
  reasoner::Random rng(3);
  const CaptureMoves captures =
      CaptureMoves::discover(*machine, machine->initial_state(), rng, SearchLimits{});
  CHECK(captures.empty());
  CHECK_FALSE(captures.played_first(1.0).active());
}

TEST_CASE("the search finds captures at its first search when capture_share is set") {
  auto machine = test::shipped_propnet("breakthrough_5x5");
  MctsConfig config = find_mcts_preset("uct")->config;
  config.leaf_batch = 16;
  config.leaf_playouts = 4;
  config.capture_share = 1.0;
  MctsSearcher searcher(config, *machine, 5);
  searcher.set_root(machine->initial_state());
  searcher.search(playout_budget(2000));
  CHECK(searcher.note().find("captures: ") != std::string::npos);
  config.capture_share = 0;
  MctsSearcher without(config, *machine, 5);
  without.set_root(machine->initial_state());
  without.search(playout_budget(2000));
  CHECK(without.note().find("captures") == std::string::npos);
}

TEST_CASE(
    "with capture_order (in the tree or at the root), untried captures come first and a search of "
    "no playouts plays one") {
  auto machine = test::shipped_propnet("breakthrough_5x5");
  // A position of a random game where the mover has a capture but its first legal move takes
  // nothing (what a search with no visit plays without capture_order).
  const char* names[] = {"white", "black"};
  reasoner::Random play_rng(7);
  reasoner::JointMove joint;
  State state = machine->initial_state(), next;
  int mover = -1;
  auto takes = [&](RoleIndex r, MoveId m) {
    joint[r] = m;
    machine->next_state(state, joint, next);
    return pieces_of(*machine, next, names[1 - r]) < pieces_of(*machine, state, names[1 - r]);
  };
  for (int ply = 0; ply < 200 && !machine->is_terminal(state); ++ply) {
    mover = reasoner::only_mover(*machine, state, &joint);
    REQUIRE(mover >= 0);
    const auto r = static_cast<RoleIndex>(mover);
    const std::vector<MoveId> legal(machine->legal_moves(state, r).begin(),
                                    machine->legal_moves(state, r).end());
    const bool any_capture =
        std::any_of(legal.begin(), legal.end(), [&](MoveId m) { return takes(r, m); });
    if (!takes(r, legal[0]) && any_capture)
      break;
    REQUIRE(reasoner::random_joint_move(*machine, state, play_rng, joint));
    machine->next_state(state, joint, next);
    std::swap(state, next);
    mover = -1;
  }
  REQUIRE(mover >= 0);
  const auto r = static_cast<RoleIndex>(mover);
  size_t captures = 0;
  const std::vector<MoveId> legal(machine->legal_moves(state, r).begin(),
                                  machine->legal_moves(state, r).end());
  for (MoveId m : legal) captures += takes(r, m);
  for (const CaptureOrder order : {CaptureOrder::Tree, CaptureOrder::Root, CaptureOrder::Off}) {
    CAPTURE(static_cast<int>(order));
    const auto searcher = searcher_at(*machine, order, 500, state);
    const MoveId played = searcher->best_move(r);
    CHECK(takes(r, played) == (order != CaptureOrder::Off));
    searcher->search(playout_budget(3));  // the first tries go to captures
    size_t tried = 0, tried_captures = 0;
    for (const Searcher::RootMove& m : searcher->root_moves(r))
      if (m.visits > 0) ++tried, tried_captures += takes(r, m.move);
    CHECK(tried > 0);
    if (order != CaptureOrder::Off) CHECK(tried_captures == std::min(tried, captures));
  }
}

namespace {

// A state of a random go_5x5 game (seeded) where the mover has a move that takes stones but its
// first legal move takes none; `mover` is -1 where none came within 300 plies.
State go_capture_position(reasoner::StateMachine& machine, uint64_t seed, int& mover) {
  const char* names[] = {"black", "white"};
  reasoner::Random rng(seed);
  reasoner::JointMove joint;
  State state = machine.initial_state(), next;
  auto takes = [&](RoleIndex r, MoveId m) {
    joint[r] = m;
    return takes_from(machine, state, joint, names[1 - r]);
  };
  for (int ply = 0; ply < 300 && !machine.is_terminal(state); ++ply) {
    mover = reasoner::only_mover(machine, state, &joint);
    if (mover >= 0) {
      const auto r = static_cast<RoleIndex>(mover);
      const std::vector<MoveId> legal(machine.legal_moves(state, r).begin(),
                                      machine.legal_moves(state, r).end());
      if (!takes(r, legal[0]) &&
          std::any_of(legal.begin(), legal.end(), [&](MoveId m) { return takes(r, m); }))
        return state;
    }
    REQUIRE(reasoner::random_joint_move(machine, state, rng, joint));
    machine.next_state(state, joint, next);
    std::swap(state, next);
  }
  mover = -1;
  return state;
}

// The positions go_capture_position finds with seeds 1 to 12, each with its mover.
std::vector<std::pair<State, RoleIndex>> go_capture_positions(reasoner::StateMachine& machine) {
  std::vector<std::pair<State, RoleIndex>> out;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    int mover = -1;
    State state = go_capture_position(machine, seed, mover);
    if (mover >= 0) out.emplace_back(std::move(state), static_cast<RoleIndex>(mover));
  }
  return out;
}

}  // namespace

TEST_CASE("captures read off the root are exactly the moves that take stones there (go_5x5)") {
  auto machine = test::shipped_propnet("go_5x5");
  reasoner::Random sample_rng(5);
  const CaptureMoves sampled = CaptureMoves::discover(*machine, machine->initial_state(),
                                                      sample_rng, SearchLimits{});
  INFO(sampled.summary());
  const char* names[] = {"black", "white"};
  size_t captures = 0, sampled_captures = 0;
  reasoner::JointMove joint;
  const auto positions = go_capture_positions(*machine);
  CHECK(positions.size() >= 6);
  for (const auto& [state, r] : positions) {
    REQUIRE(reasoner::only_mover(*machine, state, &joint) == static_cast<int>(r));
    const std::vector<MoveId> legal(machine->legal_moves(state, r).begin(),
                                    machine->legal_moves(state, r).end());
    for (const bool ranked : {false, true}) {
      RootPieceSets sets;
      sets.seen = sampled.facts_seen();
      const RootCaptures read =
          read_root_captures(*machine, state, r, legal, joint, ranked, sets, SearchLimits{});
      REQUIRE(read.urgency.size() == legal.size());
      for (size_t k = 0; k < legal.size(); ++k) {
        joint[r] = legal[k];
        const bool takes = takes_from(*machine, state, joint, names[1 - r]);
        CAPTURE(machine->move_text(legal[k]));
        CHECK((read.urgency[k] > 0) == takes);
        if (ranked || !takes) continue;
        ++captures;
        sampled_captures += reasoner::is_capture(sampled.played_first(1.0), legal[k], state);
      }
    }
  }
  // The sampled table keeps no Go capture: a stone is taken only when its chain had one liberty
  // left, so no move takes the same stone wherever it stands (agent/capture_moves.h).
  CHECK(captures > 0);
  CHECK(sampled_captures == 0);
}

TEST_CASE("with capture_order=root, a search of no playouts plays a capture that no sampled table "
          "knows") {
  auto machine = test::shipped_propnet("go_5x5");
  const char* names[] = {"black", "white"};
  const auto positions = go_capture_positions(*machine);
  CHECK(positions.size() >= 6);
  for (const auto& [state, r] : positions) {
    for (const CaptureOrder order : {CaptureOrder::Root, CaptureOrder::Off}) {
      CAPTURE(static_cast<int>(order));
      // The first search samples states but keeps no Go capture (the test above).
      const auto searcher = searcher_at(*machine, order, 200, state);
      reasoner::JointMove joint;
      REQUIRE(reasoner::only_mover(*machine, state, &joint) == static_cast<int>(r));
      joint[r] = searcher->best_move(r);
      CHECK(takes_from(*machine, state, joint, names[1 - r]) == (order == CaptureOrder::Root));
    }
  }
}
