#include "gdl/parser.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "gdl/name_split.h"
#include "gdl/sexpr_stream.h"

namespace ggp::gdl {
namespace {

// Thrown for one malformed rule; parse_game collects them into one GdlError.
struct RuleError {
  SourceLocation where;
  std::string message;
};

class RuleBuilder {
 public:
  explicit RuleBuilder(const SymbolTable& symbols) : symbols_(symbols) {}

  Term term(const SExpr& e) const {
    if (!e.is_list) {
      Term t;
      t.kind = symbols_.is_variable(e.atom) ? Term::Kind::Variable : Term::Kind::Constant;
      t.name = e.atom;
      return t;
    }
    if (e.items.empty()) throw RuleError{e.where, "empty list '()' is not a term"};
    const SExpr& head = e.items.front();
    if (head.is_list) throw RuleError{head.where, "a function name must be a symbol, not a list"};
    if (symbols_.is_variable(head.atom))
      throw RuleError{head.where, "a function name cannot be a variable"};
    Term t;
    t.kind = Term::Kind::Function;
    t.name = head.atom;
    t.args.reserve(e.items.size() - 1);
    for (size_t i = 1; i < e.items.size(); ++i) t.args.push_back(term(e.items[i]));
    return t;
  }

  // An atomic sentence: a constant or a function term, never a variable.
  Term sentence(const SExpr& e) const {
    Term t = term(e);
    if (t.is_variable())
      throw RuleError{e.where,
                      "a variable cannot stand as a sentence: '" + symbols_.name(t.name) + "'"};
    return t;
  }

  Literal literal(const SExpr& e) const {
    Literal l;
    l.where = e.where;
    if (e.is_list && !e.items.empty() && !e.items[0].is_list) {
      SymbolId op = e.items[0].atom;
      size_t n = e.items.size() - 1;
      if (op == kw::not_) {
        if (n != 1) throw RuleError{e.where, "'not' takes one literal, here " + std::to_string(n)};
        l.kind = Literal::Kind::Not;
        l.children.push_back(literal(e.items[1]));
        return l;
      }
      if (op == kw::distinct) {
        if (n != 2)
          throw RuleError{e.where, "'distinct' takes two terms, here " + std::to_string(n)};
        l.kind = Literal::Kind::Distinct;
        l.term = term(e);
        return l;
      }
      if (op == kw::or_) {
        if (n == 0) throw RuleError{e.where, "'or' needs at least one literal"};
        l.kind = Literal::Kind::Or;
        for (size_t i = 1; i <= n; ++i) l.children.push_back(literal(e.items[i]));
        return l;
      }
    }
    l.kind = Literal::Kind::Atom;
    l.term = sentence(e);
    return l;
  }

  Rule rule(const SExpr& e) const {
    Rule r;
    r.where = e.where;
    if (e.is_list && !e.items.empty() && !e.items[0].is_list && e.items[0].atom == kw::implies) {
      if (e.items.size() < 2) throw RuleError{e.where, "'<=' without a head"};
      r.head = sentence(e.items[1]);
      r.body.reserve(e.items.size() - 2);
      for (size_t i = 2; i < e.items.size(); ++i) r.body.push_back(literal(e.items[i]));
    } else {
      r.head = sentence(e);
    }
    return r;
  }

 private:
  const SymbolTable& symbols_;
};

// Converts expressions one by one into game.rules, collecting the malformed ones; then splits
// the names used in several shapes (gdl/name_split.h) and fills game.roles. `next(e)` yields the
// expressions.
template <class Next>
void build_rules(Game& game, Next&& next) {
  RuleBuilder builder(game.symbols);
  std::vector<Diagnostic> errors;
  const SExpr* e;
  while ((e = next()) != nullptr) {
    try {
      game.rules.push_back(builder.rule(*e));
    } catch (const RuleError& err) {
      errors.push_back({game.source, err.where, err.message});
    }
  }
  if (!errors.empty()) throw GdlError(std::move(errors));
  game.rules.shrink_to_fit();
  split_names(game);
  for (const Rule& r : game.rules)
    if (r.is_fact() && r.head.name == kw::role && r.head.arity() == 1 &&
        r.head.args[0].is_constant())
      game.roles.push_back(r.head.args[0].name);
}

}  // namespace

Game game_from_sexprs(const std::vector<SExpr>& rules, SymbolTable symbols, std::string source) {
  Game game;
  game.source = std::move(source);
  game.symbols = std::move(symbols);
  game.rules.reserve(rules.size());
  size_t i = 0;
  build_rules(game, [&]() { return i < rules.size() ? &rules[i++] : nullptr; });
  return game;
}

// Reads and converts one top-level expression at a time, so the expression tree of the whole
// text never exists at once.
Game parse_game(std::string_view text, std::string source) {
  Game game;
  game.source = std::move(source);
  SExprStream stream(text, game.source, game.symbols);
  stream.end_at_stray_close();
  SExpr e;
  build_rules(game, [&]() { return stream.next(e) ? &e : nullptr; });
  if (const auto& at = stream.stray_close())
    game.notes.push_back({ReadingNote::kNoRule, *at,
                          "unbalanced ')': no list is open here; GGP-Base ends the rule sheet "
                          "here and ignores the rest, and so does this reader"});
  return game;
}

Game parse_game_file(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw GdlError({Diagnostic{path, {}, "is a directory, not a rule sheet"}});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw GdlError({Diagnostic{path, {}, "cannot open the file"}});
  std::string text;
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size >= 0) {  // a regular file: one copy of it, no more
    text.resize(static_cast<size_t>(size));
    in.seekg(0);
    in.read(text.data(), size);
  } else {  // a pipe
    in.clear();
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (in.bad()) throw GdlError({Diagnostic{path, {}, "cannot read the file"}});
  return parse_game(text, path);
}

Term term_from_sexpr(const SExpr& e, const SymbolTable& symbols, const std::string& source) {
  try {
    Term t = RuleBuilder(symbols).term(e);
    if (!use_game_names(t, symbols))
      throw GdlError({Diagnostic{
          source, e.where, "'" + to_string(t, symbols) + "' is written nowhere in the game"}});
    return t;
  } catch (const RuleError& err) {
    throw GdlError({Diagnostic{source, err.where, err.message}});
  }
}

}  // namespace ggp::gdl
