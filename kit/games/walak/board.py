"""The Walak-pussa board: 14 holes indexed counter-clockwise, and the names players use.

Index 0..6 are South's holes (player 0), 7..13 North's (player 1), each row left to right
as its owner sees it, so sowing always goes ``i -> i + 1 (mod 14)``. Each player names
their own holes ``a``..``g`` from their own left: South's ``c`` is 2, North's ``c`` is 9.
"""
from __future__ import annotations

from kit.core.errors import clip

Hole = int  # global index 0..13
Player = int  # 0 South, 1 North

HOLES = 14
ROW = 7
SEEDS_PER_HOLE = 4
TOTAL_SEEDS = HOLES * SEEDS_PER_HOLE
CLASSROOM_SEEDS = 10 * HOLES  # the most seeds a classroom set-up may hold (``classroom=True``)
LETTERS = "abcdefg"
PLAYER_NAMES = ("South", "North")


def owner(hole: Hole) -> Player:
    """The player whose side the hole is on."""
    return hole // ROW


def letter(hole: Hole) -> str:
    """The hole's letter as its owner names it."""
    return LETTERS[hole % ROW]


def hole_name(hole: Hole) -> str:
    """The hole as players name it, e.g. ``"North's c"``."""
    return f"{PLAYER_NAMES[owner(hole)]}'s {letter(hole)}"


def hole_index(player: Player, name: str) -> Hole:
    """The global index of a player's hole given by its letter."""
    if not isinstance(name, str) or len(name) != 1 or name.lower() not in LETTERS:
        raise ValueError(f"'{clip(name)}' is not a hole letter a..g")
    return player * ROW + LETTERS.index(name.lower())


def side(player: Player) -> range:
    """The global indices of a player's holes, a to g."""
    return range(player * ROW, player * ROW + ROW)
