"""Pentago: place a marble, then twist one quadrant of the board a quarter turn."""
from .common import (FREE_POINTS, GENERATED, WIN_OR_DRAW_GOALS, facts, header, line_body,
                     roles_prelude, steps)

RULES = """\
(<= (base (cell ?x ?y ?r))
    (index ?x)
    (index ?y)
    (role ?r))
(<= (input ?r (move ?x ?y ?q ?d))
    (role ?r)
    (index ?x)
    (index ?y)
    (twist ?q ?d))

; One move places a marble on a free point (?x ?y) and twists quadrant ?q a quarter turn, cw or ccw.
{free_points}(<= (legal ?r (move ?x ?y ?q ?d))
    (true (control ?r))
    (free ?x ?y)
    (twist ?q ?d))

; The board after the placement, then after the twist: a point of the twisted quadrant takes what
; its source point (static `rotate`) held after the placement; every other point keeps it.
(<= (placed ?x ?y ?r)
    (does ?r (move ?x ?y ?q ?d)))
(<= (twisted ?q ?d)
    (does ?r (move ?x ?y ?q ?d)))
(<= (spun ?q)
    (twisted ?q ?d))
(<= (held ?x ?y ?r)
    (true (cell ?x ?y ?r)))
(<= (held ?x ?y ?r)
    (placed ?x ?y ?r))
(<= (next (cell ?x ?y ?r))
    (twisted ?q ?d)
    (rotate ?q ?d ?u ?v ?x ?y)
    (held ?u ?v ?r))
(<= (next (cell ?x ?y ?r))
    (held ?x ?y ?r)
    (in_quadrant ?x ?y ?q)
    (not (spun ?q)))

; Five marbles of one role in a row, a column or a diagonal, judged after the twist. When both
; roles have five at once, neither has won.
(<= (five ?r)
{line})
(<= (won ?r)
    (five ?r)
    (opponent ?r ?s)
    (not (five ?s)))
(<= open
    (free ?x ?y))
(<= terminal
    (five ?r))
(<= terminal
    (not open))

"""


# Quadrants 1 (top left), 2 (top right), 3 (bottom left), 4 (bottom right): their top-left corners.
CORNERS = {1: (1, 1), 2: (4, 1), 3: (1, 4), 4: (4, 4)}


def rotations():
    """(q d u v x y): twisting quadrant q in direction d moves the marble at (u v) to (x y). With
    row 1 at the top, a clockwise quarter turn takes local (i, j) to (2 - j, i)."""
    out = []
    for q, (ox, oy) in CORNERS.items():
        for i in range(3):
            for j in range(3):
                cx, cy = 2 - j, i
                out.append((q, "cw", ox + i, oy + j, ox + cx, oy + cy))
                out.append((q, "ccw", ox + cx, oy + cy, ox + i, oy + j))
    return sorted(out, key=lambda t: (t[0], t[1] != "cw", t[2:]))


def pentago():
    top = header("Pentago", "players take turns placing a marble on a free point and then "
                 "twisting one of the four 3x3 quadrants a quarter turn either way; five marbles "
                 "in a row, a column or a diagonal after the twist win", "6x6 in four 3x3 quadrants",
                 ("white", "black"), draw="a full board with no five, or both roles with five "
                 "after the same twist (50 each)")
    doc = """\
; Written for this project from the rules of the game. Points are (cell x y role), x the column
; (1 at the left) and y the row (1 at the top); quadrants are 1 top left, 2 top right, 3 bottom left,
; 4 bottom right; cw and ccw are seen with row 1 at the top.
; The two-part move is one GDL move, (move x y quadrant direction): a turn is one ply, so a search
; sees a role's turn as one decision (288 at the start), the board a twist acts on is always the one
; just placed on, and no state exists where a marble is placed but no quadrant twisted yet. The
; win is judged after the twist (a five that exists before the twist can always be kept: some
; quadrant does not meet it).
"""
    fact_text = "; The board: indices, quadrants, twists and the four line directions.\n"
    fact_text += facts("index", [(i,) for i in range(1, 7)])
    fact_text += facts("twist", [(q, d) for q in CORNERS for d in ("cw", "ccw")])
    fact_text += facts("in_quadrant", [(x, y, q) for q, (ox, oy) in CORNERS.items()
                                       for x in range(ox, ox + 3) for y in range(oy, oy + 3)])
    fact_text += facts("rotate", rotations())
    fact_text += facts("step", steps(("e", "s", "se", "sw"), 6, 6))
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("white", "black") + "\n"
            + RULES.format(line=line_body(5), free_points=FREE_POINTS) + WIN_OR_DRAW_GOALS + "\n" + fact_text)


def games():
    yield "pentago", pentago()
