// Tree::reroot moves the kept nodes in place; Tree::reroot_by_copy copies them into fresh arrays.
// Both must keep the same tree below the new root: the same states, counts, edges, values and
// links, whatever the ids. Checked on random DAGs (shared children, dense and sparse nodes),
// rerooted several times in a row with nodes added in between, as a match does. Tree::trim, the
// same in-place move with the root kept, is checked against a walk of an untrimmed twin.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <span>
#include <vector>

#include "agent/mcts_tree.h"

using namespace ggp::agent;
using ggp::reasoner::MoveId;
using ggp::reasoner::State;

namespace {

State state_of(uint32_t label) {
  State s;
  s.set(label);
  s.set(label % 7 + 1000);
  return s;
}

// Adds a node labelled `label` with `moves` moves for role 0 and one for role 1, its edge
// statistics and values drawn from `rng`; above Tree::kDenseChildren moves, its children are
// sparse.
uint32_t add(Tree& t, uint32_t label, uint32_t moves, std::mt19937& rng) {
  const uint32_t id = t.add_node(state_of(label));
  std::vector<MoveId> first(moves), second{7};
  for (uint32_t m = 0; m < moves; ++m) first[m] = m;
  t.add_role_moves(first);
  t.add_role_moves(second);
  t.finish_node(id);
  t.node(id).visits = rng() % 1000;
  for (uint32_t e = t.edges_begin(id, 0); e < t.edges_end(id, 1); ++e) {
    t.stats(e).visits = rng() % 100;
    t.stats(e).sum = rng() % 50;
  }
  t.value(id)[0] = (rng() % 100) / 100.0;
  t.estimate(id)[1] = (rng() % 100) / 100.0;
  return id;
}

// Empties `t` (two roles, transpositions indexed) and adds its root, labelled `label`.
void plant(Tree& t, uint32_t& label, std::mt19937& rng) {
  t.reset(2);
  t.enable_index(true);
  add(t, label++, 4, rng);
}

// The labels of the nodes of `t`, sorted: the same list for two trees that differ in ids only.
std::vector<uint32_t> labels(const Tree& t) {
  std::vector<uint32_t> out;
  for (uint32_t id = 0; id < t.size(); ++id) {
    std::span<const uint64_t> words = t.node(id).state.words();
    uint32_t w = 0;
    while (words[w] == 0) ++w;
    out.push_back(64 * w + static_cast<uint32_t>(std::countr_zero(words[w])));  // its lowest fact
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Grows `t` by up to `count` nodes under parents drawn by label (so two trees that differ in
// ids only grow alike); every tenth step links a node of a higher label as a second parent's
// child instead (a transposition; labels only grow along links, so no cycle). Labels go on from
// `label`.
void grow(Tree& t, uint32_t count, uint32_t& label, std::mt19937& rng) {
  for (uint32_t i = 0; i < count; ++i) {
    const std::vector<uint32_t> known = labels(t);
    const size_t pick = rng() % known.size();
    const uint32_t parent = t.find(state_of(known[pick]));
    const uint64_t joints = t.node(parent).joint_count;
    if (joints == 0) continue;
    const uint64_t slot = rng() % joints;
    if (t.child(parent, slot) != kNoNode) continue;
    if (i % 10 == 9 && pick + 1 < known.size()) {
      const uint32_t other = known[pick + 1 + rng() % (known.size() - pick - 1)];
      t.set_child(parent, slot, t.find(state_of(other)));
      continue;
    }
    const uint32_t moves = i % 13 == 0 ? 5000 : 1 + rng() % 6;  // 5000 x 1: sparse children
    t.set_child(parent, slot, add(t, label++, moves, rng));
  }
}

// The child of the root at a slot drawn from `rng`, or the root's first child; kNoNode if none.
uint32_t some_child(const Tree& t, std::mt19937& rng) {
  const uint64_t joints = t.node(0).joint_count;
  if (joints == 0) return kNoNode;
  if (uint32_t c = t.child(0, rng() % joints); c != kNoNode) return c;
  for (uint64_t j = 0; j < joints; ++j)
    if (uint32_t c = t.child(0, j); c != kNoNode) return c;
  return kNoNode;
}

// Everything below node `id` of `a` equals everything below node `id_b` of `b`, compared by
// structure (ids may differ); `seen` maps a's ids to b's, so shared nodes match one to one.
void check_same(const Tree& a, uint32_t id, const Tree& b, uint32_t id_b,
                std::map<uint32_t, uint32_t>& seen) {
  auto [it, fresh] = seen.emplace(id, id_b);
  REQUIRE(it->second == id_b);
  if (!fresh) return;
  const Node &x = a.node(id), &y = b.node(id_b);
  REQUIRE(x.state == y.state);
  CHECK(x.visits == y.visits);
  CHECK(x.joint_count == y.joint_count);
  CHECK(a.value(id)[0] == b.value(id_b)[0]);
  CHECK(a.estimate(id)[1] == b.estimate(id_b)[1]);
  for (uint32_t role = 0; role < 2; ++role) {
    REQUIRE(a.moves(id, role).size() == b.moves(id_b, role).size());
    for (uint32_t k = 0; k < a.moves(id, role).size(); ++k) {
      CHECK(a.moves(id, role)[k] == b.moves(id_b, role)[k]);
      CHECK(a.stats(a.edges_begin(id, role) + k).visits ==
            b.stats(b.edges_begin(id_b, role) + k).visits);
      CHECK(a.stats(a.edges_begin(id, role) + k).sum == b.stats(b.edges_begin(id_b, role) + k).sum);
    }
  }
  for (uint64_t j = 0; j < x.joint_count; ++j) {
    const uint32_t c = a.child(id, j), d = b.child(id_b, j);
    REQUIRE((c == kNoNode) == (d == kNoNode));
    if (c != kNoNode) check_same(a, c, b, d, seen);
  }
}

}  // namespace

TEST_CASE("tree: rerooting in place keeps the same DAG as rerooting by copy") {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng_a(seed), rng_b(seed);
    Tree in_place, copied;
    uint32_t label_a = 0, label_b = 0;
    plant(in_place, label_a, rng_a);
    plant(copied, label_b, rng_b);
    for (int turn = 0; turn < 4; ++turn) {
      CAPTURE(turn);
      grow(in_place, 150, label_a, rng_a);
      grow(copied, 150, label_b, rng_b);
      REQUIRE(in_place.size() == copied.size());
      const uint32_t root_a = some_child(in_place, rng_a), root_b = some_child(copied, rng_b);
      REQUIRE((root_a == kNoNode) == (root_b == kNoNode));
      if (root_a == kNoNode) break;
      REQUIRE(in_place.node(root_a).state == copied.node(root_b).state);
      in_place.reroot(root_a);
      copied.reroot_by_copy(root_b);
      REQUIRE(in_place.size() == copied.size());
      CHECK(in_place.bytes() == copied.bytes());
      std::map<uint32_t, uint32_t> seen;
      check_same(in_place, 0, copied, 0, seen);
      CHECK(seen.size() == in_place.size());  // every kept node is below the root
      for (uint32_t id = 0; id < in_place.size(); ++id)  // the index names every kept node
        CHECK(in_place.find(in_place.node(id).state) == id);
    }
  }
}

TEST_CASE("tree: a trim keeps the root and what is reachable through visited or solved nodes") {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng_a(seed), rng_b(seed);
    Tree trimmed, whole;  // grown alike; the first is trimmed, the second is the reference
    uint32_t label_a = 0, label_b = 0;
    plant(trimmed, label_a, rng_a);
    plant(whole, label_b, rng_b);
    grow(trimmed, 400, label_a, rng_a);
    grow(whole, 400, label_b, rng_b);
    for (Tree* t : {&trimmed, &whole})  // some rarely visited nodes are proven: they stay
      for (uint32_t id = 0; id < t->size(); ++id)
        if (id % 11 == 5) t->node(id).solved = true;
    const uint32_t min_visits = 300;  // visits are uniform below 1000: about 30% fall short
    // The reference's kept set, by a walk from its root.
    std::vector<bool> kept(whole.size());
    std::vector<uint32_t> stack{0};
    kept[0] = true;
    while (!stack.empty()) {
      const uint32_t id = stack.back();
      stack.pop_back();
      for (uint64_t j = 0; j < whole.node(id).joint_count; ++j) {
        const uint32_t c = whole.child(id, j);
        if (c == kNoNode || kept[c] || (whole.node(c).visits < min_visits && !whole.node(c).solved))
          continue;
        kept[c] = true;
        stack.push_back(c);
      }
    }
    const auto kept_count = static_cast<size_t>(std::count(kept.begin(), kept.end(), true));
    REQUIRE(kept_count > 1);
    REQUIRE(kept_count < whole.size());  // the test drops something
    trimmed.trim(min_visits);
    REQUIRE(trimmed.size() == kept_count);
    CHECK(trimmed.node(0).state == whole.node(0).state);
    for (uint32_t id = 0; id < trimmed.size(); ++id) {
      const uint32_t ref = whole.find(trimmed.node(id).state);
      REQUIRE(ref != kNoNode);
      CHECK(kept[ref]);
      CHECK(trimmed.find(trimmed.node(id).state) == id);
      CHECK(trimmed.node(id).visits == whole.node(ref).visits);
      CHECK(trimmed.value(id)[0] == whole.value(ref)[0]);
      CHECK(trimmed.estimate(id)[1] == whole.estimate(ref)[1]);
      REQUIRE(trimmed.edges_end(id, 1) - trimmed.edges_begin(id, 0) ==
              whole.edges_end(ref, 1) - whole.edges_begin(ref, 0));
      for (uint32_t k = 0; k < trimmed.edges_end(id, 1) - trimmed.edges_begin(id, 0); ++k) {
        CHECK(trimmed.edge_move(trimmed.edges_begin(id, 0) + k) ==
              whole.edge_move(whole.edges_begin(ref, 0) + k));
        CHECK(trimmed.stats(trimmed.edges_begin(id, 0) + k).sum ==
              whole.stats(whole.edges_begin(ref, 0) + k).sum);
      }
      for (uint64_t j = 0; j < trimmed.node(id).joint_count; ++j) {  // dropped links cleared
        const uint32_t c = trimmed.child(id, j), d = whole.child(ref, j);
        REQUIRE((c != kNoNode) == (d != kNoNode && kept[d]));
        if (c != kNoNode) CHECK(trimmed.node(c).state == whole.node(d).state);
      }
    }
    for (uint32_t id = 0; id < whole.size(); ++id)  // the index forgets the dropped states
      if (!kept[id]) CHECK(trimmed.find(whole.node(id).state) == kNoNode);
    // The trimmed tree grows and re-roots as any other.
    grow(trimmed, 150, label_a, rng_a);
    if (const uint32_t root = some_child(trimmed, rng_a); root != kNoNode) {
      const State next = trimmed.node(root).state;
      trimmed.reroot(root);
      CHECK(trimmed.node(0).state == next);
      for (uint32_t id = 0; id < trimmed.size(); ++id)
        CHECK(trimmed.find(trimmed.node(id).state) == id);
    }
  }
}
