"""Hex on an NxN rhombus with the swap (pie) rule."""
from .common import GENERATED, WIN_OR_DRAW_GOALS, facts, header, roles_prelude

RULES = """\
(<= (base (cell ?x ?y ?r))
    (index ?x)
    (index ?y)
    (role ?r))
(base fresh)
(base swap_open)
(<= (input ?r (place ?x ?y))
    (role ?r)
    (index ?x)
    (index ?y))
(input blue swap)

(<= (occupied ?x ?y)
    (true (cell ?x ?y ?r)))
(<= (legal ?r (place ?x ?y))
    (true (control ?r))
    (index ?x)
    (index ?y)
    (not (occupied ?x ?y)))

; The swap (pie) rule: on its first turn blue may swap instead of placing. Red's stone on (?x ?y)
; becomes blue's on (?y ?x), its mirror image across the long diagonal: the same as taking over
; red's stone and its side of the board, with the roles' edges kept.
(init fresh)
(<= (next swap_open)
    (true fresh))
(<= (legal blue swap)
    (true (control blue))
    (true swap_open))
(<= swapped
    (does blue swap))
(<= (next (cell ?x ?y ?r))
    (does ?r (place ?x ?y)))
(<= (next (cell ?x ?y ?r))
    (true (cell ?x ?y ?r))
    (not swapped))
(<= (next (cell ?y ?x blue))
    swapped
    (true (cell ?x ?y red)))

; A chain of a role's stones from its first edge to its second wins (red joins rows 1 and {n},
; blue columns 1 and {n}): (reach ?r ?x ?y) marks the stones joined to the first edge.
(<= (reach ?r ?x ?y)
    (first_edge ?r ?x ?y)
    (true (cell ?x ?y ?r)))
(<= (reach ?r ?u ?v)
    (reach ?r ?x ?y)
    (adjacent ?x ?y ?u ?v)
    (true (cell ?u ?v ?r)))
(<= (won ?r)
    (reach ?r ?x ?y)
    (second_edge ?r ?x ?y))
(<= terminal
    (won ?r))

"""


def hex_game(n):
    top = header("Hex %dx%d" % (n, n), "players take turns placing a stone on an empty cell; red "
                 "joins the top and bottom rows, blue the left and right columns, with a chain of "
                 "adjacent stones; blue may swap instead of its first move", "%dx%d rhombus of "
                 "hexagons" % (n, n), ("red", "blue"), draw="none (a full board always holds a chain)")
    doc = """\
; Written for this project from the rules of Hex. Cells are (cell x y role); (x y) touches
; (x+1 y), (x-1 y), (x y+1), (x y-1), (x+1 y-1) and (x-1 y+1). Red joins rows y = 1 and y = {n},
; blue columns x = 1 and x = {n}. Blue's swap on its first turn is (swap).
""".format(n=n)
    cells = [(x, y) for y in range(1, n + 1) for x in range(1, n + 1)]
    adj = []
    for x, y in cells:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            if 1 <= x + dx <= n and 1 <= y + dy <= n:
                adj.append((x, y, x + dx, y + dy))
    edges = "; The board: indices, the adjacency of cells and each role's two edges.\n"
    edges += facts("index", [(i,) for i in range(1, n + 1)]) + facts("adjacent", adj)
    edges += facts("first_edge", [("red", x, 1) for x in range(1, n + 1)] +
                   [("blue", 1, y) for y in range(1, n + 1)])
    edges += facts("second_edge", [("red", x, n) for x in range(1, n + 1)] +
                   [("blue", n, y) for y in range(1, n + 1)])
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("red", "blue") + "\n"
            + RULES.format(n=n) + WIN_OR_DRAW_GOALS + "\n" + edges)


def games():
    yield "hex_9x9", hex_game(9)
