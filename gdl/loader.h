#pragma once
// Parse and validate in one step: what every consumer of rule sheets calls.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gdl/ast.h"

namespace ggp::gdl {

// A validated game from a .kif file or from rule text, rewritten as GGP-Base's prover reads it:
// legal, goal and terminal without moves (gdl/moveless_queries.h), then the unsafe rules as safe
// ones (gdl/unsafe_rules.h), so every machine sees the same meaning. Throws GdlError.
std::shared_ptr<const Game> load_game_file(const std::string& path);
std::shared_ptr<const Game> load_game_text(std::string_view text, std::string source = "<rules>");
// Validates an already parsed game (e.g. from a START message) and shares it; the validator's
// warnings (GDL that GGP-Base reads but the specification forbids) go to `*warnings` when given.
std::shared_ptr<const Game> load_game(Game game, std::vector<Diagnostic>* warnings = nullptr);

}  // namespace ggp::gdl
