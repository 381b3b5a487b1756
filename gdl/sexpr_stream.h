#pragma once
// Reads the top-level expressions of a text one at a time, so that a caller converting each one
// (parse_game) never holds the expression tree of a whole 50 MB file. read_sexprs is built on it.
#include <optional>
#include <string>
#include <string_view>

#include "gdl/sexpr.h"

namespace ggp::gdl {

class SExprStream {
 public:
  // `text`, `source` and `symbols` must outlive the stream.
  SExprStream(std::string_view text, const std::string& source, SymbolTable& symbols);

  // Reads the next top-level expression into `out`; false at the end of the text. Throws
  // GdlError naming source:line:col for an unbalanced parenthesis or too deep a nesting.
  bool next(SExpr& out);

  // Reads a ')' that closes no list as the end of the text, as GGP-Base does (it reads a rule
  // sheet as the items of one list, which that ')' closes, and ignores the rest), instead of
  // failing on it. stray_close() then gives its place.
  void end_at_stray_close() { end_at_stray_close_ = true; }
  const std::optional<SourceLocation>& stray_close() const { return stray_close_; }

 private:
  [[noreturn]] void fail(size_t offset, std::string message) const;
  // Line and column of `offset`, which must not be before the previous call's: one pass over
  // the text in all.
  SourceLocation locate(size_t offset);

  std::string_view text_;
  const std::string& source_;
  SymbolTable& symbols_;
  size_t offset_ = 0;
  size_t scanned_ = 0;  // newlines before this offset are counted in line_
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  bool end_at_stray_close_ = false;
  std::optional<SourceLocation> stray_close_;
};

}  // namespace ggp::gdl
