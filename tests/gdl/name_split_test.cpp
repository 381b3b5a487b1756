// Reading as GGP-Base reads (gdl/name_split.h, gdl/parser.h): a name in several shapes is several
// names, `(f)` is not `f`, a stray ')' ends the rule sheet; each leaves a note the validator
// reports as a warning.
#include <doctest/doctest.h>

#include <string>

#include "gdl/parser.h"
#include "gdl/sexpr.h"
#include "validation_helpers.h"

using namespace ggp::gdl;
using namespace ggp::gdl::testing;

namespace {

std::string notes_of(const Game& g) {
  std::string text;
  for (const ReadingNote& n : g.notes)
    text += std::to_string(n.where.line) + ":" + std::to_string(n.where.column) + " " + n.message +
            "\n";
  return text;
}

}  // namespace

TEST_CASE("names: a relation used with two arities is two relations") {
  Game g =
      parse_game("(canJump 1)\n(canJump 1 2 3)\n(<= p (canJump ?x))\n(<= q (canJump ?x ?y ?z))");
  SymbolId one = g.rules[0].head.name, three = g.rules[1].head.name;
  CHECK(one != three);
  CHECK(g.rules[2].body[0].term.name == one);
  CHECK(g.rules[3].body[0].term.name == three);
  // Both print under their name, so texts (states, moves) read back the same.
  CHECK(to_string(g.rules[1].head, g.symbols) == "(canJump 1 2 3)");
  CHECK(g.symbols.origin(three) == one);
  CHECK(notes_of(g) ==
        "2:1 the relation 'canJump' is used here with 3 arguments but with 1 "
        "argument at 1:1; read as two names, as GGP-Base reads them\n");
}

TEST_CASE("names: the constant keeps the name, whatever comes first") {
  Game g = parse_game("(cell (open 1))\n(cell open)\n(open 2 3)");
  SymbolId constant = g.rules[1].head.args[0].name;
  CHECK(g.symbols.name(constant) == "open");
  CHECK(!g.symbols.is_shape(constant));
  CHECK(g.symbols.is_shape(g.rules[0].head.args[0].name));
  // `open` as a relation of two arguments and as a function of one: names of their own too.
  CHECK(g.rules[2].head.name != g.rules[0].head.args[0].name);
  CHECK(notes_of(g).find("the function 'open'") == std::string::npos);
}

TEST_CASE("names: a function used with two arities is two functions") {
  Game g = parse_game("(init (cell 1 2))\n(init (cell 1 2 3))");
  CHECK(g.rules[0].head.args[0].name != g.rules[1].head.args[0].name);
  CHECK(notes_of(g).find("2:1 the function 'cell' is used here with 3 arguments but with 2") == 0);
}

TEST_CASE("names: (f) is a constant of its own, printed (f), never f") {
  Game g = parse_game(
      "(<= (open2) (true (cell b)))\n(<= open2 (true c))\n(init (mark (x)))\n(init (mark x))");
  const Term& empty = g.rules[0].head;
  CHECK(empty.is_constant());
  CHECK(to_string(empty, g.symbols) == "(open2)");
  CHECK(empty.name != g.rules[1].head.name);
  CHECK(to_string(g.rules[2].head, g.symbols) == "(init (mark (x)))");
  CHECK(g.rules[2].head.args[0].args[0].name != g.rules[3].head.args[0].args[0].name);
  CHECK(notes_of(g).find("1:1 '(open2)' is written with parentheses but no argument") == 0);
  CHECK(notes_of(g).find("3:1 '(x)' is written with parentheses but no argument beside the "
                         "constant 'x'") != std::string::npos);
}

