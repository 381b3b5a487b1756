#pragma once
// `legal`, `goal` and `terminal` read without moves. The GDL specification forbids them to depend
// on `does`; GGP-Base reads such rules and asks its queries of a state alone, so every `does`
// there is false (the validator's warning says so). The prover does the same by construction,
// but a propnet evaluates every gate from the inputs of the joint move it last played, so it read
// a stale `does` (a fuzzed sheet: `(<= (legal ?r (pic ?r ?x)) (does ?r (pick ?x)))`, legal on the
// propnet after a pick, never on the prover). This pass writes the moveless reading down, so
// every machine sees rules whose queries do not depend on `does`:
// - in the rules of legal, goal and terminal, and of every relation they reach that depends on
//   `does`, a positive `(does ...)` is false (its rule or `or` branch goes) and `(not (does ...))`
//   true (the literal goes);
// - a relation that depends on `does` is called there through a copy, `r~moveless`, whose rules
//   are rewritten the same way; `next` and everything else keep calling `r` with the moves.
// The keywords' own rules are rewritten in place, so a body that calls legal, goal or terminal
// (in `next`, say) also sees them without moves: GGP-Base would give that call the moves; no
// corpus game writes it (two games' terminal depends on `does`; no body calls a keyword there).
// Every other rule comes back unchanged. Safety is kept: only negative literals and whole `or`
// branches or rules are dropped, and a positive atom of a kept rule stays.
#include "gdl/ast.h"

namespace ggp::gdl {

// Rewrites `game` in place as above; returns the number of relations copied (0: unchanged,
// unless a query rule itself lost literals or was dropped).
size_t read_queries_without_moves(Game& game);

}  // namespace ggp::gdl
