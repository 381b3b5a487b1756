#pragma once
// The rules of a game as text, one string per rule in order: what the rewriting passes' tests
// compare (gdl/unsafe_rules.h, gdl/moveless_queries.h).
#include <string>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl::testing {

inline std::vector<std::string> rule_texts(const Game& g) {
  std::vector<std::string> out;
  for (const Rule& r : g.rules) out.push_back(to_string(r, g.symbols));
  return out;
}

}  // namespace ggp::gdl::testing
