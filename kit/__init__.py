"""A Jupyter teaching kit for two traditional board games: Walak-pussa and Myra.

``kit.walak`` and ``kit.myra`` hold the engines; :func:`game` describes a game by name and
:func:`game_of` finds a position's game (see :mod:`kit.core.game`); ``kit.explore(position,
move=None)`` returns the notebook widget for either game; ``kit.say(...)`` prints like ``print``
with long lines wrapped between words.

>>> import kit
>>> kit.walak.start().legal_moves()
['a', 'b', 'c', 'd', 'e', 'f', 'g']
>>> kit.game("myra").start(3).num_players
3
"""
from __future__ import annotations

from typing import Any

from kit.games import walak  # registered first: kit.games() lists the games in this order
from kit.games import myra  # noqa: I001
from kit.core.game import Game, game, game_of
from kit.core.say import say

__version__ = "0.1.0"

__all__ = ["Game", "__version__", "explore", "game", "game_of", "games", "myra", "puzzle", "say", "walak"]
# ``kit.games`` is the games' package, and calling it lists their names (kit/games/__init__.py).


def explore(position: Any, move: Any = None, **options: Any) -> Any:
    """The widget for a position of either game: a move stepper when a move is given, a play board
    otherwise (``options`` go to the play board, e.g. ``hints=5``, or None for unlimited hints)."""
    from kit.widgets import explore as _explore

    return _explore(position, move, **options)


def puzzle(game: str, kind: str | None = None, difficulty: int | str = "easy", seed: int | None = None) -> Any:
    """The puzzle widget for ``game`` ("walak" or "myra"): a puzzle, the student's answer, the solution.
    ``difficulty`` is "easy", "medium" or "hard" (or 1, 2, 3: the puzzles' levels)."""
    from kit.puzzles.levels import level_named
    from kit.puzzles.board import PuzzleBoard

    return PuzzleBoard(game, kind, level_named(difficulty), seed)
