"""Checkers (English draughts) 8x8: forced captures, multi-jumps as one role's successive plies,
kings, and a ply limit after which the game is drawn."""
from .common import DIRECTIONS, GENERATED, WIN_OR_DRAW_GOALS, facts, header, roles_prelude

LIMIT = 200  # plies (each jump of a multi-jump is one) after which an unfinished game is drawn

RULES = """\
(<= (base (cell ?x ?y ?r ?t))
    (dark ?x ?y)
    (role ?r)
    (kind ?t))
(<= (base (jumping ?x ?y))
    (dark ?x ?y))
(<= (base (step ?n))
    (succ ?n ?m))
(base (step {limit}))
(<= (input ?r (move ?x ?y ?u ?v))
    (role ?r)
    (diag ?d ?x ?y ?u ?v))
(<= (input ?r (jump ?x ?y ?u ?v))
    (role ?r)
    (jump_line ?d ?x ?y ?mx ?my ?u ?v))

(<= (holds ?x ?y ?r)
    (true (cell ?x ?y ?r ?t)))
(<= (occupied ?x ?y)
    (holds ?x ?y ?r))
(<= (empty ?x ?y)
    (dark ?x ?y)
    (not (occupied ?x ?y)))

; A piece of kind ?t goes in the directions `may_go` allows (men forward, kings both ways): a step
; to the next empty dark square, or a jump over an opposing piece to the empty square beyond.
(<= (jump_from ?r ?x ?y ?u ?v)
    (true (cell ?x ?y ?r ?t))
    (may_go ?r ?t ?d)
    (jump_line ?d ?x ?y ?mx ?my ?u ?v)
    (opponent ?r ?s)
    (holds ?mx ?my ?s)
    (empty ?u ?v))
(<= (step_from ?r ?x ?y ?u ?v)
    (true (cell ?x ?y ?r ?t))
    (may_go ?r ?t ?d)
    (diag ?d ?x ?y ?u ?v)
    (empty ?u ?v))
(<= (can_jump ?r)
    (jump_from ?r ?x ?y ?u ?v))
(<= (can_step ?r)
    (step_from ?r ?x ?y ?u ?v))

; Captures are forced. In the middle of a multi-jump (jumping ?x ?y) only the piece on (?x ?y) moves,
; and only by jumping; otherwise any jump, and a step only when no piece can jump.
(<= mid_jump
    (true (jumping ?x ?y)))
(<= (legal ?r (jump ?x ?y ?u ?v))
    (true (control ?r))
    (true (jumping ?x ?y))
    (jump_from ?r ?x ?y ?u ?v))
(<= (legal ?r (jump ?x ?y ?u ?v))
    (true (control ?r))
    (not mid_jump)
    (jump_from ?r ?x ?y ?u ?v))
(<= (legal ?r (move ?x ?y ?u ?v))
    (true (control ?r))
    (not (can_jump ?r))
    (step_from ?r ?x ?y ?u ?v))

; The moved piece lands, crowned on the far row (static `kind_after`); a jumped piece is removed.
(<= (moved ?x ?y ?u ?v)
    (does ?r (move ?x ?y ?u ?v)))
(<= (moved ?x ?y ?u ?v)
    (does ?r (jump ?x ?y ?u ?v)))
(<= (vacated ?x ?y)
    (moved ?x ?y ?u ?v))
(<= (captured ?mx ?my)
    (does ?r (jump ?x ?y ?u ?v))
    (jump_line ?d ?x ?y ?mx ?my ?u ?v))
(<= (next (cell ?u ?v ?r ?k))
    (moved ?x ?y ?u ?v)
    (true (cell ?x ?y ?r ?t))
    (kind_after ?r ?t ?v ?k))
(<= (next (cell ?x ?y ?r ?t))
    (true (cell ?x ?y ?r ?t))
    (not (vacated ?x ?y))
    (not (captured ?x ?y)))

; A jump that does not crown continues while the landed piece can jump again (over a piece not just
; captured, to a square empty now): the same role keeps control and must jump with that piece.
; Crowning ends the move.
(<= (lands ?u ?v ?r ?t)
    (does ?r (jump ?x ?y ?u ?v))
    (true (cell ?x ?y ?r ?t))
    (kind_after ?r ?t ?v ?t))
(<= continues
    (lands ?x ?y ?r ?t)
    (may_go ?r ?t ?d)
    (jump_line ?d ?x ?y ?mx ?my ?u ?v)
    (opponent ?r ?s)
    (holds ?mx ?my ?s)
    (not (captured ?mx ?my))
    (empty ?u ?v))
(<= (next (jumping ?x ?y))
    continues
    (lands ?x ?y ?r ?t))
(<= (next (control ?r))
    (true (control ?r))
    continues)
(<= (next (control ?s))
    (true (control ?r))
    (not continues)
    (opponent ?r ?s))
(<= (next (step ?m))
    (true (step ?n))
    (succ ?n ?m))

; The role to move without a legal move (no pieces, or all blocked) loses; after {limit} plies an
; unfinished game is a draw.
(<= (has_move ?r)
    (can_jump ?r))
(<= (has_move ?r)
    (can_step ?r))
(<= (stuck ?r)
    (true (control ?r))
    (not (has_move ?r)))
(<= (won ?s)
    (stuck ?r)
    (opponent ?r ?s))
(<= terminal
    (stuck ?r))
(<= terminal
    (true (step {limit})))

"""

