"""What a hollow can hold: nothing, one queen, or a troop of 1..5 soldiers of one player.

The engine packs a hollow into one small int: 0 is empty, otherwise ``owner * 8 + count``
with count 1..5 for a troop and ``QUEEN`` (6) for the queen. :class:`Piece` is the
readable form, with a short text such as ``"B3"`` (Blue troop of 3) or ``"OQ"`` (Orange queen).
"""
from __future__ import annotations

from dataclasses import dataclass

from kit.core.errors import clip

PLAYER_NAMES: tuple[str, ...] = ("Blue", "Orange", "Green")
EMPTY = 0
QUEEN = 6
FORTRESS = 5
MAX_TROOP = 5


def pack(owner: int, count: int) -> int:
    """The packed value of a troop of count soldiers (or the queen, count QUEEN) of owner."""
    return (owner << 3) | count


@dataclass(frozen=True)
class Piece:
    """The contents of an occupied hollow: a queen, or a troop of count soldiers."""

    owner: int
    count: int = 1
    queen: bool = False

    @property
    def packed(self) -> int:
        """The engine's int for this piece."""
        return pack(self.owner, QUEEN if self.queen else self.count)

    @classmethod
    def unpack(cls, value: int) -> "Piece":
        """The piece of a packed non-zero hollow value."""
        count = value & 7
        return cls(value >> 3, 1, True) if count == QUEEN else cls(value >> 3, count, False)

    @classmethod
    def parse(cls, text: str) -> "Piece":
        """The piece written as player initial plus count or Q, e.g. 'B3', 'OQ'."""
        initials = [name[0] for name in PLAYER_NAMES]
        code = text.strip().upper()
        if len(code) != 2 or code[0] not in initials or code[1] not in "12345Q":
            raise ValueError(f"'{clip(text)}' is not a piece (e.g. B3 for 3 Blue soldiers, OQ for the Orange queen)")
        owner = initials.index(code[0])
        return cls(owner, 1, True) if code[1] == "Q" else cls(owner, int(code[1]), False)

    def describe(self) -> str:
        """Plain English, e.g. "Orange's troop of 3", "Blue's queen", "Green's fortress"."""
        name = PLAYER_NAMES[self.owner]
        if self.queen:
            return f"{name}'s queen"
        if self.count == FORTRESS:
            return f"{name}'s fortress"
        return f"{name}'s single soldier" if self.count == 1 else f"{name}'s troop of {self.count}"

    def __str__(self) -> str:
        return PLAYER_NAMES[self.owner][0] + ("Q" if self.queen else str(self.count))
