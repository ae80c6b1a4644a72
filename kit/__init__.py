"""A Jupyter teaching kit for two traditional board games: Walak-pussa and Myra.

``kit.walak`` and ``kit.myra`` hold the engines; ``kit.explore(position, move=None)``
returns the notebook widget for either game.
"""
from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "explore", "puzzle"]


def explore(position: Any, move: Any = None) -> Any:
    """The widget for a position of either game: a move stepper when a move is given, a play board otherwise."""
    from kit.widgets import explore as _explore

    return _explore(position, move)


def puzzle(game: str, kind: str | None = None, level: int = 1, seed: int | None = None) -> Any:
    """The puzzle widget for ``game`` ("walak" or "myra"): a puzzle, the student's answer, the solution."""
    from kit.puzzles.widget import PuzzleBoard

    return PuzzleBoard(game, kind, level, seed)
