#include "gdl/unify.h"

namespace ggp::gdl {

bool unifiable(const Term& a, const Term& b) {
  if (!a.is_variable() && !b.is_variable() && (a.name != b.name || a.arity() != b.arity()))
    return false;
  return Unifier<AstReader, Term>().unify(a, 0, b, 1);
}

}  // namespace ggp::gdl
