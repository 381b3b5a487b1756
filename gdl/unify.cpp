#include "gdl/unify.h"

namespace ggp::gdl {
namespace {

struct AstReader {
  static bool is_variable(const Term& t) { return t.is_variable(); }
  static uint32_t symbol(const Term& t) { return t.name; }
  static bool same_shape(const Term& a, const Term& b) {
    return a.kind == b.kind && a.name == b.name && a.arity() == b.arity();
  }
  static const std::vector<Term>& args(const Term& t) { return t.args; }
};

}  // namespace

bool unifiable(const Term& a, const Term& b) {
  if (!a.is_variable() && !b.is_variable() && (a.name != b.name || a.arity() != b.arity()))
    return false;
  return Unifier<AstReader, Term>().unify(a, 0, b, 1);
}

}  // namespace ggp::gdl
