"""The demonstrations of every game with a gallery, and the one-screen summaries of their rules.

Each game's folder holds its gallery (``game.demos()``: each demo has a ``name``, a ``title``,
a ``note`` (what to watch for), ``start()`` and ``trace()``) and its rules in a few lines
(``game.rules_summary()``).
"""
from __future__ import annotations

from typing import Any

from kit.core.game import game as find_game, games

#: The games with a gallery, name -> title, in the registry's order.
GAMES: dict[str, str] = {name: find_game(name).title for name in games() if find_game(name).demos()}

#: The rules of each game in a few lines, for the summary beside the board.
SUMMARIES: dict[str, tuple[str, ...]] = {name: find_game(name).rules_summary() for name in GAMES}


def gallery(game: str) -> tuple[Any, ...]:
    """The demonstrations of the game called ``game``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return tuple(find_game(game).demos())
