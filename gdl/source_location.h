#pragma once
// Where something was written, and the error type that every load-time failure of gdl/ throws.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ggp::gdl {

struct SourceLocation {
  uint32_t line = 0;    // 1-based; 0 when unknown
  uint32_t column = 0;  // 1-based
};

// One problem found in a rule sheet, printed as `file:line:col: message`.
struct Diagnostic {
  std::string file;
  SourceLocation where;
  std::string message;

  std::string to_string() const;
};

// Thrown when a rule sheet cannot be read or is not valid GDL; carries every problem found.
class GdlError : public std::runtime_error {
 public:
  explicit GdlError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace ggp::gdl
