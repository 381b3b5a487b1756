#include "gdl/validator.h"

#include "gdl/validation_checks.h"

namespace ggp::gdl {

ValidationReport check_game(const Game& game) {
  Findings findings(game);
  DependencyGraph graph(game);
  RuleGraph rules(game, graph);
  check_names(game, findings);
  check_safety(game, graph, findings);
  check_stratified_negation(game, graph, rules, findings);
  check_recursion_restriction(game, rules, findings);
  check_keywords(game, graph, findings);
  return findings.take();
}

void validate(const Game& game, std::vector<Diagnostic>* warnings) {
  ValidationReport report = check_game(game);
  if (!report.ok()) throw GdlError(std::move(report.errors));
  if (warnings) *warnings = std::move(report.warnings);
}

}  // namespace ggp::gdl
