"""The one-line texts widgets show about a position or a move, for either game (through the registry)."""
from __future__ import annotations

from typing import Any

from kit.core.game import Trace, game_of
from kit.core.errors import IllegalMove


def status_text(position: Any) -> str:
    """Whose turn it is, or how the game ended, in one line."""
    names = game_of(position).player_names(position.num_players)
    if not position.is_over:
        return f"{names[position.to_move]} to move."
    winner = position.winner
    result = "a draw" if winner is None else f"{names[winner]} wins"
    reason = position.end_reason or ""
    if result in reason:  # some games' reasons name the winner
        return f"Game over: {reason}"
    return f"Game over: {result}. {reason}".rstrip()


def mover_name(trace: Trace[Any]) -> str:
    """The name of the player who makes the traced move, e.g. ``"North"``."""
    before = trace.before
    return str(game_of(before).player_names(before.num_players)[before.to_move])


def move_label(trace: Trace[Any]) -> str:
    """The mover and the move in notation, e.g. ``"North c"``."""
    return f"{mover_name(trace)} {trace.before.notation(trace.move)}"


def trace_of(position: Any, move: Any, laps: int = 3) -> Trace[Any]:
    """The move traced; a move refused because it never ends gives its first ``laps`` laps
    and the event saying why, with the position unchanged."""
    try:
        trace: Trace[Any] = position.trace(move)
        return trace
    except IllegalMove:
        if move not in position.endless_moves():
            raise
        return Trace(position, position.notation(move), position.first_laps(move, laps), position)
