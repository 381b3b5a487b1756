#pragma once
// One match as GGP-Base records it (org.ggp.base.util.match.Match#toJSON): the same field names
// and forms, so existing GGP tools read our files. States are `( ( cell 1 1 b ) ... )`, moves are
// wire-form terms, errors "" or IL / TO / CE per role and turn, times in ms since the epoch.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ggp::manager {

struct MatchRecord {
  std::string match_id;
  std::string random_token;
  int64_t start_time_ms = 0;
  std::string game_meta_url;  // optional: written only when set
  std::string game_name;      // ours, beside GGP-Base's fields
  std::string rulesheet;      // ours: the rules as sent in START
  int preview_clock = -1;
  int start_clock = 0;
  int play_clock = 0;
  std::vector<std::string> states;               // one per state, the initial state first
  std::vector<int64_t> state_times_ms;           // when each state was reached
  std::vector<std::vector<std::string>> moves;   // one joint move per turn, role order
  std::vector<std::vector<std::string>> errors;  // one list per turn, role order
  std::vector<int> goal_values;                  // role order, when completed
  // Ours, when completed: the roles without exactly one goal value in the final state (a rule
  // sheet that leaves it undefined, as base/chess does when its move limit ends the game without
  // mate), each scored 0 in goal_values; empty when every role has its goal.
  std::string goal_problem;
  std::vector<std::string> player_names;         // playerNamesFromHost, role order
  std::vector<std::string> role_names;           // ours: the roles, in order
  bool is_completed = false;
  bool is_aborted = false;
  std::string abort_reason;                      // ours, when aborted

  nlohmann::json to_json() const;
};

// `( f1 f2 ... )` with each fact in wire form, as GGP-Base renders a state.
std::string render_state(const std::vector<std::string>& compact_facts);

// Milliseconds since the epoch, now.
int64_t epoch_ms();

}  // namespace ggp::manager