TEST_CASE("names: a keyword in another shape is a relation of its own") {
  Game g = parse_game(
      "(role r)\n(<= (next a b c) (true p))\n(<= (next p) (true p))\n(base a b)\n"
      "(<= (legal r a x) (true p))\n(<= (terminal) (true p))");
  CHECK(g.rules[1].head.name != kw::next);
  CHECK(g.rules[2].head.name == kw::next);
  CHECK(g.rules[3].head.name != kw::base);
  CHECK(g.rules[4].head.name != kw::legal);
  CHECK(g.rules[5].head.name != kw::terminal);
  std::string notes = notes_of(g);
  CHECK(notes.find("2:1 'next' takes 1 argument, here 3; read as a relation of its own") !=
        std::string::npos);
  CHECK(notes.find("4:1 'base' takes 1 argument, here 2") != std::string::npos);
  CHECK(notes.find("5:1 'legal' takes 2 arguments, here 3") != std::string::npos);
  CHECK(notes.find("6:1 '(terminal)' is written with parentheses") != std::string::npos);
}

TEST_CASE("names: a keyword as a function symbol is a plain name inside the term") {
  Game g = parse_game("(init (owner (role x)))\n(clause 1 (not 18))");
  CHECK(to_string(g.rules[0].head, g.symbols) == "(init (owner (role x)))");
  std::string notes = notes_of(g);
  CHECK(notes.find("1:1 the keyword 'role' is used as a function symbol") != std::string::npos);
  CHECK(notes.find("2:1 the keyword 'not' is used as a function symbol") != std::string::npos);
}

TEST_CASE("names: a name in one shape is left alone, with no note") {
  Game g = parse_game(std::string(kGame));
  CHECK(g.notes.empty());
  for (SymbolId s = 0; s < g.symbols.size(); ++s) CHECK(!g.symbols.is_shape(s));
}

TEST_CASE("names: a term read after the game gets the game's names") {
  Game g = parse_game(
      "(role r)\n(init (mark 1))\n(init (mark 1 2))\n(<= (legal r (go)) (true (mark 1)))\n"
      "(<= (legal r go) (true (mark 1)))");
  auto read = [&](const char* text) {
    SymbolTable symbols = g.symbols;
    return term_from_sexpr(read_sexprs(text, "<text>", symbols)[0], symbols, "<text>");
  };
  CHECK(read("(mark 1 2)") == g.rules[2].head.args[0]);
  CHECK(read("(mark 1)") == g.rules[1].head.args[0]);
  CHECK(read("(go)") == g.rules[3].head.args[1]);
  CHECK(read("go") == g.rules[4].head.args[1]);
  CHECK(!(read("(go)") == read("go")));
  // An empty call the game never writes is no term of the game.
  CHECK_THROWS_AS(read("(mark)"), GdlError);
}

TEST_CASE("names: a stray ')' ends the rule sheet, as in GGP-Base") {
  Game g = parse_game("(role x)\n(init p))\n(mn m)\n(((");
  CHECK(g.rules.size() == 2);
  CHECK(notes_of(g) ==
        "2:9 unbalanced ')': no list is open here; GGP-Base ends the rule sheet "
        "here and ignores the rest, and so does this reader\n");
}

TEST_CASE("validator: the reader's notes are warnings, not errors") {
  std::string snippet = "(foo a)\n(<= (bar ?x) (foo ?x b))\n";
  CHECK(errors_with(snippet) == "");
  std::string w = warnings_with(snippet);
  CHECK(w.find("t.kif:8:14: warning: the relation 'foo' is used here with 2 arguments but with 1 "
               "argument at 7:1") != std::string::npos);
  CHECK(w.find("in rule: (<= (bar ?x) (foo ?x b))") != std::string::npos);
  CHECK(
      warnings_with("(<= (legal r a b) (true p))\n").find("t.kif:7:1: warning: 'legal' takes 2") !=
      std::string::npos);
  CHECK(warnings_with("(<= (legal r (does r a)) (true p))\n")
            .find("t.kif:7:1: warning: the keyword 'does' is used as a function symbol") !=
        std::string::npos);
  CHECK(warnings_with(")\n(foo a)").find("t.kif:7:1: warning: unbalanced ')'") !=
        std::string::npos);
}
