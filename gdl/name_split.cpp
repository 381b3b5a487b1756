#include "gdl/name_split.h"

#include <array>
#include <string>
#include <vector>

namespace ggp::gdl {
namespace {

// A name's shape: its arity, or the call without arguments `(f)`.
struct Shape {
  bool empty_call = false;
  uint32_t arity = 0;
  friend bool operator==(const Shape&, const Shape&) = default;
};

Shape shape_of(const Term& t) {
  return {t.is_function() && t.args.empty(), static_cast<uint32_t>(t.arity())};
}

// The shape GDL gives each keyword used as a sentence; the logical operators have none (inside a
// term they are plain names).
constexpr int kNoShape = -1;
// clang-format off
constexpr std::array<int, kw::count> kKeywordArity = {
    /*role*/ 1, /*init*/ 1, /*true*/ 1, /*next*/ 1, /*legal*/ 2, /*does*/ 2, /*goal*/ 2,
    /*terminal*/ 0, /*distinct*/ kNoShape, /*not*/ kNoShape, /*or*/ kNoShape, /*base*/ 1,
    /*input*/ 2, /*<=*/ kNoShape};
// clang-format on

bool has_gdl_shape(SymbolId name) {
  return name < kw::count && kKeywordArity[name] != kNoShape;
}

std::string plural_args(size_t n) {
  return std::to_string(n) + (n == 1 ? " argument" : " arguments");
}

std::string shape_text(Shape s) {
  return s.empty_call ? "no argument in parentheses" : plural_args(s.arity);
}

// The first use of one shape of a name, as a relation or as a function.
struct Use {
  Shape shape;
  bool relation = false;
  size_t rule = 0;
  SourceLocation where;
};

class NameSplitter {
 public:
  explicit NameSplitter(Game& game) : game_(game), uses_(game.symbols.size()) {}

  void run() {
    for (size_t i = 0; i < game_.rules.size(); ++i) visit_rule(i, &NameSplitter::note_use);
    decide();
    for (size_t i = 0; i < game_.rules.size(); ++i) visit_rule(i, &NameSplitter::rename);
  }

 private:
  using Visit = void (NameSplitter::*)(Term&, bool relation, size_t rule, SourceLocation where);

  // Calls `visit` on every term of rule `i` that names something: sentences (relation = true)
  // and the constants and functions inside them, outermost first.
  void visit_rule(size_t i, Visit visit) {
    Rule& rule = game_.rules[i];
    visit_term(rule.head, true, i, rule.where, visit);
    for (Literal& l : rule.body) visit_literal(l, i, visit);
  }

  void visit_literal(Literal& l, size_t rule, Visit visit) {
    switch (l.kind) {
      case Literal::Kind::Atom:
        visit_term(l.term, true, rule, l.where, visit);
        return;
      case Literal::Kind::Distinct:  // `(distinct a b)`: only its arguments are terms
        for (Term& a : l.term.args) visit_term(a, false, rule, l.where, visit);
        return;
      case Literal::Kind::Not:
      case Literal::Kind::Or:
        for (Literal& c : l.children) visit_literal(c, rule, visit);
        return;
    }
  }

  void visit_term(Term& t, bool relation, size_t rule, SourceLocation where, Visit visit) {
    if (t.is_variable()) return;
    (this->*visit)(t, relation, rule, where);
    for (Term& a : t.args) visit_term(a, false, rule, where, visit);
  }

  void note_use(Term& t, bool relation, size_t rule, SourceLocation where) {
    std::vector<Use>& uses = uses_[t.name];
    Shape s = shape_of(t);
    for (const Use& u : uses)
      if (u.shape == s && u.relation == relation) return;
    uses.push_back({s, relation, rule, where});
  }

