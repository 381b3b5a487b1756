#pragma once
// Semantic validation of a parsed game, once at load, following the GDL specification (Love,
// Hinrichs, Haley, Schkufza, Genesereth, "General Game Playing: Game Description Language
// Specification", Stanford LG-2006-01, 2008) and GGP-Base's StaticValidator. Errors:
// - no role; `role` defined by a rule, twice, or not a constant;
// - `not`, `or`, `distinct`, `<=` naming a sentence;
// - an unsafe rule: a variable of the head, of a `not` or of a `distinct` that no positive atom
//   of the body binds (an `or` binds a variable only if every disjunct does);
// - negation through a cycle of the dependency graph, `or` and nested `not` included;
// - `true` or `does` as a head, `next` in a body; `init`, `base` or `input` depending on `true`,
//   `does`, `next`, `legal`, `goal` or `terminal`.
// Where real games that GGP-Base plays rely on a looser reading, the finding is a warning (each
// check's file says which corpus games): unsafe variables that every query or every call binds
// (a top-down prover binds them from the call), in rules the game never uses, or in the move of a
// `legal` head (a move no player can send); the recursion restriction (GGP-Base's prover, and ours
// on demand, follow such recursion top-down where the calls bind it); negation that cycles through
// relations but through no chain of unifiable rules (gdl/rule_graph.h; such recursion is not
// subject to the recursion restriction at all); `legal`, `goal`, `terminal` depending on `does`;
// `init`, `base`, `input` in a body; and the reader's notes (Game::notes), where it reads as
// GGP-Base does: a relation or function name used with several arities (several names,
// gdl/name_split.h), a keyword with another arity than GDL's (role 1, init 1, true 1, next 1, legal
// 2, does 2, goal 2, terminal 0, base 1, input 2: a relation of its own) or as a function symbol (a
// plain name), `(p)` written for `p` (a sentence apart from `p`), a stray ')' (the end of the rule
// sheet). Also warnings: relations used but never defined, no `legal`, `goal` or `terminal` rule.
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

// Throws GdlError listing every error; what loaders call. The warnings go to `*warnings` when
// given, else are dropped.
void validate(const Game& game, std::vector<Diagnostic>* warnings = nullptr);

}  // namespace ggp::gdl
