"""Quarto: each player places the piece the other chose for it, then chooses the next one."""
from itertools import product

from .common import FREE_POINTS, GENERATED, WIN_OR_DRAW_GOALS, facts, header

RULES = """\
(role white)
(role black)
(opponent white black)
(opponent black white)
(<= (base (turn ?r ?phase))
    (role ?r)
    (phase ?phase))
(<= (base (unused ?p))
    (piece ?p))
(<= (base (held ?p))
    (piece ?p))
(<= (base (cell ?x ?y ?p))
    (index ?x)
    (index ?y)
    (piece ?p))
(<= (input ?r noop)
    (role ?r))
(<= (input ?r (select ?p))
    (role ?r)
    (piece ?p))
(<= (input ?r (place ?p ?x ?y))
    (role ?r)
    (piece ?p)
    (index ?x)
    (index ?y))

; A turn is two moves of one player: place the held piece, then select the piece the other player
; must place next. White opens with a select; the player not to move passes with noop.
(init (turn white select))
(<= (init (unused ?p))
    (piece ?p))
(<= (mover ?r)
    (true (turn ?r ?phase)))
(<= (legal ?r noop)
    (role ?r)
    (not (mover ?r)))
(<= (legal ?r (select ?p))
    (true (turn ?r select))
    (true (unused ?p)))
(<= (legal ?r (place ?p ?x ?y))
    (true (turn ?r place))
    (true (held ?p))
    (free ?x ?y))
{free_points}
(<= (chosen ?p)
    (does ?r (select ?p)))
(<= (next (unused ?p))
    (true (unused ?p))
    (not (chosen ?p)))
(<= (next (held ?p))
    (chosen ?p))
(<= (next (cell ?x ?y ?p))
    (true (cell ?x ?y ?p)))
(<= (next (cell ?x ?y ?p))
    (does ?r (place ?p ?x ?y)))
(<= (next (turn ?s place))
    (true (turn ?r select))
    (opponent ?r ?s))
(<= (next (turn ?r select))
    (true (turn ?r place)))

; A quarto: four pieces on a row, a column or a diagonal that share a value of one attribute. The
; player who places the fourth piece wins: after its place it is that player's turn to select.
(<= (cell_value ?x ?y ?a ?v)
    (true (cell ?x ?y ?p))
    (attribute ?p ?a ?v))
(<= quarto
    (line ?x1 ?y1 ?x2 ?y2 ?x3 ?y3 ?x4 ?y4)
    (value ?a ?v)
    (cell_value ?x1 ?y1 ?a ?v)
    (cell_value ?x2 ?y2 ?a ?v)
    (cell_value ?x3 ?y3 ?a ?v)
    (cell_value ?x4 ?y4 ?a ?v))
(<= (won ?r)
    quarto
    (true (turn ?r select)))
(<= open
    (free ?x ?y))
(<= terminal
    quarto)
(<= terminal
    (not open))

""".format(free_points=FREE_POINTS)


def piece(bits):
    return "p" + "".join(map(str, bits))


def lines():
    """The ten lines of the 4x4 board (x column, y row, both 1-4): rows, columns, diagonals."""
    out = [[(x, y) for x in range(1, 5)] for y in range(1, 5)]
    out += [[(x, y) for y in range(1, 5)] for x in range(1, 5)]
    out += [[(i, i) for i in range(1, 5)], [(i, 5 - i) for i in range(1, 5)]]
    return [sum(line, ()) for line in out]


def quarto():
    top = header("Quarto", "players take turns to place on a 4x4 board the piece the other chose "
                 "for them from 16 pieces of four two-valued attributes, then choose the next; "
                 "whoever places the fourth piece of a row, column or diagonal sharing a value of "
                 "one attribute wins", "4x4, 16 pieces", ("white", "black"),
                 draw="a full board with no such line (50 each)")
    doc = ("; Written for this project from the rules of the game. Piece pABCD has value A of "
           "attribute 1, B of 2,\n; C of 3 and D of 4; (cell x y piece) holds the pieces placed.\n")
    pieces = list(product((0, 1), repeat=4))
    fact_text = "; The board, the pieces, their attributes and the lines.\n"
    fact_text += facts("index", [(i,) for i in range(1, 5)])
    fact_text += facts("phase", [("select",), ("place",)])
    fact_text += facts("value", [(a, v) for a in range(1, 5) for v in (0, 1)])
    fact_text += facts("piece", [(piece(b),) for b in pieces])
    fact_text += facts("attribute", [(piece(b), a + 1, b[a]) for b in pieces for a in range(4)])
    fact_text += facts("line", lines())
    return top + ";\n" + doc + GENERATED + "\n" + RULES + WIN_OR_DRAW_GOALS + "\n" + fact_text


def games():
    yield "quarto", quarto()