  // The shape each name keeps (gdl/name_split.h), the notes, and an id for every other shape.
  void decide() {
    for (SymbolId name = 0; name < uses_.size(); ++name) {
      const std::vector<Use>& uses = uses_[name];
      if (uses.empty()) continue;
      report(name, uses);
      Shape kept = kept_shape(name, uses);
      for (const Use& u : uses)
        if (u.shape.empty_call || !(u.shape == kept))
          game_.symbols.add_shape(name, u.shape.empty_call, u.shape.arity);
    }
  }

  static Shape kept_shape(SymbolId name, const std::vector<Use>& uses) {
    if (has_gdl_shape(name)) return {false, static_cast<uint32_t>(kKeywordArity[name])};
    for (const Use& u : uses)
      if (!u.shape.empty_call && u.shape.arity == 0) return u.shape;
    for (const Use& u : uses)
      if (!u.shape.empty_call) return u.shape;
    return {true, 0};  // only `(f)`: every shape gets an id of its own
  }

  void report(SymbolId name, const std::vector<Use>& uses) {
    const std::string& text = game_.symbols.name(name);
    const Use* first_relation = nullptr;
    const Use* first_function = nullptr;
    for (const Use& u : uses) {
      if (u.relation) {
        if (u.shape.empty_call)
          note(u, "'(" + text +
                      ")' is written with parentheses but no argument; GDL writes a proposition "
                      "without them, and GGP-Base reads it as a sentence apart from '" +
                      text + "'");
        else if (has_gdl_shape(name) && u.shape.arity != uint32_t(kKeywordArity[name]))
          note(u, "'" + text + "' takes " + plural_args(kKeywordArity[name]) + ", here " +
                      std::to_string(u.shape.arity) +
                      "; read as a relation of its own, as GGP-Base reads it");
        else if (!first_relation)
          first_relation = &u;
        else
          note(u, differs("relation", text, u, *first_relation));
      } else if (u.shape.empty_call || u.shape.arity > 0) {
        if (u.shape.empty_call && has_constant(uses))
          note(u, "'(" + text + ")' is written with parentheses but no argument beside the " +
                      "constant '" + text + "'; GGP-Base reads them as two terms, and so does " +
                      "this reader");
        if (name < kw::count)
          note(u, "the keyword '" + text +
                      "' is used as a function symbol; inside a term it is just a name, as "
                      "GGP-Base reads it");
        if (!first_function)
          first_function = &u;
        else
          note(u, differs("function", text, u, *first_function));
      }
    }
  }

  static bool has_constant(const std::vector<Use>& uses) {
    for (const Use& u : uses)
      if (!u.shape.empty_call && u.shape.arity == 0) return true;
    return false;
  }

  static std::string differs(const char* what, const std::string& name, const Use& here,
                             const Use& first) {
    return std::string("the ") + what + " '" + name + "' is used here with " +
           shape_text(here.shape) + " but with " + shape_text(first.shape) + " at " +
           std::to_string(first.where.line) + ":" + std::to_string(first.where.column) +
           "; read as two names, as GGP-Base reads them";
  }

  void note(const Use& u, std::string message) {
    game_.notes.push_back({u.rule, u.where, std::move(message)});
  }

  void rename(Term& t, bool, size_t, SourceLocation) {
    Shape s = shape_of(t);
    t.name = game_.symbols.shape(t.name, s.empty_call, s.arity);
    if (s.empty_call) t.kind = Term::Kind::Constant;
  }

  Game& game_;
  std::vector<std::vector<Use>> uses_;  // by SymbolId: the first use of each shape and position
};

}  // namespace

void split_names(Game& game) {
  NameSplitter(game).run();
}

bool use_game_names(Term& term, const SymbolTable& symbols) {
  if (term.is_variable()) return true;
  Shape s = shape_of(term);
  SymbolId name = symbols.shape(term.name, s.empty_call, s.arity);
  if (s.empty_call) {
    if (name == term.name) return false;
    term.kind = Term::Kind::Constant;
  }
  term.name = name;
  for (Term& a : term.args)
    if (!use_game_names(a, symbols)) return false;
  return true;
}

}  // namespace ggp::gdl
