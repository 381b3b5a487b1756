#include "gdl/validator.h"

namespace ggp::gdl {

void validate(const Game& game) {
  if (game.roles.empty())
    throw GdlError({Diagnostic{game.source, {}, "the game has no (role ...) fact"}});
}

}  // namespace ggp::gdl
