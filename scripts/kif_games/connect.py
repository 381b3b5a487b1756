"""Connect Four on any board: discs fall to the lowest empty cell of the chosen column."""
from .common import GENERATED, WIN_OR_DRAW_GOALS, facts, header, roles_prelude, steps

RULES = """\
(<= (base (cell ?x ?y ?r))
    (column ?x)
    (succ ?z ?y)
    (role ?r))
(<= (base (height ?x ?h))
    (column ?x)
    (succ ?h ?g))
(<= (base (height ?x {rows}))
    (column ?x))
(<= (input ?r (drop ?x))
    (role ?r)
    (column ?x))

; Column ?x holds ?h discs; a disc dropped there lands on row ?h + 1, which must exist.
(<= (legal ?r (drop ?x))
    (true (control ?r))
    (true (height ?x ?h))
    (succ ?h ?y))
(<= (dropped ?x)
    (does ?r (drop ?x)))
(<= (next (cell ?x ?y ?r))
    (does ?r (drop ?x))
    (true (height ?x ?h))
    (succ ?h ?y))
(<= (next (cell ?x ?y ?r))
    (true (cell ?x ?y ?r)))
(<= (next (height ?x ?y))
    (dropped ?x)
    (true (height ?x ?h))
    (succ ?h ?y))
(<= (next (height ?x ?h))
    (true (height ?x ?h))
    (not (dropped ?x)))

; {k} discs of one role in a line: from (?x1 ?y1) onwards in one of four directions.
(<= (won ?r)
{line})
(<= open
    (true (height ?x ?h))
    (succ ?h ?y))
(<= terminal
    (won ?r))
(<= terminal
    (not open))

"""


def line_body(k):
    body = ["    (true (cell ?x1 ?y1 ?r))"]
    for i in range(1, k):
        body.append("    (step ?d ?x%d ?y%d ?x%d ?y%d)" % (i, i, i + 1, i + 1))
        body.append("    (true (cell ?x%d ?y%d ?r))" % (i + 1, i + 1))
    return "\n".join(body)


def connect_game(columns, rows, k=4):
    title = "Connect Four" if k == 4 else "Connect %d" % k
    if (columns, rows) != (7, 6):
        title += " %dx%d" % (columns, rows)
    top = header(title, "players take turns dropping a disc into a column, where it falls to the "
                 "lowest empty cell; the first with %d discs in a row, a column or a diagonal "
                 "wins" % k, "%d columns x %d rows" % (columns, rows), ("red", "yellow"),
                 draw="a full board with no line (50 each)")
    doc = ("; Written for this project from the rules of the game. Squares are (cell column row "
           "role), row 1 at\n; the bottom; (height column discs) counts the discs in a column.\n")
    fact_text = "; The board: its columns, row counting, and the four line directions.\n"
    fact_text += facts("column", [(x,) for x in range(1, columns + 1)])
    fact_text += facts("succ", [(h, h + 1) for h in range(rows)])
    fact_text += "".join("(init (height %d 0))\n" % x for x in range(1, columns + 1))
    fact_text += facts("step", steps(("e", "n", "ne", "se"), columns, rows))
    body = RULES.format(rows=rows, k=k, line=line_body(k))
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("red", "yellow") + "\n" + body
            + WIN_OR_DRAW_GOALS + "\n" + fact_text)


def games():
    yield "connect_four", connect_game(7, 6)
    yield "connect_four_9x6", connect_game(9, 6)
