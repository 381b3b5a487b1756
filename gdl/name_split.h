#pragma once
// A name used in several shapes is several names, as GGP-Base reads it. A shape is an arity, or
// the call without arguments `(f)`, which GGP-Base keeps apart from the constant `f` (its trace of
// ggp-base_test/test_case_3a: `(<= (open2) ...)` does not make `open2` true). The GDL
// specification gives every relation and function one arity; real games do not keep to it:
// dresden/Checkers_grounded has `(canJump ?x)` and `(canJump ?a ?b ?c ?d ?e)`, Connect4_grounded
// the proposition `open` and the relation `(open ?c)`, gameofsquares `(next a b c)` beside
// `(next f)`, Qyshinsu `(base a b)`.
//
// split_names gives every shape of a name but one an id of its own (SymbolTable::add_shape), and
// rewrites every term of the game to use it, so every later pass and machine sees one shape per
// name and needs to know nothing of this:
// - the shape kept by the name itself: for a keyword its GDL shape (`next` with one argument: a
//   keyword in another shape is a relation of its own that no query of a machine asks, as in
//   GGP-Base); else the constant (so roles and moves read from messages keep their ids); else
//   the shape met first;
// - `(f)` always becomes the constant `(f)` (SymbolTable::add_shape's name for it), so it prints
//   `(f)`, as GGP-Base prints it, in states, moves and on the wire.
// Each name used as a relation in two arities, or as a function in two, or written `(p)` as a
// sentence, or a keyword in another shape, leaves a ReadingNote in game.notes, which the validator
// reports as a warning (an error under `ggp check --strict`).
//
// Where GGP-Base differs: its unifier compares a rule head with a query only over the head's
// arguments, so a head with fewer arguments than the query matches it, and one with more throws
// (dresden/Nine_Mens_Morris_0.11_2p's first next state, stanford/jointsukoshi's legal moves). Games
// where that matters cannot be played by GGP-Base; this reader gives them the GDL meaning of
// separate names.
#include "gdl/ast.h"

namespace ggp::gdl {

// Splits the names of `game` as above, in place. Parsing does it (gdl/parser.h).
void split_names(Game& game);

// Gives `term`, read after its game (e.g. a move of a PLAY message), the game's names for its
// shapes, as split_names gave them to the rules. False if it holds an empty call `(f)` that the
// game never writes: no term of the game is equal to it.
bool use_game_names(Term& term, const SymbolTable& symbols);

}  // namespace ggp::gdl
