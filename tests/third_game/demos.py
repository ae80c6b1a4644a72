"""Nim's gallery for the classroom: each demonstration a position, the move played from it, a title
and a line on what to watch for (the fields the classroom reads: ``name``, ``title``, ``note``,
``start()``, ``trace()``)."""
from __future__ import annotations

from dataclasses import dataclass

from kit.core.game import Trace

from .position import Position


@dataclass(frozen=True)
class Demo:
    """A named demonstration: ``move`` (in notation) played from the heaps ``heaps``."""

    name: str
    title: str
    heaps: tuple[int, ...]
    move: str
    note: str

    def start(self) -> Position:
        """The position before the move."""
        return Position(self.heaps)

    def trace(self) -> Trace[Position]:
        """The move traced from the position."""
        return self.start().trace(self.move)


DEMOS: tuple[Demo, ...] = (
    Demo("balance", "Balancing the heaps", (1, 2, 4), "c1",
         "Taking one stone from heap c leaves heaps of 1, 2 and 3: whatever the other player takes, "
         "the first can balance them again."),
    Demo("last-stone", "The last stone wins", (0, 0, 2), "c2", "Both stones of the last heap go at once: the game is won."),
)
