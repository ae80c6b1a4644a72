"""Which game a position belongs to, and the one-line texts widgets show about it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit import myra, walak
from kit.draw.myra import MyraBoard
from kit.draw.walak import WalakBoard
from kit.game import IllegalMove, Trace
from kit.walak.match import Match


@dataclass(frozen=True)
class Game:
    """What widgets need to know about a game: its name, player names and drawing class."""

    name: str
    player_names: tuple[str, ...]
    drawing: Callable[..., Any]


def game_of(position: Any) -> Game:
    """The game a position (or a Walak-pussa match) belongs to; TypeError for anything else."""
    if isinstance(position, (walak.Position, Match)):
        return Game("walak", walak.PLAYER_NAMES, WalakBoard)
    if isinstance(position, myra.Position):
        return Game("myra", myra.PLAYER_NAMES, MyraBoard)
    raise TypeError(f"expected a Walak-pussa or Myra position, not {type(position).__name__}")


def status_text(position: Any) -> str:
    """Whose turn it is, or how the game ended, in one line."""
    names = game_of(position).player_names
    if not position.is_over:
        return f"{names[position.to_move]} to move."
    winner = position.winner
    return "Game over: a draw." if winner is None else f"Game over: {names[winner]} wins."


def move_label(trace: Trace) -> str:
    """The mover and the move in notation, e.g. ``"North c"``."""
    before = trace.before
    return f"{game_of(before).player_names[before.to_move]} {before.notation(trace.move)}"


def trace_of(position: Any, move: Any, laps: int = 3) -> Trace:
    """The move traced; a refused endless Walak-pussa sowing gives its first ``laps`` laps
    and the event saying why, with the position unchanged."""
    try:
        return position.trace(move)
    except IllegalMove:
        endless = getattr(position, "endless_moves", lambda: [])()
        if move not in endless:
            raise
        return Trace(position, position.notation(move), position.first_laps(move, laps), position)
