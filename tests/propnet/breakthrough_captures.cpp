#include "propnet/breakthrough_captures.h"

#include <algorithm>
#include <utility>

namespace ggp::propnet::testing {

CaptureTable breakthrough_captures(const MoveIdOf& move_id, const FactIdOf& fact_id) {
  std::vector<std::pair<reasoner::MoveId, reasoner::FactId>> pairs;
  const char* roles[] = {"white", "black"};
  for (reasoner::RoleIndex r = 0; r < 2; ++r)
    for (int x1 = 1; x1 <= 5; ++x1)
      for (int y1 = 1; y1 <= 5; ++y1)
        for (int x2 = 1; x2 <= 5; ++x2)
          for (int y2 = 1; y2 <= 5; ++y2) {
            const std::string move = "(move " + std::to_string(x1) + " " + std::to_string(y1) +
                                     " " + std::to_string(x2) + " " + std::to_string(y2) + ")";
            const auto m = move_id(r, move);
            const auto f = fact_id("(cell " + std::to_string(x2) + " " + std::to_string(y2) +
                                   " " + roles[1 - r] + ")");
            if (m && f) pairs.push_back({*m, *f});
          }
  std::sort(pairs.begin(), pairs.end());
  CaptureTable table;
  if (pairs.empty()) return table;
  table.begin.assign(pairs.back().first + 2, 0);
  for (const auto& [m, f] : pairs) {
    table.victims.push_back(f);
    ++table.begin[m + 1];
  }
  for (size_t m = 1; m < table.begin.size(); ++m) table.begin[m] += table.begin[m - 1];
  return table;
}

CaptureTable breakthrough_captures(reasoner::StateMachine& machine) {
  return breakthrough_captures(
      [&](reasoner::RoleIndex r, const std::string& text) { return machine.move_from_text(r, text); },
      [&](const std::string& text) { return machine.fact_from_text(text); });
}

CaptureTable breakthrough_captures(const Program& p) {
  auto find = [](const auto& ids, const std::string& text) -> std::optional<uint32_t> {
    const auto it = ids.find(text);
    if (it == ids.end()) return std::nullopt;
    return it->second;
  };
  return breakthrough_captures(
      [&](reasoner::RoleIndex r, const std::string& text) -> std::optional<reasoner::MoveId> {
        return find(p.move_ids.at(r), text);
      },
      [&](const std::string& text) -> std::optional<reasoner::FactId> { return find(p.fact_ids, text); });
}

}  // namespace ggp::propnet::testing
