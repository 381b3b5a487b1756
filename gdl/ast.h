#pragma once
// The rule AST of a GDL game: terms, literals, rules. Produced by the parser (gdl/parser.h) and
// checked by the validator (gdl/validator.h); every later layer builds its own representation
// from it, so it favours clarity over speed.
#include <cstdint>
#include <string>
#include <vector>

#include "gdl/source_location.h"
#include "gdl/symbol_table.h"

namespace ggp::gdl {

struct Term {
  enum class Kind : uint8_t { Constant, Variable, Function };
  Kind kind = Kind::Constant;
  SymbolId name = 0;       // the constant, the variable (with its '?') or the function symbol
  std::vector<Term> args;  // arguments of a Function; empty otherwise

  bool is_constant() const { return kind == Kind::Constant; }
  bool is_variable() const { return kind == Kind::Variable; }
  bool is_function() const { return kind == Kind::Function; }
  size_t arity() const { return args.size(); }
  bool is_ground() const;
  friend bool operator==(const Term&, const Term&) = default;
};

// A body literal. An atomic sentence (including `true` and `does`) is an Atom whose term is the
// sentence; `(not L)` is Not with one child; `(distinct a b)` is Distinct with term.args = {a, b};
// `(or L1 ... Ln)` is Or with the disjuncts as children.
struct Literal {
  enum class Kind : uint8_t { Atom, Not, Distinct, Or };
  Kind kind = Kind::Atom;
  Term term;
  std::vector<Literal> children;
  SourceLocation where;
};

// `(<= head body...)`, or a fact when the body is empty.
struct Rule {
  Term head;
  std::vector<Literal> body;
  SourceLocation where;
  bool is_fact() const { return body.empty(); }
};

// Something the reader read as GGP-Base reads it although the GDL specification forbids it (a
// stray ')', a name used in several shapes): the validator reports it as a warning.
struct ReadingNote {
  static constexpr size_t kNoRule = SIZE_MAX;
  size_t rule = kNoRule;  // the index in Game::rules (as parsed) of its rule, or kNoRule
  SourceLocation where;
  std::string message;
};

// A whole rule sheet. The symbol table is shared with everything that prints terms of this game.
struct Game {
  std::string source;  // file name, or "<rules>" for rules from a message
  SymbolTable symbols;
  std::vector<Rule> rules;
  std::vector<SymbolId> roles;  // in the order of the rule sheet's (role ...) facts
  std::vector<ReadingNote> notes;
};

// The relation of an atomic sentence: its name (the constant, or the function symbol).
inline SymbolId relation_of(const Term& atom) { return atom.name; }

// `(f a b)` or `a`, single spaces, in the rule sheet's case; the form the traces and moves use.
std::string to_string(const Term& term, const SymbolTable& symbols);
void append_to_string(const Term& term, const SymbolTable& symbols, std::string& out);
std::string to_string(const Literal& literal, const SymbolTable& symbols);
std::string to_string(const Rule& rule, const SymbolTable& symbols);

}  // namespace ggp::gdl
