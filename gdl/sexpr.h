#pragma once
// The KIF reader: text to S-expressions of interned symbols. It never recurses on the input's
// nesting (an explicit stack), so 100,000 nested parentheses give an error, not a stack overflow.
#include <string>
#include <string_view>
#include <vector>

#include "gdl/source_location.h"
#include "gdl/symbol_table.h"

namespace ggp::gdl {

struct SExpr {
  bool is_list = false;
  SymbolId atom = SymbolTable::kAbsent;  // the symbol of an atom
  std::vector<SExpr> items;              // the elements of a list
  SourceLocation where;                  // of the atom, or of the list's '('
};

// Lists nested deeper than this are rejected with an error (no real GDL term comes close).
inline constexpr size_t kMaxNesting = 1000;

// Reads every top-level expression of `text`: atoms are runs of characters other than white space,
// parentheses and ';'; ';' starts a comment to the end of the line. Throws GdlError naming
// `source`:line:col for an unbalanced parenthesis or too deep a nesting.
std::vector<SExpr> read_sexprs(std::string_view text, const std::string& source,
                               SymbolTable& symbols);

// Maps byte offsets of a text to 1-based line and column.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  SourceLocation locate(size_t offset) const;

 private:
  std::vector<size_t> line_starts_;
};

}  // namespace ggp::gdl
