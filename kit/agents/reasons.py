"""What hints say about a game's moves: the small protocol each game's reasons follow.

Each game's description names its :class:`Reasons` (``kit.game(name).reasons()``, from
its folder's ``reasons`` module). :mod:`kit.agents.hints`
builds the sentences from them, written once for every game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit.core.game import Trace

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def _nothing(before: Any, after: Any) -> str | None:
    return None


@dataclass(frozen=True)
class Reasons:
    """A game's words for what a move does."""

    move: Callable[[Any, Any], str | None]  # (position, move): what the move itself does; None for a quiet move
    capture: Callable[[Trace[Any]], str | None]  # what a traced move captures ("captures 9"); None for nothing
    quiet: Callable[[Any, Any], str | None] = _nothing  # (before, after): what a quiet move works towards
