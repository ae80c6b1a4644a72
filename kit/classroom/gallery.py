"""The games the classroom shows, their demonstrations, and the one-screen summaries of their rules.

Each game's folder holds its gallery (``game.demos()``: each demo has a ``name``, a ``title``,
a ``note`` (what to watch for), ``start()`` and ``trace()``) and its rules in a few lines
(``game.rules_summary()``).
"""
from __future__ import annotations

from typing import Any

from kit.core.game import game as find_game, games



def _playable(name: str) -> bool:
    """Whether a game has a play board (its live game), which every game on the big board needs."""
    try:
        find_game(name).play_board()
    except NotImplementedError:
        return False
    return True


#: The games with a play board, name -> title, in the registry's order (a game without a gallery
#: of demonstrations is shown too: the classroom offers the modes each game has).
GAMES: dict[str, str] = {name: find_game(name).title for name in games() if _playable(name)}

#: The rules of each game in a few lines, for the summary beside the board.
SUMMARIES: dict[str, tuple[str, ...]] = {name: find_game(name).rules_summary() for name in GAMES}


def gallery(game: str) -> tuple[Any, ...]:
    """The demonstrations of the game called ``game`` (none for a game without a gallery)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return tuple(find_game(game).demos())
