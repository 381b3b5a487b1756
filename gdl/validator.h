#pragma once
// Semantic validation of a parsed game, once at load: at least one role, arity consistency, safety
// (every variable of a head, a `not` or a `distinct` bound by a positive literal), stratified
// negation, GDL's recursion restriction, and `true`/`does`/`init`/`next`/`legal`/`goal`/`role`
// used only where GDL allows them.
#include "gdl/ast.h"

namespace ggp::gdl {

// Throws GdlError listing every problem, each with file:line:col and the rule.
void validate(const Game& game);

}  // namespace ggp::gdl
