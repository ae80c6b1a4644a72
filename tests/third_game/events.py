"""The events of a traced Nim move: each stone picked, a heap emptied, the game won."""
from __future__ import annotations

from dataclasses import dataclass

SEATS = ("First", "Second")
LETTERS = "abcde"


@dataclass(frozen=True)
class Pick:
    """The mover picks one stone, the last of heap ``heap``, which then holds ``left``."""

    player: int
    heap: int
    left: int

    @property
    def text(self) -> str:
        return f"{SEATS[self.player]} takes a stone from heap {LETTERS[self.heap]} ({self.left} left there)."


@dataclass(frozen=True)
class Emptied:
    """A heap has no stones left."""

    heap: int

    @property
    def text(self) -> str:
        return f"Heap {LETTERS[self.heap]} is empty."


@dataclass(frozen=True)
class Won:
    """The mover took the last stone of the board and wins."""

    player: int

    @property
    def text(self) -> str:
        return f"{SEATS[self.player]} took the last stone and wins."
