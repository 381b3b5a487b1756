#pragma once
// A Go Text Protocol (version 2) engine over a GDL board game: `ggp gtp` feeds it stdin line by
// line and prints its replies. The rules come from a rule sheet and the GTP view of them (vertices,
// colours, stones, sheets per board size and komi) from its BoardMap (gtp/board_map.h); moves are
// searched by any Searcher (agent/searcher.h) on the game's state machine.
//
// Contracts:
// - handle() answers every line: "= result\n\n" or "? message\n\n" (with the command's id when it
//   has one), "" for a line without a command; it never throws, whatever the line.
// - The game alternates: play and genmove refuse a colour that is not to move ("illegal move").
// - boardsize picks the sheet of that size (the komi's when one matches); komi picks the sheet of
//   that komi when the map lists one, and is always kept for final_score, which counts the board
//   by area (stones and empty points reaching one colour) with that komi.
// - genmove searches until the clock's share of the time left (time_settings, time_left), or a
//   fixed time per move without a clock, or a playout budget when one is set.
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "agent/searcher.h"
#include "gdl/ast.h"
#include "gtp/area_score.h"
#include "gtp/board_map.h"
#include "propnet/machine_factory.h"
#include "reasoner/state_machine.h"

namespace ggp::gtp {

struct EngineConfig {
  std::string name = "ggp";                   // GTP name
  std::string version = "1";                  // GTP version (ggp gtp: the player spec)
  agent::SearcherFactory searcher_factory;    // the searcher that genmove runs
  uint64_t seed = 1;                          // seed of the searcher
  uint64_t playouts_per_move = 0;             // 0: the clock decides; else this budget per move
  double move_seconds = 5;                    // per genmove when no clock is set
  propnet::MachineKind machine = propnet::MachineKind::Default;
  std::ostream* log = nullptr;                // one line per search (ggp gtp: stderr)
};

// What the last genmove's search did (the ggp-last_search command).
struct SearchReport {
  uint64_t playouts = 0;
  uint64_t nodes = 0;
  double seconds = 0;
};

class Engine {
 public:
  // Loads the sheet `game_path` (one of the map's sheets, or any sheet the map's vertices fit).
  // Throws on rules that cannot be loaded.
  Engine(EngineConfig config, BoardMap map, const std::string& game_path);
  ~Engine();

  std::string handle(std::string_view line);
  bool quit_requested() const { return quit_; }

 private:
  using Args = std::vector<std::string>;
  struct Reply {
    bool ok = true;
    std::string text;
  };
  Reply dispatch(const std::string& command, const Args& args);

  void load(const std::string& game_path, int size);
  void clear();
  // Replays `moves` (joint move texts) from the initial state; false at the first illegal one.
  bool replay(const std::vector<std::vector<std::string>>& moves);
  std::optional<reasoner::RoleIndex> colour_role(const std::string& colour) const;
  // The role to move now, or nullopt when the game is over.
  std::optional<reasoner::RoleIndex> mover();
  Reply play(reasoner::RoleIndex role, reasoner::MoveId move);
  Reply genmove(const std::string& colour, bool cleanup);
  std::chrono::duration<double> move_budget(reasoner::RoleIndex role);
  void sync_searcher();
  Board board();
  std::string showboard();
  Reply final_score();
  std::vector<std::vector<std::string>> history_texts() const;

  EngineConfig config_;
  BoardMap map_;
  std::string game_path_;
  int size_ = 0;
  double komi_ = 0;
  std::shared_ptr<const gdl::Game> game_;
  std::unique_ptr<reasoner::StateMachine> machine_;
  reasoner::RoleIndex black_ = 0, white_ = 1;
  std::unordered_map<reasoner::MoveId, Vertex> vertex_of_move_[2];  // by colour: 0 black, 1 white
  std::vector<std::optional<reasoner::FactId>> stone_fact_[2];      // by colour, then point

  std::vector<reasoner::State> states_;                 // states_[0] the initial state
  std::vector<std::vector<reasoner::MoveId>> joints_;   // joints_[i] leads from states_[i]

  std::unique_ptr<reasoner::StateMachine> search_machine_;
  std::unique_ptr<agent::Searcher> searcher_;
  size_t searcher_root_ = SIZE_MAX;  // the index in states_ of the searcher's root
  uint64_t searches_ = 0;

  // time_settings and time_left, in seconds; byo_stones 0 with byo_time > 0 means no limit.
  double main_time_ = -1, byo_time_ = 0;
  int byo_stones_ = 0;
  std::optional<std::pair<double, int>> time_left_[2];  // by colour: seconds, stones

  SearchReport last_search_;
  bool quit_ = false;
};

}  // namespace ggp::gtp
