#pragma once
// Rule sheets to the rule AST. Parsing checks the form of each rule (a `<=` has a head, `not` one
// argument, `distinct` two, variables are not sentences, ...); the semantic checks (safety,
// stratification, arity, ...) are the validator's (gdl/validator.h).
#include <string>
#include <string_view>
#include <vector>

#include "gdl/ast.h"
#include "gdl/sexpr.h"

namespace ggp::gdl {

// Parses a whole rule sheet. Throws GdlError listing every malformed rule. Reads as GGP-Base
// does where it is looser than GDL, leaving a ReadingNote for each such place: a ')' that closes
// no list ends the rule sheet (GGP-Base wraps the sheet in one list, which it closes), and a name
// used in several shapes is several names (gdl/name_split.h).
Game parse_game(std::string_view text, std::string source = "<rules>");

// Reads and parses a .kif file; a file that cannot be read is a GdlError too.
Game parse_game_file(const std::string& path);

// Builds a game from rules already read, e.g. the rule list of a START message. `symbols` must be
// the table the expressions were read with.
Game game_from_sexprs(const std::vector<SExpr>& rules, SymbolTable symbols, std::string source);

// A term from an expression (e.g. a move in a PLAY message), in the game's names for the shapes
// of its names (gdl/name_split.h). Throws GdlError if it is not a term, or holds an empty call
// `(f)` that the game never writes.
Term term_from_sexpr(const SExpr& e, const SymbolTable& symbols, const std::string& source);

}  // namespace ggp::gdl
