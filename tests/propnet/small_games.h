#pragma once
// Small rule sheets shared by the propnet tests.
#include <string>

namespace ggp::propnet::testing {

// Four players guess 0..max_guess at once; the goal needs the total, a chain of sums over all
// guesses: one instance per combination ((max_guess + 1)^4) unless the chain is eliminated link
// by link.
inline std::string guessing_game(int max_guess) {
  std::string kif = "(role p1) (role p2) (role p3) (role p4) (init (round 0))\n";
  for (int i = 0; i <= max_guess; ++i) kif += "(number " + std::to_string(i) + ")\n";
  for (int a = 0; a <= 4 * max_guess; ++a)
    for (int b = 0; b <= max_guess && a + b <= 4 * max_guess; ++b)
      kif += "(sum " + std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(a + b) +
             ")\n";
  kif += R"(
    (<= (legal ?p (guess ?n)) (role ?p) (true (round 0)) (number ?n))
    (<= (legal ?p wait) (role ?p) (true (round 1)))
    (<= (next (guessed ?p ?n)) (does ?p (guess ?n)))
    (<= (next (guessed ?p ?n)) (true (guessed ?p ?n)))
    (<= (next (round 1)) (true (round 0)))
    (<= (next (round 2)) (true (round 1)))
    (<= (total ?t) (true (guessed p1 ?a)) (true (guessed p2 ?b)) (sum ?a ?b ?s1)
        (true (guessed p3 ?c)) (sum ?s1 ?c ?s2) (true (guessed p4 ?d)) (sum ?s2 ?d ?t))
    (<= terminal (true (round 2)))
    (<= (goal ?p 100) (role ?p) (total ?t) (true (guessed ?p ?n)) (sum ?n ?n ?x) (sum ?x ?n ?t))
    (<= (goal ?p 0) (role ?p) (not (goal ?p 100)))
  )";
  return kif;
}

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

// Marks that make a role lead: `leads` is read by a goal and by a next rule, and by no legal or
// terminal rule (the program's shared part); the goals' own gates are the goal part.
inline constexpr const char* kSharedGoal = R"(
  (role red) (role blue)
  (cellid 1) (cellid 2) (cellid 3)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
  (init (step 0))
  (<= (legal ?r (pick ?c)) (role ?r) (cellid ?c))
  (<= (leads ?r) (true (mark ?r 1)) (true (mark ?r 2)))
  (<= (next (crown ?r)) (leads ?r))
  (<= (next (crown ?r)) (true (crown ?r)))
  (<= (next (mark ?r ?c)) (true (mark ?r ?c)))
  (<= (next (mark ?r ?c)) (does ?r (pick ?c)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 4)))
  (<= (goal ?r 100) (leads ?r) (true (crown ?r)))
  (<= (goal ?r 50) (leads ?r) (not (true (crown ?r))))
  (<= (goal ?r 0) (role ?r) (not (leads ?r)))
)";

// Nim: take one or two from a pile of seven in turn (two from a pile of one empties it); whoever
// takes the last wins. The win is a goal gate (an AND of two bases that only the goals read:
// Program::goal_begin).
inline constexpr const char* kNim = R"(
  (role first) (role second)
  (init (pile 7)) (init (control first))
  (less 1 1 0) (less 1 2 1) (less 1 3 2) (less 1 4 3) (less 1 5 4) (less 1 6 5) (less 1 7 6)
  (less 2 1 0) (less 2 2 0) (less 2 3 1) (less 2 4 2) (less 2 5 3) (less 2 6 4) (less 2 7 5)
  (<= (legal ?r (take ?k)) (true (control ?r)) (true (pile ?n)) (less ?k ?n ?m))
  (<= (legal ?r noop) (role ?r) (not (true (control ?r))))
  (<= (next (pile ?m)) (does ?r (take ?k)) (true (pile ?n)) (less ?k ?n ?m))
  (<= (next (control second)) (true (control first)))
  (<= (next (control first)) (true (control second)))
  (<= (next (last ?r)) (true (control ?r)))
  (<= terminal (true (pile 0)))
  (<= (goal ?r 100) (true (last ?r)) (true (pile 0)))
  (<= (goal ?r 0) (role ?r) (not (goal ?r 100)))
)";

}  // namespace ggp::propnet::testing
