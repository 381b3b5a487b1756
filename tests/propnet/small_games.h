#pragma once
// Small rule sheets shared by the propnet tests.

namespace ggp::propnet::testing {

// Reachability over edges the player toggles: `reach` is recursive through dynamic facts, so the
// network has a cycle without transition, including loops (b <-> c) that must not support
// themselves once the edge into them is gone.
inline constexpr const char* kReachability = R"(
  (role walker)
  (node a) (node b) (node c) (node d)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
  (init (at a)) (init (edge a b)) (init (edge b c)) (init (edge c b)) (init (step 0))
  (<= (reach ?x) (true (at ?x)))
  (<= (reach ?y) (node ?x) (reach ?x) (true (edge ?x ?y)))
  (<= (legal walker (toggle ?x ?y)) (node ?x) (node ?y) (distinct ?x ?y))
  (<= (legal walker (jump ?x)) (reach ?x) (not (true (at ?x))))
  (<= (next (edge ?x ?y)) (true (edge ?x ?y)) (not (does walker (toggle ?x ?y))))
  (<= (next (edge ?x ?y)) (does walker (toggle ?x ?y)) (not (true (edge ?x ?y))))
  (<= jumped (does walker (jump ?y)))
  (<= (next (at ?x)) (true (at ?x)) (not jumped))
  (<= (next (at ?y)) (does walker (jump ?y)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= (next (seen ?x)) (reach ?x))
  (<= terminal (true (step 8)))
  (<= (goal walker 100) (reach d))
  (<= (goal walker 0) (not (reach d)))
)";

}  // namespace ggp::propnet::testing
