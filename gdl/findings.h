#pragma once
// The collector every validation check reports into: errors and warnings with the location and
// the text of the offending rule, capped so that a huge broken file gives a readable report.
#include <string>

#include "gdl/ast.h"
#include "gdl/validator.h"

namespace ggp::gdl {

// `term` or `rule` as the rule sheet writes it, cut after about `max` characters with " ...", in
// time proportional to what is printed (a rule of a 50 MB file may be huge).
std::string excerpt(const Term& term, const SymbolTable& symbols, size_t max = 200);
std::string excerpt(const Rule& rule, const SymbolTable& symbols, size_t max = 400);

// Relation names joined by " -> ", e.g. a chain of dependencies.
std::string chain_text(const std::vector<SymbolId>& chain, const SymbolTable& symbols);

class Findings {
 public:
  explicit Findings(const Game& game) : game_(game) {}

  // `where` is the literal's location, or the rule's for its head. The message is followed by the
  // rule as the rule sheet writes it (shortened if very long).
  void error(const Rule& rule, SourceLocation where, const std::string& message);
  void warning(const Rule& rule, SourceLocation where, const std::string& message);
  // A reader's note (gdl/ast.h), as a warning.
  void note(const ReadingNote& note);
  // A problem of the whole rule sheet, not of one rule.
  void error(const std::string& message);
  void warning(const std::string& message);

  const Game& game() const { return game_; }
  // No further error would be kept: callers may skip building expensive messages.
  bool errors_full() const { return report_.errors.size() >= kMaxKept; }
  // The report, sorted by place, with a last line counting the diagnostics left out beyond the cap.
  ValidationReport take();

  // At most this many errors and this many warnings are kept.
  static constexpr size_t kMaxKept = 100;

 private:
  void add(std::vector<Diagnostic>& to, size_t& dropped, const Rule* rule, SourceLocation where,
           const std::string& message);

  const Game& game_;
  ValidationReport report_;
  size_t dropped_errors_ = 0;
  size_t dropped_warnings_ = 0;
};

}  // namespace ggp::gdl
