"""Reversi (Othello) 8x8: flank to flip, pass only without a move, most discs wins."""
from .common import GENERATED, WIN_OR_DRAW_GOALS, facts, free_points, header, roles_prelude, steps

N = 8

RULES = """\
(<= (base (cell ?x ?y ?r))
    (index ?x)
    (index ?y)
    (role ?r))
(<= (input ?r (move ?x ?y))
    (role ?r)
    (index ?x)
    (index ?y))
(<= (input ?r pass)
    (role ?r))

{free_points}
; (run ?r ?x ?y ?d): from (?x ?y) on in direction ?d lie one or more discs of ?r's opponent, then
; a disc of ?r. A disc on an empty point (?x ?y) flanks such a run in some direction, or is illegal.
(<= (run ?r ?x ?y ?d)
    (opponent ?r ?s)
    (true (cell ?x ?y ?s))
    (step ?d ?x ?y ?u ?v)
    (true (cell ?u ?v ?r)))
(<= (run ?r ?x ?y ?d)
    (opponent ?r ?s)
    (true (cell ?x ?y ?s))
    (step ?d ?x ?y ?u ?v)
    (run ?r ?u ?v ?d))
(<= (flanks ?r ?x ?y)
    (empty ?x ?y)
    (step ?d ?x ?y ?u ?v)
    (run ?r ?u ?v ?d))
(<= (can_move ?r)
    (flanks ?r ?x ?y))
(<= (legal ?r (move ?x ?y))
    (true (control ?r))
    (flanks ?r ?x ?y))
(<= (legal ?r pass)
    (true (control ?r))
    (not (can_move ?r)))

; The discs of every run the new disc flanks turn over: (flip ?x ?y ?d) walks each run.
(<= (flip ?u ?v ?d)
    (does ?r (move ?x ?y))
    (step ?d ?x ?y ?u ?v)
    (run ?r ?u ?v ?d))
(<= (flip ?u ?v ?d)
    (flip ?x ?y ?d)
    (step ?d ?x ?y ?u ?v)
    (true (control ?r))
    (run ?r ?u ?v ?d))
(<= (flipped ?x ?y)
    (flip ?x ?y ?d))
(<= (next (cell ?x ?y ?r))
    (does ?r (move ?x ?y)))
(<= (next (cell ?x ?y ?r))
    (true (control ?r))
    (flipped ?x ?y))
(<= (next (cell ?x ?y ?r))
    (true (cell ?x ?y ?r))
    (not (flipped ?x ?y)))

; The game ends when neither role can move.
(<= over
    (not (can_move black))
    (not (can_move white)))
(<= terminal
    over)

; Counting, at the end only (before it no one has won: 50 each, and the count costs nothing in a
; propnet that propagates changes): (lead ?i ?v) after the points 1..?i (static `point` order),
; ?v = {offset} + black's discs - white's, except that a lead larger than the points still to come
; is cut to one more than them (it can no longer change sign): static `add` adds a point's colour,
; static `cap` cuts the sum. (`won` asks for `over` first, so that a prover reading the chain
; top-down only walks it at the end.)
(<= (colour ?x ?y ?r)
    (true (cell ?x ?y ?r)))
(<= (colour ?x ?y none)
    (empty ?x ?y))
(<= (lead 1 ?v)
    over
    (point 1 ?x ?y)
    (colour ?x ?y ?c)
    (add ?c {offset} ?w)
    (cap 1 ?w ?v))
(<= (lead ?j ?v)
    (lead ?i ?u)
    (succ ?i ?j)
    (point ?j ?x ?y)
    (colour ?x ?y ?c)
    (add ?c ?u ?w)
    (cap ?j ?w ?v))
(<= (won black)
    over
    (lead {last} ?v)
    (ahead black ?v))
(<= (won white)
    over
    (lead {last} ?v)
    (ahead white ?v))

"""


def bound(j):
    """The largest |lead| kept after j points: j, or one more than the points still to come."""
    return min(j, N * N - j + 1)


def additions():
    top = 2 * N * N
    return ([("black", v, v + 1) for v in range(top)] + [("white", v + 1, v) for v in range(top)]
            + [("none", v, v) for v in range(top + 1)])


def caps():
    """(j w v): after point j a sum w (offset by N * N) is kept as v, cut to the bound."""
    out = []
    for j in range(1, N * N + 1):
        reach = bound(j - 1) + 1
        for w in range(-reach, reach + 1):
            out.append((j, N * N + w, N * N + max(-bound(j), min(bound(j), w))))
    return out


def reversi():
    top = header("Reversi", "players take turns placing a disc of their colour that flanks a line "
                 "of opposing discs in any of the 8 directions, turning them over; a player with "
                 "no such move passes, the game ends when neither can move, and most discs wins",
                 "8x8, Othello's start", ("black", "white"),
                 draw="equal discs when neither can move (50 each)")
    doc = """\
; Written for this project from the rules of Othello. Points are (cell x y role), x the column and
; y the row (d4 is (4 4)); the start is white on d4 and e5, black on e4 and d5. The role to move
; plays (move x y) or, only when it has no such move, pass; the other role plays noop. Perft from
; the start agrees with Othello's published counts (4, 12, 56, 244, ...) because no one passes in
; the first plies; a forced pass counts as a ply where it happens.
"""
    order = [(x, y) for y in range(1, N + 1) for x in range(1, N + 1)]
    fact_text = "; The board: indices, the eight directions, the counting order, additions and cuts.\n"
    fact_text += facts("index", [(i,) for i in range(1, N + 1)])
    fact_text += "(init (cell 4 4 white))\n(init (cell 5 5 white))\n"
    fact_text += "(init (cell 5 4 black))\n(init (cell 4 5 black))\n"
    fact_text += facts("step", steps(("n", "s", "e", "w", "ne", "nw", "se", "sw"), N, N))
    fact_text += facts("point", [(i + 1,) + p for i, p in enumerate(order)])
    fact_text += facts("succ", [(i, i + 1) for i in range(1, N * N)])
    fact_text += facts("add", additions())
    fact_text += facts("cap", caps())
    fact_text += facts("ahead", [("black", N * N + 1), ("white", N * N - 1)])
    rules = RULES.format(offset=N * N, last=N * N, free_points=free_points("occupied", "empty"))
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("black", "white") + "\n" + rules
            + WIN_OR_DRAW_GOALS + "\n" + fact_text)


def games():
    yield "reversi", reversi()
