#include "gdl/loader.h"

#include "gdl/moveless_queries.h"
#include "gdl/parser.h"
#include "gdl/unsafe_rules.h"
#include "gdl/validator.h"

namespace ggp::gdl {

std::shared_ptr<const Game> load_game(Game game, std::vector<Diagnostic>* warnings) {
  validate(game, warnings);
  read_queries_without_moves(game);
  make_rules_safe(game);
  return std::make_shared<const Game>(std::move(game));
}

std::shared_ptr<const Game> load_game_file(const std::string& path) {
  return load_game(parse_game_file(path));
}

std::shared_ptr<const Game> load_game_text(std::string_view text, std::string source) {
  return load_game(parse_game(text, std::move(source)));
}

}  // namespace ggp::gdl
