#pragma once
// Semantic validation of a parsed game, once at load, following the GDL specification (Love,
// Hinrichs, Haley, Schkufza, Genesereth, "General Game Playing: Game Description Language
// Specification", Stanford LG-2006-01, 2008) and GGP-Base's StaticValidator where the corpus shows
// what real rule sheets rely on:
// - at least one role; `role` only as ground facts;
// - arity consistency: each relation and each function symbol is used with one arity, and the
//   keywords with theirs (role 1, init 1, true 1, next 1, legal 2, does 2, goal 2, terminal 0,
//   base 1, input 2); `not`, `or`, `distinct`, `<=` never name a relation or a function;
// - safety: every variable of the head, of a `not` and of a `distinct` occurs in a positive atom
//   of the body (an `or` binds a variable only if every disjunct does);
// - stratified negation: no cycle of the dependency graph goes through a `not`;
// - the recursion restriction (spec section 4.4);
// - keyword placement: `true`/`does` never in a head; `init`/`next`/`base`/`input` never in a
//   body; `legal`/`goal`/`terminal` do not depend on `does`; `init`/`base`/`input` do not depend on
//   `true`, `does`, `next`, `legal`, `goal` or `terminal`.
// Findings the corpus shows harmless in practice are warnings (see check_game's definition).
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// Every problem found, each naming file:line:col and printing the offending rule.
struct ValidationReport {
  std::vector<Diagnostic> errors;    // the game is not valid GDL
  std::vector<Diagnostic> warnings;  // suspicious but playable
  bool ok() const { return errors.empty(); }
};

// Runs every check; never throws for a problem of the rules.
ValidationReport check_game(const Game& game);

// Throws GdlError listing every error (warnings are dropped); what loaders call.
void validate(const Game& game);

}  // namespace ggp::gdl
