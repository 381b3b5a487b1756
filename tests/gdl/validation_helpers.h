#pragma once
// Helpers for the validator's unit tests: validate a rule sheet named "t.kif" and look at the
// diagnostics as text.
#include <string>
#include <string_view>

#include "gdl/parser.h"
#include "gdl/validator.h"

namespace ggp::gdl::testing {

// A valid game of six lines; snippets appended to it start on line 7.
inline constexpr std::string_view kGame =
    "(role r)\n"
    "(init p)\n"
    "(<= (legal r a) (true p))\n"
    "(<= (next p) (does r a))\n"
    "(<= terminal (not (true p)))\n"
    "(goal r 100)\n";

inline ValidationReport report_of(std::string_view rules) {
  return check_game(parse_game(rules, "t.kif"));
}

inline std::string join(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics) text += d.to_string() + '\n';
  return text;
}

// The errors of kGame followed by `snippet`, one per line (empty when valid).
inline std::string errors_with(std::string_view snippet) {
  return join(report_of(std::string(kGame) + std::string(snippet)).errors);
}

inline std::string warnings_with(std::string_view snippet) {
  return join(report_of(std::string(kGame) + std::string(snippet)).warnings);
}

// Whether the diagnostics' `text` holds `part`.
inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace ggp::gdl::testing
