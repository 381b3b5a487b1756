#include "gdl/symbol_table.h"

#include <array>
#include <cctype>

namespace ggp::gdl {
namespace {

constexpr std::array<std::string_view, kw::count> kKeywords = {
    "role",     "init",     "true", "next", "legal", "does",  "goal",
    "terminal", "distinct", "not",  "or",   "base",  "input", "<="};

// The keyword id of `text` compared case-insensitively, or kAbsent.
SymbolId keyword_id(std::string_view text) {
  if (text.empty() || text.size() > 8) return SymbolTable::kAbsent;
  // Every keyword starts with one of these (lower-cased by | 0x20, which leaves '<' alone).
  constexpr std::string_view kFirst = "ritnldgob<";
  if (kFirst.find(static_cast<char>(text[0] | 0x20)) == std::string_view::npos)
    return SymbolTable::kAbsent;
  for (SymbolId id = 0; id < kw::count; ++id) {
    std::string_view k = kKeywords[id];
    if (k.size() != text.size()) continue;
    bool same = true;
    for (size_t i = 0; i < k.size() && same; ++i)
      same = std::tolower(static_cast<unsigned char>(text[i])) == k[i];
    if (same) return id;
  }
  return SymbolTable::kAbsent;
}

}  // namespace

SymbolTable::SymbolTable() {
  for (std::string_view k : kKeywords) {
    ids_.emplace(std::string(k), static_cast<SymbolId>(names_.size()));
    names_.emplace_back(k);
  }
}

SymbolId SymbolTable::intern(std::string_view text) {
  if (SymbolId k = keyword_id(text); k != kAbsent) return k;
  thread_local std::string key;  // reused, so that looking up a known symbol does not allocate
  key.assign(text.data(), text.size());
  auto [it, inserted] = ids_.try_emplace(key, static_cast<SymbolId>(names_.size()));
  if (inserted) names_.emplace_back(text);
  return it->second;
}

SymbolId SymbolTable::add_shape(SymbolId name, bool empty_call, size_t arity) {
  auto [it, added] =
      shapes_.try_emplace(shape_key(name, empty_call, arity), static_cast<SymbolId>(names_.size()));
  if (added) {
    names_.push_back(empty_call ? "(" + names_[name] + ")" : names_[name]);
    origins_.emplace(it->second, name);
  }
  return it->second;
}

SymbolId SymbolTable::find(std::string_view text) const {
  if (SymbolId k = keyword_id(text); k != kAbsent) return k;
  auto it = ids_.find(std::string(text));
  return it == ids_.end() ? kAbsent : it->second;
}

}  // namespace ggp::gdl
