#include "reasoner/trace.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace ggp::reasoner {
namespace {

using nlohmann::json;

std::string join(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "]";
}

std::string goal_text(GoalValue g) { return g >= 0 ? std::to_string(g) : "null"; }

std::vector<std::string> sorted_strings(const json& array) {
  std::vector<std::string> out;
  for (const json& j : array) out.push_back(j.get<std::string>());
  std::sort(out.begin(), out.end());
  return out;
}

// Items of `a` missing from `b`, for short difference messages.
std::vector<std::string> missing(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::string set_difference_text(const std::vector<std::string>& expected,
                                const std::vector<std::string>& got) {
  return "expected but missing " + join(missing(expected, got)) + ", unexpected " +
         join(missing(got, expected));
}

class Replayer {
 public:
  Replayer(StateMachine& machine, TraceCheck& result) : m_(machine), result_(result) {}

  // Compares one step line and applies its move; false at the first difference.
  bool step(const json& line) {
    size_t playout = line.at("playout").get<size_t>();
    size_t step = line.at("step").get<size_t>();
    if (!in_playout_ || playout != playout_) {
      state_ = m_.initial_state();
      in_playout_ = true;
      playout_ = playout;
      ++result_.playouts;
    }
    where_ = "playout " + std::to_string(playout) + " step " + std::to_string(step) + ": ";
    ++result_.steps;
    std::vector<std::string> expected = sorted_strings(line.at("state"));
    std::vector<std::string> got = state_texts(m_, state_);
    if (expected != got) return differ("state: " + set_difference_text(expected, got));
    bool terminal = m_.is_terminal(state_);
    if (terminal != line.at("terminal").get<bool>())
      return differ("terminal: expected " + std::string(terminal ? "false" : "true"));
    const json& goals = line.at("goals");
    for (RoleIndex r = 0; r < m_.num_roles(); ++r) {
      GoalValue g = m_.goal(state_, r);
      GoalValue want = goals.at(r).is_null() ? kNoGoal : goals.at(r).get<int>();
      if ((g >= 0 || want >= 0) && g != want)
        return differ("goal of " + m_.role_name(r) + ": expected " + goal_text(want) + ", got " +
                      goal_text(g));
    }
    if (line.contains("legal")) {
      const json& legal = line.at("legal");
      for (RoleIndex r = 0; r < m_.num_roles(); ++r) {
        std::vector<std::string> want = sorted_strings(legal.at(r));
        std::vector<std::string> have = legal_move_texts(m_, state_, r);
        if (want != have)
          return differ("legal moves of " + m_.role_name(r) + ": " + set_difference_text(want, have));
      }
    }
    if (line.contains("truncated") || line.contains("error") || !line.contains("move") ||
        line.at("terminal").get<bool>()) {
      in_playout_ = false;
      return true;
    }
    joint_.clear();
    const json& move = line.at("move");
    for (RoleIndex r = 0; r < m_.num_roles(); ++r) {
      std::string text = move.at(r).get<std::string>();
      std::optional<MoveId> id = m_.move_from_text(r, text);
      if (!id) return differ("the move " + text + " of " + m_.role_name(r) + " is not understood");
      joint_.push_back(*id);
    }
    m_.next_state(state_, joint_, next_);
    std::swap(state_, next_);
    return true;
  }

 private:
  bool differ(const std::string& what) {
    result_.ok = false;
    result_.difference = where_ + what;
    return false;
  }

  StateMachine& m_;
  TraceCheck& result_;
  State state_, next_;
  JointMove joint_;
  bool in_playout_ = false;
  size_t playout_ = 0;
  std::string where_;
};

}  // namespace

TraceCheck check_trace(StateMachine& machine, const std::string& trace_path, double budget_seconds) {
  std::ifstream in(trace_path);
  if (!in) throw std::runtime_error("cannot open the trace " + trace_path);
  auto start = std::chrono::steady_clock::now();
  TraceCheck result;
  Replayer replayer(machine, result);
  std::string text;
  bool header = false;
  size_t line_number = 0;
  while (std::getline(in, text)) {
    ++line_number;
    if (text.empty()) continue;
    json line;
    try {
      line = json::parse(text);
    } catch (const json::exception& e) {
      throw std::runtime_error(trace_path + ":" + std::to_string(line_number) + ": " + e.what());
    }
    if (line.value("type", "") == "header") {
      std::vector<std::string> roles;
      for (const json& r : line.at("roles")) roles.push_back(r.get<std::string>());
      if (roles != role_names(machine))
        throw std::runtime_error("the trace's roles " + join(roles) + " differ from the game's " +
                                 join(role_names(machine)));
      header = true;
      continue;
    }
    if (!header) throw std::runtime_error(trace_path + ": no header line");
    if (budget_seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                                      .count() > budget_seconds) {
      result.cut_short = true;
      break;
    }
    if (!replayer.step(line)) break;
  }
  return result;
}

}  // namespace ggp::reasoner
