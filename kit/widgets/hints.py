"""Hints on a board: where a suggested move is marked, the hints a game allows, the hint's line.

:func:`marks` gives the holes or hollows to mark for a move (the game says which:
:meth:`kit.core.game.Game.marks`). :class:`HintAllowance` counts the
hints of one game: a number (the lessons' play boards) or None (unlimited, the classroom).
:func:`suggest` asks :func:`kit.agents.hints.hint` and says it in one line.
"""
from __future__ import annotations

from typing import Any

from kit.agents.hints import Hint, hint
from kit.core.game import game_of
from kit.core.errors import IllegalMove

#: Hints a game of a play board allows unless told otherwise (``hints=None``: unlimited).
DEFAULT_HINTS = 3

#: How long the search thinks for a hint, in seconds.
HINT_SECONDS = 1.0


def marks(position: Any, move: Any) -> tuple[Any, ...]:
    """The holes or hollows that mark ``move`` (a legal move, or its notation) on the board."""
    move = position.parse_move(move) if isinstance(move, str) else move
    return game_of(position).marks(position, move)


class HintAllowance:
    """The hints left in a game: ``limit`` a game (None: unlimited)."""

    def __init__(self, limit: int | None = DEFAULT_HINTS) -> None:
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise ValueError(f"hints is a number of hints a game (0 or more) or None for unlimited, not {limit!r}")
        self.limit = limit
        self.left = limit

    def reset(self) -> None:
        """A new game: all its hints again."""
        self.left = self.limit

    def take(self) -> None:
        """Use one hint; IllegalMove (shown as the message) when none are left."""
        if self.left is None:
            return
        if self.left <= 0:
            allowed = "no hints" if self.limit == 0 else f"{self.limit} hint{'s' * (self.limit != 1)} a game"
            raise IllegalMove(f"no hints left in this game ({allowed}): press new game for more")
        self.left -= 1

    def label(self) -> str:
        """The hint button's text: how many are left."""
        if self.limit == 0:
            return "no hint here"
        return "hint" if self.left is None else f"hint ({self.left} left)"


def suggest(position: Any, **search: Any) -> tuple[Hint, str]:
    """The hint for the side to move and the line that says it ("Hint for South: b: ... .");
    ``search`` goes to :func:`kit.agents.hints.hint` (``seconds`` or ``depth``)."""
    if position.is_over:
        raise IllegalMove("the game is over: press new game")
    suggestion = hint(position, **(search or {"seconds": HINT_SECONDS}))
    mover = game_of(position).player_names(position.num_players)[position.to_move]
    return suggestion, f"Hint for {mover}: {suggestion.move}: {suggestion.text}."
