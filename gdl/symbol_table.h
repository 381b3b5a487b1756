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

  // A name used in several shapes is several names, as GGP-Base reads it (gdl/name_split.h): a
  // shape is an arity, or the call without arguments `(f)` beside the constant `f`. add_shape gives
  // a further shape of `name` an id of its own, printed as `name` (as `(name)` for the empty call),
  // which is no keyword and which intern() never returns.
  SymbolId add_shape(SymbolId name, bool empty_call, size_t arity);
  // The id of `name` used in this shape: the one add_shape gave it, else `name` itself.
  SymbolId shape(SymbolId name, bool empty_call, size_t arity) const {
    if (shapes_.empty()) return name;
    auto it = shapes_.find(shape_key(name, empty_call, arity));
    return it == shapes_.end() ? name : it->second;
  }
  // Whether add_shape made `id`.
  bool is_shape(SymbolId id) const { return origins_.contains(id); }
  // The interned name a shape was made from; `id` itself for an interned symbol.
  SymbolId origin(SymbolId id) const {
    auto it = origins_.find(id);
    return it == origins_.end() ? id : it->second;
  }

  static constexpr SymbolId kAbsent = UINT32_MAX;

 private:
  static uint64_t shape_key(SymbolId name, bool empty_call, size_t arity) {
    return uint64_t{name} << 32 | (empty_call ? 1u << 31 : 0u) | static_cast<uint32_t>(arity);
  }

  std::vector<std::string> names_;
  std::unordered_map<std::string, SymbolId> ids_;
  std::unordered_map<uint64_t, SymbolId> shapes_;   // shape_key -> id made by add_shape
  std::unordered_map<SymbolId, SymbolId> origins_;  // id made by add_shape -> its name
};

}  // namespace ggp::gdl
