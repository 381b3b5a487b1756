// The header a shipped game opens with: the title and the machine-readable Kind line.
#include <doctest/doctest.h>

#include "gdl/game_header.h"

namespace ggp::gdl {
namespace {

TEST_CASE("game header: the title and the Kind line of the leading comment block") {
  const GameHeader h = read_game_header(
      "; Blotto: split soldiers.\n"
      "; Board: 5 battlefields. Roles: red, blue. Draw: none.\n"
      ";  Kind: 2 players, simultaneous, zero-sum \n"
      "\n(role red)\n");
  CHECK(h.title == "Blotto");
  REQUIRE(h.kind);
  CHECK(h.kind->players == 2);
  CHECK(h.kind->turns == "simultaneous");
  CHECK(h.kind->zero_sum());
  CHECK(h.problem.empty());
}

TEST_CASE("game header: a Kind line after the first rule does not count; malformed ones are named") {
  GameHeader late = read_game_header("; Game: rules.\n(role a)\n; Kind: 2 players, alternating, zero-sum\n");
  CHECK_FALSE(late.kind);
  CHECK(late.problem == "no Kind line");
  GameHeader bad = read_game_header("; Kind: 2 players, sometimes, zero-sum\n(role a)\n");
  CHECK_FALSE(bad.kind);
  CHECK(bad.problem.find("malformed") != std::string::npos);
}

TEST_CASE("game kind: counts, turn kinds, sum kinds, and a puzzle is one player") {
  CHECK(parse_game_kind("1 player, puzzle, general-sum"));
  CHECK(parse_game_kind("6 players, alternating, general-sum")->players == 6);
  CHECK_FALSE(parse_game_kind("1 players, puzzle, general-sum"));
  CHECK_FALSE(parse_game_kind("2 player, alternating, zero-sum"));
  CHECK_FALSE(parse_game_kind("2 players, puzzle, zero-sum"));
  CHECK_FALSE(parse_game_kind("1 player, alternating, zero-sum"));
  CHECK_FALSE(parse_game_kind("0 players, simultaneous, zero-sum"));
  CHECK_FALSE(parse_game_kind("two players, alternating, zero-sum"));
  CHECK_FALSE(parse_game_kind("2 players, alternating, constant-sum"));
  CHECK_FALSE(parse_game_kind("2 players, alternating"));
}

}  // namespace
}  // namespace ggp::gdl
