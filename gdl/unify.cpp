#include "gdl/unify.h"

#include <utility>
#include <vector>

namespace ggp::gdl {
namespace {

// A term of one side of the problem: side 0 is `a`, side 1 is `b`.
struct Side {
  const Term* term;
  int side;
};

class Unifier {
 public:
  bool unify(Side x, Side y) {
    x = resolve(x);
    y = resolve(y);
    if (x.term->is_variable() && y.term->is_variable() && x.side == y.side &&
        x.term->name == y.term->name)
      return true;
    if (x.term->is_variable()) return bind(x, y);
    if (y.term->is_variable()) return bind(y, x);
    if (x.term->kind != y.term->kind || x.term->name != y.term->name ||
        x.term->arity() != y.term->arity())
      return false;
    for (size_t i = 0; i < x.term->arity(); ++i)
      if (!unify({&x.term->args[i], x.side}, {&y.term->args[i], y.side})) return false;
    return true;
  }

 private:
  const Side* binding(Side v) const {
    for (const auto& [var, value] : bindings_)
      if (var.side == v.side && var.term->name == v.term->name) return &value;
    return nullptr;
  }

  Side resolve(Side x) const {
    while (x.term->is_variable()) {
      const Side* b = binding(x);
      if (!b) break;
      x = *b;
    }
    return x;
  }

  bool occurs(Side v, Side in) const {
    in = resolve(in);
    if (in.term->is_variable()) return in.side == v.side && in.term->name == v.term->name;
    for (const Term& a : in.term->args)
      if (occurs(v, {&a, in.side})) return true;
    return false;
  }

  bool bind(Side v, Side value) {
    if (occurs(v, value)) return false;
    bindings_.emplace_back(v, value);
    return true;
  }

  std::vector<std::pair<Side, Side>> bindings_;  // few per problem: a linear scan is fastest
};

}  // namespace

bool unifiable(const Term& a, const Term& b) {
  if (a.name != b.name || a.arity() != b.arity()) {
    if (!a.is_variable() && !b.is_variable()) return false;
  }
  return Unifier().unify({&a, 0}, {&b, 1});
}

}  // namespace ggp::gdl
