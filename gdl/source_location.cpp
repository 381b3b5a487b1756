#include "gdl/source_location.h"

namespace ggp::gdl {
namespace {

std::string join(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics) {
    if (!text.empty()) text += '\n';
    text += d.to_string();
  }
  return text;
}

}  // namespace

std::string Diagnostic::to_string() const {
  std::string text = file.empty() ? std::string("<rules>") : file;
  if (where.line > 0) text += ':' + std::to_string(where.line) + ':' + std::to_string(where.column);
  return text + ": " + message;
}

GdlError::GdlError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join(diagnostics)), diagnostics_(std::move(diagnostics)) {}

}  // namespace ggp::gdl
