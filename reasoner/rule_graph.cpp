#include "reasoner/rule_graph.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

namespace ggp::reasoner {

bool unifiable(const std::vector<ITerm>& a, const std::vector<ITerm>& b) {
  if (a.size() != b.size()) return false;
  using Side = std::pair<int, const ITerm*>;  // a term and the side its variables belong to
  std::map<std::pair<int, uint32_t>, Side> subst;
  auto walk = [&](int side, const ITerm* t) {
    while (t->kind == ITerm::Var) {
      auto it = subst.find({side, t->value});
      if (it == subst.end()) break;
      std::tie(side, t) = it->second;
    }
    return Side{side, t};
  };
  std::function<bool(int, const ITerm*, int, const ITerm*)> unify = [&](int sx, const ITerm* x,
                                                                        int sy, const ITerm* y) {
    std::tie(sx, x) = walk(sx, x);
    std::tie(sy, y) = walk(sy, y);
    if (x->kind == ITerm::Var) {
      if (!(y->kind == ITerm::Var && sx == sy && x->value == y->value)) subst[{sx, x->value}] = {sy, y};
      return true;
    }
    if (y->kind == ITerm::Var) {
      subst[{sy, y->value}] = {sx, x};
      return true;
    }
    if (x->kind != y->kind || x->value != y->value || x->args.size() != y->args.size()) return false;
    for (size_t i = 0; i < x->args.size(); ++i)
      if (!unify(sx, &x->args[i], sy, &y->args[i])) return false;
    return true;
  };
  for (size_t i = 0; i < a.size(); ++i)
    if (!unify(0, &a[i], 1, &b[i])) return false;
  return true;
}

}  // namespace ggp::reasoner
