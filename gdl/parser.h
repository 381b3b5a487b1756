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

// Parses a whole rule sheet. Throws GdlError listing every malformed rule.
Game parse_game(std::string_view text, std::string source = "<rules>");

// Reads and parses a .kif file; a file that cannot be read is a GdlError too.
Game parse_game_file(const std::string& path);

// Builds a game from rules already read, e.g. the rule list of a START message. `symbols` must be
// the table the expressions were read with.
Game game_from_sexprs(const std::vector<SExpr>& rules, SymbolTable symbols, std::string source);

// A term from an expression (e.g. a move in a PLAY message). Throws GdlError if it is not a term.
Term term_from_sexpr(const SExpr& e, const SymbolTable& symbols, const std::string& source);

}  // namespace ggp::gdl
