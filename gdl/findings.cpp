#include "gdl/findings.h"

#include <algorithm>

namespace ggp::gdl {
namespace {

// Appends `term`, stopping once `out` is longer than `max`; false if it stopped.
bool append_bounded(const Term& term, const SymbolTable& symbols, size_t max, std::string& out) {
  if (out.size() > max) return false;
  if (!term.is_function()) {
    out += symbols.name(term.name);
    return true;
  }
  out += '(';
  out += symbols.name(term.name);
  for (const Term& a : term.args) {
    out += ' ';
    if (!append_bounded(a, symbols, max, out)) return false;
  }
  out += ')';
  return true;
}

bool append_bounded(const Literal& l, const SymbolTable& symbols, size_t max, std::string& out) {
  if (out.size() > max) return false;
  switch (l.kind) {
    case Literal::Kind::Atom:
      return append_bounded(l.term, symbols, max, out);
    case Literal::Kind::Distinct:
      return append_bounded(l.term, symbols, max, out);  // printed as (distinct a b)
    case Literal::Kind::Not:
    case Literal::Kind::Or:
      out += l.kind == Literal::Kind::Not ? "(not" : "(or";
      for (const Literal& c : l.children) {
        out += ' ';
        if (!append_bounded(c, symbols, max, out)) return false;
      }
      out += ')';
      return true;
  }
  return true;
}

std::string cut(std::string text, bool complete, size_t max) {
  if (complete && text.size() <= max) return text;
  text.resize(std::min(text.size(), max));
  return text + " ...";
}

}  // namespace

std::string excerpt(const Term& term, const SymbolTable& symbols, size_t max) {
  std::string out;
  bool complete = append_bounded(term, symbols, max, out);
  return cut(std::move(out), complete, max);
}

std::string excerpt(const Rule& rule, const SymbolTable& symbols, size_t max) {
  std::string out;
  if (rule.is_fact()) {
    bool complete = append_bounded(rule.head, symbols, max, out);
    return cut(std::move(out), complete, max);
  }
  out = "(<= ";
  bool complete = append_bounded(rule.head, symbols, max, out);
  for (size_t i = 0; i < rule.body.size() && complete; ++i) {
    out += ' ';
    complete = append_bounded(rule.body[i], symbols, max, out);
  }
  if (complete) out += ')';
  return cut(std::move(out), complete, max);
}

std::string chain_text(const std::vector<SymbolId>& chain, const SymbolTable& symbols) {
  std::string text;
  for (SymbolId r : chain) {
    if (!text.empty()) text += " -> ";
    text += symbols.name(r);
  }
  return text;
}

void Findings::add(std::vector<Diagnostic>& to, size_t& dropped, const Rule* rule,
                   SourceLocation where, const std::string& message) {
  if (to.size() >= kMaxKept) {
    ++dropped;
    return;
  }
  std::string text = message;
  if (rule) {
    text += "\n    in rule: " + excerpt(*rule, game_.symbols);
  }
  to.push_back(Diagnostic{game_.source, where, std::move(text)});
}

void Findings::error(const Rule& rule, SourceLocation where, const std::string& message) {
  add(report_.errors, dropped_errors_, &rule, where, message);
}

void Findings::warning(const Rule& rule, SourceLocation where, const std::string& message) {
  add(report_.warnings, dropped_warnings_, &rule, where, "warning: " + message);
}

void Findings::note(const ReadingNote& note) {
  const Rule* rule = note.rule < game_.rules.size() ? &game_.rules[note.rule] : nullptr;
  add(report_.warnings, dropped_warnings_, rule, note.where, "warning: " + note.message);
}

void Findings::error(const std::string& message) {
  add(report_.errors, dropped_errors_, nullptr, {}, message);
}

void Findings::warning(const std::string& message) {
  add(report_.warnings, dropped_warnings_, nullptr, {}, "warning: " + message);
}

ValidationReport Findings::take() {
  auto by_place = [](const Diagnostic& a, const Diagnostic& b) {
    return a.where.line != b.where.line ? a.where.line < b.where.line
                                        : a.where.column < b.where.column;
  };
  std::stable_sort(report_.errors.begin(), report_.errors.end(), by_place);
  std::stable_sort(report_.warnings.begin(), report_.warnings.end(), by_place);
  if (dropped_errors_ > 0)
    report_.errors.push_back(
        {game_.source, {}, "... and " + std::to_string(dropped_errors_) + " more errors"});
  if (dropped_warnings_ > 0)
    report_.warnings.push_back(
        {game_.source, {}, "... and " + std::to_string(dropped_warnings_) + " more warnings"});
  dropped_errors_ = dropped_warnings_ = 0;
  return std::move(report_);
}

}  // namespace ggp::gdl
