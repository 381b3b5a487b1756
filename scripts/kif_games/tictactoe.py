"""Tic-tac-toe variants: misere tic-tac-toe and nine-board tic-tac-toe."""
from .common import (FREE_POINTS, GENERATED, WIN_OR_DRAW_GOALS, facts, free_points, header,
                     roles_prelude)

# The eight lines of a 3x3 grid, squares numbered 1-9 row by row.
LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]


def xy(square):
    return (square - 1) % 3 + 1, (square - 1) // 3 + 1


MISERE = """\
(<= (base (cell ?x ?y ?r))
    (index ?x)
    (index ?y)
    (role ?r))
(<= (input ?r (mark ?x ?y))
    (role ?r)
    (index ?x)
    (index ?y))

{free_points}(<= (legal ?r (mark ?x ?y))
    (true (control ?r))
    (free ?x ?y))
(<= (next (cell ?x ?y ?r))
    (does ?r (mark ?x ?y)))
(<= (next (cell ?x ?y ?r))
    (true (cell ?x ?y ?r)))

; Misere: the role that completes a line of three of its marks loses.
(<= (line ?r)
    (three ?x1 ?y1 ?x2 ?y2 ?x3 ?y3)
    (true (cell ?x1 ?y1 ?r))
    (true (cell ?x2 ?y2 ?r))
    (true (cell ?x3 ?y3 ?r)))
(<= (won ?r)
    (opponent ?r ?s)
    (line ?s))
(<= open
    (free ?x ?y))
(<= terminal
    (line ?r))
(<= terminal
    (not open))

""".format(free_points=FREE_POINTS)


def misere_tictactoe():
    top = header("Misere tic-tac-toe", "tic-tac-toe where the first to complete a row, a column "
                 "or a diagonal of three of its marks loses", "3x3", ("crosses", "noughts"),
                 draw="a full grid with no line (50 each)")
    doc = "; Written for this project from the rules of the game. Squares are (cell column row role).\n"
    fact_text = "; The grid: its indices and its eight lines.\n" + facts("index", [(i,) for i in (1, 2, 3)])
    fact_text += facts("three", [xy(a) + xy(b) + xy(c) for a, b, c in LINES])
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("crosses", "noughts") + "\n"
            + MISERE + WIN_OR_DRAW_GOALS + "\n" + fact_text)


NINE_BOARD = """\
(<= (base (cell ?b ?s ?r))
    (index ?b)
    (index ?s)
    (role ?r))
(<= (base (target ?b))
    (index ?b))
(<= (input ?r (mark ?b ?s))
    (role ?r)
    (index ?b)
    (index ?s))

; (mark ?b ?s) marks square ?s of board ?b. The next mark goes on board ?s (the target) while it has
; a free square; on any board at the start and when the target board is full.
{free_points}(<= bound
    (true (target ?b))
    (free ?b ?s))
(<= (legal ?r (mark ?b ?s))
    (true (control ?r))
    (true (target ?b))
    (free ?b ?s))
(<= (legal ?r (mark ?b ?s))
    (true (control ?r))
    (not bound)
    (free ?b ?s))
(<= (next (cell ?b ?s ?r))
    (does ?r (mark ?b ?s)))
(<= (next (cell ?b ?s ?r))
    (true (cell ?b ?s ?r)))
(<= (next (target ?s))
    (does ?r (mark ?b ?s)))

; Three marks of one role in a line on any one board win.
(<= (won ?r)
    (three ?s1 ?s2 ?s3)
    (true (cell ?b ?s1 ?r))
    (true (cell ?b ?s2 ?r))
    (true (cell ?b ?s3 ?r)))
(<= open
    (free ?b ?s))
(<= terminal
    (won ?r))
(<= terminal
    (not open))

""".format(free_points=free_points(x="?b", y="?s"))


def nine_board_tictactoe():
    top = header("Nine-board tic-tac-toe", "nine tic-tac-toe boards in a 3x3 grid; each mark "
                 "goes on the board matching the square of the previous mark (any board at the "
                 "start or when that board is full), and three in a row on any board wins",
                 "9 boards of 3x3", ("crosses", "noughts"),
                 draw="all 81 squares marked with no line (50 each)")
    doc = ("; Written for this project from the rules of the game. Boards and squares are numbered "
           "1-9 row by row\n; (1 2 3 on the top row); (cell board square role).\n")
    fact_text = "; Board and square numbers, and the eight lines of a board.\n"
    fact_text += facts("index", [(i,) for i in range(1, 10)]) + facts("three", LINES)
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("crosses", "noughts") + "\n"
            + NINE_BOARD + WIN_OR_DRAW_GOALS + "\n" + fact_text)


def games():
    yield "misere_tictactoe", misere_tictactoe()
    yield "nine_board_tictactoe", nine_board_tictactoe()
