#include "gdl/sexpr.h"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>

namespace ggp::gdl {
namespace {

namespace x3 = boost::spirit::x3;

// The lexical grammar of KIF as used by GDL. Character sets are spelled out rather than taken
// from a locale so that bytes above 127 (UTF-8 in names) are plain symbol characters.
const auto white = x3::char_(" \t\r\n\f\v");
const auto comment = x3::lit(';') >> *(x3::char_ - x3::char_("\r\n"));
const auto filler = *(white | comment);
const auto symbol = x3::raw[+(x3::char_ - white - x3::char_("();"))];

}  // namespace

LineIndex::LineIndex(std::string_view text) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_starts_.push_back(i + 1);
}

SourceLocation LineIndex::locate(size_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts_.begin());
  return {static_cast<uint32_t>(line), static_cast<uint32_t>(offset - line_starts_[line - 1] + 1)};
}

std::vector<SExpr> read_sexprs(std::string_view text, const std::string& source,
                               SymbolTable& symbols) {
  LineIndex lines(text);
  auto fail = [&](size_t offset, std::string message) {
    throw GdlError({Diagnostic{source, lines.locate(offset), std::move(message)}});
  };

  std::vector<SExpr> top;
  std::vector<SExpr> open;  // the lists being read, innermost last
  auto emit = [&](SExpr&& e) {
    if (open.empty())
      top.push_back(std::move(e));
    else
      open.back().items.push_back(std::move(e));
  };

  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* it = begin;
  while (true) {
    x3::parse(it, end, filler);
    if (it == end) break;
    size_t offset = static_cast<size_t>(it - begin);
    if (*it == '(') {
      if (open.size() >= kMaxNesting)
        fail(offset, "lists nested deeper than " + std::to_string(kMaxNesting) + " levels");
      SExpr list;
      list.is_list = true;
      list.where = lines.locate(offset);
      open.push_back(std::move(list));
      ++it;
    } else if (*it == ')') {
      if (open.empty()) fail(offset, "unbalanced ')': no list is open here");
      SExpr done = std::move(open.back());
      open.pop_back();
      emit(std::move(done));
      ++it;
    } else {
      boost::iterator_range<const char*> range;
      if (!x3::parse(it, end, symbol, range)) fail(offset, "unreadable character");
      SExpr atom;
      atom.atom = symbols.intern(std::string_view(range.begin(), range.size()));
      atom.where = lines.locate(offset);
      emit(std::move(atom));
    }
  }
  if (!open.empty()) {
    SourceLocation w = open.back().where;
    throw GdlError({Diagnostic{source, w, "unbalanced '(': this list is never closed"}});
  }
  return top;
}

}  // namespace ggp::gdl
