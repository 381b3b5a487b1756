#pragma once
// Unification of two terms whose variables are renamed apart (a variable of `a` is never the same
// as a variable of `b`), with the occurs check (Robinson 1965).
#include "gdl/ast.h"

namespace ggp::gdl {

// Some substitution makes `a` and `b` equal.
bool unifiable(const Term& a, const Term& b);

}  // namespace ggp::gdl
