"""Two fast encodings of a Myra board for the move generator and the computer players.

*Hollow masks.* A set of hollows is a Python int with one bit per hollow, laid out as rows of
12 bits (11 hollows and one spare bit) so that the six neighbour directions are the six
shifts by 1, 11 and 12: :func:`spread` gives all neighbours of a whole set at once.

*Position codes.* A position is also one int: the 91 board bytes (``packed``, little end
first, hollow ``i`` in bits ``8 i .. 8 i + 7``), then the player to move, the players who
are out, the number of players and the reserves. A move changes a few hollows, so the code
of the position after it is the code before plus a few ``(new - old) << 8 i`` terms: the
move generator finds and tells apart the results of ~200 moves without building boards,
and a code hashes fast in transposition tables.
"""
from __future__ import annotations

from kit.games.myra.hexgrid import HOLLOWS, RADIUS

WIDTH = 12  # bits per row of hollow masks: 11 hollows and one spare bit that stops wrap-around
BIT: tuple[int, ...] = tuple(1 << ((r + RADIUS) * WIDTH + q + RADIUS) for q, r in HOLLOWS)
BOARD_MASK = sum(BIT)
HOLLOW_AT: tuple[int, ...] = tuple(  # mask bit number -> hollow index (-1 for the spare bits)
    {b.bit_length() - 1: i for i, b in enumerate(BIT)}.get(n, -1) for n in range(BOARD_MASK.bit_length()))

HOLLOW_UNIT: tuple[int, ...] = tuple(1 << (8 * i) for i in range(len(HOLLOWS)))  # one unit in hollow i of a code
HOLLOW_VALUE: tuple[tuple[int, ...], ...] = tuple(tuple(v * unit for v in range(24)) for unit in HOLLOW_UNIT)  # [i][v]: v in hollow i
BOARD_BITS = 8 * len(HOLLOWS)
BOARD_PART = (1 << BOARD_BITS) - 1
TURN_SHIFT = BOARD_BITS  # 2 bits: the player to move
OUT_SHIFT = BOARD_BITS + 2  # 3 bits: one per player who is out
THREE_SHIFT = BOARD_BITS + 5  # 1 bit: three players
RESERVE_SHIFT = BOARD_BITS + 8  # 16 bits per player's reserve
RESERVE_UNIT: tuple[int, ...] = tuple(1 << (RESERVE_SHIFT + 16 * p) for p in range(3))
PLY_SHIFT = RESERVE_SHIFT + 48  # the ply, in keys of games with a ply limit


def spread(mask: int) -> int:
    """The hollows next to any hollow of the mask (the mask's own hollows included when they neighbour each other)."""
    return ((mask << 1) | (mask >> 1) | (mask << 12) | (mask >> 12) | (mask << 11) | (mask >> 11)) & BOARD_MASK


def _within(steps: int) -> tuple[int, ...]:
    """Per hollow: the hollows at most ``steps`` steps away on an empty board (itself excluded)."""
    masks = []
    for bit in BIT:
        reach = bit
        for _ in range(steps):
            reach |= spread(reach)
        masks.append(reach ^ bit)
    return tuple(masks)


AROUND: tuple[int, ...] = _within(1)  # the neighbours of each hollow
WITHIN: tuple[tuple[int, ...], ...] = tuple(_within(steps) for steps in range(6))  # [steps][hollow]


def _bytes_of(mask: int) -> int:
    """The code mask of the board bytes of the hollows in a hollow mask."""
    return sum(0xFF * HOLLOW_UNIT[HOLLOW_AT[n]] for n in range(mask.bit_length()) if mask >> n & 1)


WITHIN_CODES: tuple[tuple[int, ...], ...] = tuple(tuple(map(_bytes_of, masks)) for masks in WITHIN)  # WITHIN as code masks


def encode(packed: bytes, reserve: tuple[int, ...], to_move: int, eliminated: tuple[int, ...]) -> int:
    """The code of a position (without its ply)."""
    code = int.from_bytes(packed, "little") | (to_move << TURN_SHIFT) | ((len(reserve) == 3) << THREE_SHIFT)
    for p in eliminated:
        code |= 1 << (OUT_SHIFT + p)
    for p, n in enumerate(reserve):
        code |= n * RESERVE_UNIT[p]
    return code


def decode(code: int) -> tuple[bytes, tuple[int, ...], int, tuple[int, ...]]:
    """Board bytes, reserves, player to move and players who are out, from a code."""
    players = 3 if code >> THREE_SHIFT & 1 else 2
    out = code >> OUT_SHIFT
    return ((code & BOARD_PART).to_bytes(len(HOLLOWS), "little"),
            tuple(code >> (RESERVE_SHIFT + 16 * p) & 0xFFFF for p in range(players)),
            code >> TURN_SHIFT & 3, tuple(p for p in range(players) if out >> p & 1))