MAN_DIRECTIONS = {"black": ("ne", "nw"), "white": ("se", "sw")}
FAR_ROW = {"black": 8, "white": 1}


def dark_squares():
    return [(x, y) for y in range(1, 9) for x in range(1, 9) if (x + y) % 2 == 0]


def board_facts():
    dark = set(dark_squares())
    text = "; The board: dark squares, the pieces at the start, directions, steps and jumps.\n"
    text += facts("dark", sorted(dark, key=lambda p: (p[1], p[0])))
    text += "(kind man)\n(kind king)\n(init (step 0))\n"
    for x, y in sorted(dark, key=lambda p: (p[1], p[0])):
        if y <= 3:
            text += "(init (cell %d %d black man))\n" % (x, y)
        elif y >= 6:
            text += "(init (cell %d %d white man))\n" % (x, y)
    moves = []
    for r, ds in MAN_DIRECTIONS.items():
        moves += [(r, "man", d) for d in ds]
        moves += [(r, "king", d) for d in ("ne", "nw", "se", "sw")]
    text += facts("may_go", moves)
    kinds = []
    for r in ("black", "white"):
        for y in range(1, 9):
            kinds.append((r, "man", y, "king" if y == FAR_ROW[r] else "man"))
            kinds.append((r, "king", y, "king"))
    text += facts("kind_after", kinds)
    diag, jumps = [], []
    for d in ("ne", "nw", "se", "sw"):
        dx, dy = DIRECTIONS[d]
        for x, y in sorted(dark, key=lambda p: (p[1], p[0])):
            if (x + dx, y + dy) in dark:
                diag.append((d, x, y, x + dx, y + dy))
            if (x + 2 * dx, y + 2 * dy) in dark:
                jumps.append((d, x, y, x + dx, y + dy, x + 2 * dx, y + 2 * dy))
    text += facts("diag", diag) + facts("jump_line", jumps)
    text += facts("succ", [(n, n + 1) for n in range(LIMIT)])
    return text


def checkers():
    top = header("Checkers", "English draughts: pieces move diagonally forward to an empty square "
                 "or jump an opposing piece, captures are forced and a jumping piece jumps on "
                 "while it can, men reaching the far row become kings that move both ways, and a "
                 "player who cannot move loses", "8x8, the 32 dark squares",
                 ("black", "white"), draw="%d plies without a winner (50 each)" % LIMIT)
    doc = """\
; Written for this project from the rules of English draughts. Squares are (cell x y role kind),
; x the column and y the row, dark when x + y is even; black starts on rows 1-3 and moves up,
; white on rows 6-8. A step is (move x y x2 y2); a jump is (jump x y x2 y2), over the piece between.
; A multi-jump is one jump per ply, the same role keeping control (noop for the other) and having
; to jump on with the same piece; any capture sequence may be chosen (the longest is not
; required), and a man that reaches the far row is crowned and stops. Every ply, a jump of a
; multi-jump included, counts towards the limit of {limit} plies, after which the game is drawn.
""".format(limit=LIMIT)
    return (top + ";\n" + doc + GENERATED + "\n" + roles_prelude("black", "white", alternate=False)
            + "\n" + RULES.format(limit=LIMIT) + WIN_OR_DRAW_GOALS + "\n" + board_facts())


def games():
    yield "checkers", checkers()
