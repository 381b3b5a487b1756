#pragma once
// Interned symbols: every constant, function name, relation name and variable of a rule sheet gets a
// dense id. Symbols keep the rule sheet's case; GDL keywords are matched case-insensitively and
// always get the fixed ids below, so code can compare with `kw::true_` instead of strings.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ggp::gdl {

using SymbolId = uint32_t;

// The GDL keywords, interned first in this order by every SymbolTable.
namespace kw {
inline constexpr SymbolId role = 0;
inline constexpr SymbolId init = 1;
inline constexpr SymbolId true_ = 2;
inline constexpr SymbolId next = 3;
inline constexpr SymbolId legal = 4;
inline constexpr SymbolId does = 5;
inline constexpr SymbolId goal = 6;
inline constexpr SymbolId terminal = 7;
inline constexpr SymbolId distinct = 8;
inline constexpr SymbolId not_ = 9;
inline constexpr SymbolId or_ = 10;
inline constexpr SymbolId base = 11;
inline constexpr SymbolId input = 12;
inline constexpr SymbolId implies = 13;  // `<=`
inline constexpr SymbolId count = 14;
}  // namespace kw

class SymbolTable {
 public:
  SymbolTable();

  // The id of `text`, interning it if new. Keywords are recognised whatever their case.
  SymbolId intern(std::string_view text);
  // The id of `text` if it was interned, or kAbsent.
  SymbolId find(std::string_view text) const;
  const std::string& name(SymbolId id) const { return names_[id]; }
  bool is_variable(SymbolId id) const { return !names_[id].empty() && names_[id][0] == '?'; }
  bool is_keyword(SymbolId id) const { return id < kw::count; }
  size_t size() const { return names_.size(); }

  static constexpr SymbolId kAbsent = UINT32_MAX;

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, SymbolId> ids_;
};

}  // namespace ggp::gdl
