"""The Myra board: 91 hollows in a hexagon with 6 hollows per side, in axial coordinates.

A hollow is ``(q, r)`` with ``s = -q - r``; it is on the board iff ``max(|q|, |r|, |s|) <= 5``.
Drawn with pointy-top hexagons, ``r`` is the row (``r = -5`` at the top) and ``q`` grows to
the right, so the board has rows of 6, 7, ..., 11, ..., 7, 6 hollows.

Human notation: rows are lettered ``A`` (top) to ``K`` (bottom) and the hollows of a row
are numbered from 1 at its left end, so ``F1`` and ``F11`` are the left and right corners
of the middle row and ``A1`` is the top-left corner.

Internally the engine numbers the hollows 0..90 in reading order (``A1`` = 0, ``K6`` = 90);
``INDEX``, ``HOLLOWS`` and the neighbour tables translate.
"""
from __future__ import annotations

from kit.core.errors import clip

Hollow = tuple[int, int]

RADIUS = 5
# Neighbour directions in the order fixed by RULINGS; corner k is RADIUS * DIRECTIONS[k].
DIRECTIONS: tuple[Hollow, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
ROW_LETTERS = "ABCDEFGHIJK"


def on_board(hollow: Hollow) -> bool:
    """Whether axial coordinates ``(q, r)`` name one of the 91 hollows."""
    q, r = hollow
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def distance(a: Hollow, b: Hollow) -> int:
    """The number of steps between two hollows on an empty board."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(hollow: Hollow) -> list[Hollow]:
    """The on-board neighbours of a hollow, in the RULINGS direction order."""
    q, r = hollow
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if on_board((q + dq, r + dr))]


def corner(k: int) -> Hollow:
    """Corner k (0..5): RADIUS times direction k."""
    dq, dr = DIRECTIONS[k]
    return (RADIUS * dq, RADIUS * dr)


def _row_start(r: int) -> int:
    """The q of the leftmost hollow of row r."""
    return max(-RADIUS, -RADIUS - r)


def hollow_name(hollow: Hollow) -> str:
    """The human name of a hollow: row letter (A top .. K bottom) and number from the left, e.g. 'F11'."""
    if not on_board(hollow):
        raise ValueError(f"{hollow} is not on the board")
    q, r = hollow
    return f"{ROW_LETTERS[r + RADIUS]}{q - _row_start(r) + 1}"


def parse_hollow(text: str) -> Hollow:
    """The hollow named by text such as 'F11' or 'f11'; ValueError names the problem."""
    name = text.strip().upper()
    if not 2 <= len(name) <= 3 or name[0] not in ROW_LETTERS or not name[1:].isdigit() or not name.isascii():
        raise ValueError(f"'{clip(text)}' is not a hollow name (a row letter A-K and a number, e.g. F11)")
    r = ROW_LETTERS.index(name[0]) - RADIUS
    column = int(name[1:])
    length = 2 * RADIUS + 1 - abs(r)
    if not 1 <= column <= length:
        raise ValueError(f"'{clip(text)}' is off the board: row {name[0]} has hollows 1 to {length}")
    return (_row_start(r) + column - 1, r)


HOLLOWS: tuple[Hollow, ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if on_board((q, r))
)
INDEX: dict[Hollow, int] = {hollow: i for i, hollow in enumerate(HOLLOWS)}
NAMES: tuple[str, ...] = tuple(hollow_name(hollow) for hollow in HOLLOWS)
# NEIGHBOURS[i]: indices of the on-board neighbours of hollow i, in direction order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in neighbours(c)) for c in HOLLOWS)
# STEP[i][d]: index of the neighbour of hollow i in direction d, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in HOLLOWS
)
ADJACENT: frozenset[tuple[int, int]] = frozenset((i, j) for i, ns in enumerate(NEIGHBOURS) for j in ns)

assert len(HOLLOWS) == 91 and all(len(ns) in (3, 4, 6) for ns in NEIGHBOURS)
