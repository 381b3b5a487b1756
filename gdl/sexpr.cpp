#include "gdl/sexpr.h"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>
#include <cstring>

#include "gdl/sexpr_stream.h"

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

SExprStream::SExprStream(std::string_view text, const std::string& source, SymbolTable& symbols)
    : text_(text), source_(source), symbols_(symbols) {}

void SExprStream::fail(size_t offset, std::string message) const {
  throw GdlError({Diagnostic{source_, LineIndex(text_).locate(offset), std::move(message)}});
}

SourceLocation SExprStream::locate(size_t offset) {
  while (scanned_ < offset) {
    const void* nl = std::memchr(text_.data() + scanned_, '\n', offset - scanned_);
    if (!nl) {
      scanned_ = offset;
      break;
    }
    scanned_ = static_cast<size_t>(static_cast<const char*>(nl) - text_.data()) + 1;
    ++line_;
    line_start_ = scanned_;
  }
  return {line_, static_cast<uint32_t>(offset - line_start_ + 1)};
}

bool SExprStream::next(SExpr& out) {
  std::vector<SExpr> open;  // the lists being read, innermost last
  bool done = false;
  auto emit = [&](SExpr&& e) {
    if (open.empty()) {
      out = std::move(e);
      done = true;
    } else {
      std::vector<SExpr>& items = open.back().items;
      items.push_back(std::move(e));
    }
  };

  const char* const begin = text_.data();
  const char* const end = begin + text_.size();
  const char* it = begin + offset_;
  while (!done) {
    x3::parse(it, end, filler);
    if (it == end) break;
    size_t offset = static_cast<size_t>(it - begin);
    if (*it == '(') {
      if (open.size() >= kMaxNesting)
        fail(offset, "lists nested deeper than " + std::to_string(kMaxNesting) + " levels");
      SExpr list;
      list.is_list = true;
      list.where = locate(offset);
      open.push_back(std::move(list));
      ++it;
    } else if (*it == ')') {
      if (open.empty() && end_at_stray_close_) {
        stray_close_ = locate(offset);
        it = end;
        break;
      }
      if (open.empty()) fail(offset, "unbalanced ')': no list is open here");
      SExpr finished = std::move(open.back());
      open.pop_back();
      finished.items.shrink_to_fit();
      emit(std::move(finished));
      ++it;
    } else {
      boost::iterator_range<const char*> range;
      if (!x3::parse(it, end, symbol, range)) fail(offset, "unreadable character");
      SExpr atom;
      atom.atom = symbols_.intern(std::string_view(range.begin(), range.size()));
      atom.where = locate(offset);
      emit(std::move(atom));
    }
  }
  offset_ = static_cast<size_t>(it - begin);
  if (!open.empty()) {
    SourceLocation w = open.back().where;
    throw GdlError({Diagnostic{source_, w, "unbalanced '(': this list is never closed"}});
  }
  return done;
}

std::vector<SExpr> read_sexprs(std::string_view text, const std::string& source,
                               SymbolTable& symbols) {
  SExprStream stream(text, source, symbols);
  std::vector<SExpr> top;
  SExpr e;
  while (stream.next(e)) top.push_back(std::move(e));
  return top;
}

}  // namespace ggp::gdl
