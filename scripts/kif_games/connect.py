"""Connect Four on any board: discs fall to the lowest empty cell of the chosen column."""
from .common import GENERATED, WIN_OR_DRAW_GOALS, facts, header, line_body, roles_prelude, steps

RULES = """\
(<= (base (cell ?x ?y ?r))
    (column ?x)
    (row ?y)
    (role ?r))
(<= (input ?r (drop ?x))
    (role ?r)
    (column ?x))

; A disc dropped into column ?x lands on its lowest empty row: (lands ?x ?y); a full column has none.
(<= (filled ?x ?y)
    (true (cell ?x ?y ?r)))
(<= (lands ?x 1)
    (column ?x)
    (not (filled ?x 1)))
(<= (lands ?x ?y)
    (succ ?z ?y)
    (filled ?x ?z)
    (not (filled ?x ?y)))
(<= (legal ?r (drop ?x))
    (true (control ?r))
    (lands ?x ?y))
(<= (next (cell ?x ?y ?r))
    (does ?r (drop ?x))
    (lands ?x ?y))
(<= (next (cell ?x ?y ?r))
    (true (cell ?x ?y ?r)))

; {k} discs of one role in a line: from (?x1 ?y1) onwards in one of four directions.
(<= (won ?r)
{line})
(<= open
    (lands ?x ?y))
(<= terminal
    (won ?r))
(<= terminal
    (not open))

"""


def connect_game(columns, rows, k=4):
    title = "Connect Four" if k == 4 else "Connect %d" % k
    if (columns, rows) != (7, 6):
        title += " %dx%d" % (columns, rows)
    top = header(title, "players take turns dropping a disc into a column, where it falls to the "
                 "lowest empty cell; the first with %d discs in a row, a column or a diagonal "
                 "wins" % k, "%d columns x %d rows" % (columns, rows), ("red", "yellow"),
                 draw="a full board with no line (50 each)")
    doc = ("; Written for this project from the rules of the game. Squares are (cell column row "
           "role), row 1 at\n; the bottom.\n")
    fact_text = "; The board: its columns and rows, and the four line directions.\n"
    fact_text += facts("column", [(x,) for x in range(1, columns + 1)])
    fact_text += facts("row", [(y,) for y in range(1, rows + 1)])
    fact_text += facts("succ", [(y, y + 1) for y in range(1, rows)])
    fact_text += facts("step", steps(("e", "n", "ne", "se"), columns, rows))
    body = RULES.format(k=k, line=line_body(k))
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("red", "yellow") + "\n" + body
            + WIN_OR_DRAW_GOALS + "\n" + fact_text)


def games():
    yield "connect_four", connect_game(7, 6)
    yield "connect_four_9x6", connect_game(9, 6)
