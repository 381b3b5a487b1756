#include "manager/match_record.h"

#include <chrono>

#include "server_protocol/messages.h"

namespace ggp::manager {

using server_protocol::respell_term;
using server_protocol::TermStyle;

nlohmann::json MatchRecord::to_json() const {
  nlohmann::json j;
  j["matchId"] = match_id;
  j["randomToken"] = random_token;
  j["startTime"] = start_time_ms;
  if (!game_meta_url.empty()) j["gameMetaURL"] = game_meta_url;
  j["isCompleted"] = is_completed;
  j["isAborted"] = is_aborted;
  j["states"] = states;
  j["moves"] = moves;
  j["stateTimes"] = state_times_ms;
  if (!errors.empty()) j["errors"] = errors;
  if (!goal_values.empty()) j["goalValues"] = goal_values;
  if (!goal_problem.empty()) j["goalProblem"] = goal_problem;
  j["previewClock"] = preview_clock;
  j["startClock"] = start_clock;
  j["playClock"] = play_clock;
  j["playerNamesFromHost"] = player_names;
  j["scrambled"] = false;
  j["gameName"] = game_name;
  j["gameRoleNames"] = role_names;
  j["rulesheet"] = rulesheet;
  if (is_aborted) j["abortReason"] = abort_reason;
  return j;
}

std::string render_state(const std::vector<std::string>& compact_facts) {
  std::string out = "( ";
  for (const std::string& fact : compact_facts) {
    out += respell_term(fact, TermStyle::Wire).value_or(fact);
    out += ' ';
  }
  return out + ")";
}

int64_t epoch_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace ggp::manager
