#include "gdl/moveless_queries.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gdl/dependency_graph.h"

namespace ggp::gdl {
namespace {

class MovelessReader {
 public:
  explicit MovelessReader(Game& game)
      : game_(game), graph_(game), tainted_(graph_.dependents_closure({kw::does})) {}

  size_t run() {
    if (!depends_on_moves(kw::legal) && !depends_on_moves(kw::goal) &&
        !depends_on_moves(kw::terminal))
      return 0;
    std::vector<Rule> rules;
    rules.reserve(game_.rules.size());
    for (const Rule& r : game_.rules) {
      SymbolId head = relation_of(r.head);
      bool query = head == kw::legal || head == kw::goal || head == kw::terminal;
      if (!query || !depends_on_moves(head)) {
        rules.push_back(r);
        continue;
      }
      if (std::optional<Rule> kept = without_moves(r)) rules.push_back(std::move(*kept));
    }
    // The copies' rules, made as calls reach them (a copy's rules may call further copies).
    for (size_t i = 0; i < pending_.size(); ++i) {
      auto [original, copy] = pending_[i];
      for (const Rule& r : game_.rules) {
        if (relation_of(r.head) != original) continue;
        std::optional<Rule> kept = without_moves(r);
        if (!kept) continue;
        kept->head.name = copy;
        rules.push_back(std::move(*kept));
      }
    }
    game_.rules = std::move(rules);
    return pending_.size();
  }

 private:
  enum class Truth { False, True, Open };

  bool depends_on_moves(SymbolId relation) const {
    DependencyGraph::Node n = graph_.node(relation);
    return n != DependencyGraph::kNone && tainted_[n];
  }

  // The rule with moves read as none, or nothing if its body is false.
  std::optional<Rule> without_moves(const Rule& rule) {
    Rule out{rule.head, {}, rule.where};
    for (const Literal& l : rule.body) {
      Literal copy = l;
      Truth t = rewrite(copy);
      if (t == Truth::False) return std::nullopt;
      if (t == Truth::Open) out.body.push_back(std::move(copy));
    }
    return out;
  }

  // Rewrites `l` in place with every `does` false and calls of relations that depend on `does`
  // renamed to their copies; True or False where that decides it (then `l` is not used).
  Truth rewrite(Literal& l) {
    switch (l.kind) {
      case Literal::Kind::Atom: {
        SymbolId r = relation_of(l.term);
        if (r == kw::does) return Truth::False;
        if (depends_on_moves(r)) l.term.name = copy_of(r);
        return Truth::Open;
      }
      case Literal::Kind::Not: {
        Truth inner = rewrite(l.children.at(0));
        return inner == Truth::Open ? Truth::Open
                                    : (inner == Truth::True ? Truth::False : Truth::True);
      }
      case Literal::Kind::Or: {
        std::vector<Literal> open;
        for (Literal& c : l.children) {
          Truth t = rewrite(c);
          if (t == Truth::True) return Truth::True;
          if (t == Truth::Open) open.push_back(std::move(c));
        }
        if (open.empty()) return Truth::False;
        if (open.size() == 1) {
          Literal only = std::move(open[0]);
          l = std::move(only);
        } else {
          l.children = std::move(open);
        }
        return Truth::Open;
      }
      case Literal::Kind::Distinct:
        return Truth::Open;
    }
    return Truth::Open;
  }

  // The copy of `relation` read without moves, named and queued for its rules on first use.
  SymbolId copy_of(SymbolId relation) {
    auto [it, added] = copies_.try_emplace(relation, 0);
    if (!added) return it->second;
    std::string name = game_.symbols.name(relation) + "~moveless";
    while (game_.symbols.find(name) != SymbolTable::kAbsent) name += '~';
    it->second = game_.symbols.intern(name);
    pending_.emplace_back(relation, it->second);
    return it->second;
  }

  Game& game_;
  DependencyGraph graph_;      // of the rules as read
  std::vector<bool> tainted_;  // by graph_'s node: depends on `does`
  std::map<SymbolId, SymbolId> copies_;
  std::vector<std::pair<SymbolId, SymbolId>> pending_;  // (relation, copy) in order of first use
};

}  // namespace

size_t read_queries_without_moves(Game& game) {
  return MovelessReader(game).run();
}

}  // namespace ggp::gdl
