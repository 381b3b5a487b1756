// Hand-played outcomes of the shipped games (games_kif/), read from tests/outcomes/<game>.json:
//
//   {"game": "connect_four.kif",
//    "cases": [
//      {"name": "red wins with a vertical four",
//       "moves": [["(drop 1)", "noop"], ["noop", "(drop 2)"], ...],
//       "terminal": true, "goals": [100, 0],
//       "legal": {"red": ["(drop 3)"]}, "illegal": {"red": ["(drop 8)"]}}]}
//
// Each case starts from the initial state and plays its joint moves (one move per role, in role
// order); every move must be legal where it is played. At the end the state must be terminal or
// not as "terminal" says; "goals" (optional, every role in role order) must be the roles' goals;
// "legal" and "illegal" (optional, by role name) list moves that must be, or must not be, legal
// there. Every case runs on the prover (the reference) and on the propnet. A file or case with a
// key not named here fails, so that a misspelt check cannot pass silently.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/patient_machine.h"
#include "gdl/loader.h"

namespace ggp {
namespace {

using nlohmann::json;
using reasoner::MoveId;
using reasoner::RoleIndex;
using reasoner::State;
using reasoner::StateMachine;

const std::filesystem::path kRoot = std::filesystem::path(GGP_SOURCE_ROOT);

std::vector<std::filesystem::path> outcome_files() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(kRoot / "tests" / "outcomes"))
    if (entry.path().extension() == ".json") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The keys of `object` that are not in `allowed`, comma-separated ("" when none).
std::string unknown_keys(const json& object, const std::set<std::string>& allowed) {
  std::string unknown;
  for (const auto& item : object.items())
    if (!allowed.count(item.key())) unknown += (unknown.empty() ? "" : ", ") + item.key();
  return unknown;
}

std::optional<RoleIndex> role_index(const StateMachine& m, const std::string& name) {
  for (RoleIndex r = 0; r < m.num_roles(); ++r)
    if (m.role_name(r) == name) return r;
  return std::nullopt;
}

bool is_legal(StateMachine& m, const State& s, RoleIndex role, const std::string& text) {
  std::optional<MoveId> move = m.move_from_text(role, text);
  if (!move) return false;  // a move the game can never see is never legal
  auto legal = m.legal_moves(s, role);
  return std::find(legal.begin(), legal.end(), *move) != legal.end();
}

// Plays `c` on `m` and checks its end; returns the first problem, or "".
std::string run_case(StateMachine& m, const json& c) {
  State s = m.initial_state(), next;
  const json& moves = c.at("moves");
  for (size_t step = 0; step < moves.size(); ++step) {
    const std::string at = "step " + std::to_string(step + 1) + ": ";
    const json& texts = moves[step];
    if (!texts.is_array() || texts.size() != m.num_roles())
      return at + "a joint move needs one move per role";
    if (m.is_terminal(s)) return at + "the game is already over";
    reasoner::JointMove joint(m.num_roles());
    for (RoleIndex r = 0; r < m.num_roles(); ++r) {
      const std::string text = texts[r].get<std::string>();
      if (!is_legal(m, s, r, text)) return at + m.role_name(r) + "'s " + text + " is not legal";
      joint[r] = *m.move_from_text(r, text);
    }
    m.next_state(s, joint, next);
    std::swap(s, next);
  }
  const std::string at = "after " + std::to_string(moves.size()) + " steps: ";
  const bool terminal = m.is_terminal(s);
  if (terminal != c.at("terminal").get<bool>())
    return at + (terminal ? "terminal, expected not" : "not terminal, expected terminal");
  if (c.contains("goals")) {
    const auto want = c.at("goals").get<std::vector<int>>();
    if (want.size() != m.num_roles()) return at + "goals need one value per role";
    for (RoleIndex r = 0; r < m.num_roles(); ++r)
      if (m.goal(s, r) != want[r])
        return at + m.role_name(r) + "'s goal is " + std::to_string(m.goal(s, r)) + ", expected " +
               std::to_string(want[r]);
  }
  for (const bool want_legal : {true, false}) {
    const char* key = want_legal ? "legal" : "illegal";
    if (!c.contains(key)) continue;
    for (const auto& [role_name, texts] : c.at(key).items()) {
      std::optional<RoleIndex> role = role_index(m, role_name);
      if (!role) return at + "no role named " + role_name;
      for (const auto& text : texts)
        if (is_legal(m, s, *role, text.get<std::string>()) != want_legal)
          return at + role_name + "'s " + text.get<std::string>() +
                 (want_legal ? " is not legal, expected legal" : " is legal, expected illegal");
    }
  }
  return "";
}

TEST_CASE("every shipped game has hand-played outcomes in tests/outcomes/") {
  size_t games = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kRoot / "games_kif")) {
    if (entry.path().extension() != ".kif") continue;
    ++games;
    const std::string stem = entry.path().stem().string();
    CHECK_MESSAGE(std::filesystem::exists(kRoot / "tests" / "outcomes" / (stem + ".json")),
                  "no tests/outcomes/" << stem << ".json");
  }
  CHECK(games >= 30);
}

TEST_CASE("every hand-played outcome in tests/outcomes/ holds on the prover and the propnet") {
  const std::vector<std::filesystem::path> files = outcome_files();
  REQUIRE(files.size() >= 7);  // tic-tac-toe and the PPA paper's two-player board games at least
  for (const auto& path : files) {
    CAPTURE(path.filename().string());
    std::ifstream in(path);
    REQUIRE(in);
    json doc;
    REQUIRE_NOTHROW(doc = json::parse(in, nullptr, true, /*ignore_comments=*/true));
    CHECK(unknown_keys(doc, {"game", "cases"}) == "");
    const std::string game_file = doc.at("game").get<std::string>();
    REQUIRE(doc.at("cases").size() > 0);
    auto game = gdl::load_game_file((kRoot / "games_kif" / game_file).string());
    for (auto kind : {propnet::MachineKind::Prover, propnet::MachineKind::Propnet}) {
      auto m = testing::build_patient_machine(game, kind);
      CAPTURE(m->name());
      for (const json& c : doc.at("cases")) {
        const std::string name = c.at("name").get<std::string>();
        CAPTURE(name);
        CHECK(unknown_keys(c, {"name", "moves", "terminal", "goals", "legal", "illegal"}) == "");
        CHECK(run_case(*m, c) == "");
      }
    }
  }
}

}  // namespace
}  // namespace ggp
