"""Lesson helpers that work for every game: narrating a move, playing a game out, the computer's levels.

The game-specific questions of the lessons are in each game's folder (``kit/games/<name>/study.py``).
"""
from __future__ import annotations

from typing import Any, Sequence

from kit.core.game import Trace

__all__ = ["narrate", "play_moves", "play_out", "levels_table", "moves_text"]


def narrate(trace: Trace[Any]) -> None:
    """Print what happens in a move, one step a line."""
    print("\n".join(trace.narration()))


def play_moves(position: Any, moves: str | Sequence[Any]) -> list[Trace[Any]]:
    """The traces of the moves played one after the other from a position (a string of moves split at spaces)."""
    traces: list[Trace[Any]] = []
    for move in moves.split() if isinstance(moves, str) else moves:
        traces.append(position.trace(move))
        position = traces[-1].after
    return traces


def play_out(position: Any, players: Sequence[Any], max_plies: int = 1000) -> list[Trace[Any]]:
    """The moves (as traces) of a game the computer players play from a position, ``players[p]`` for player p.

    The game ends by the rules, or after ``max_plies`` plies.
    """
    traces: list[Trace[Any]] = []
    while not position.is_over and len(traces) < max_plies:
        traces.append(position.trace(players[position.to_move].choose(position)))
        position = traces[-1].after
    return traces


def levels_table(game: str) -> str:
    """The computer's strengths for the game called ``game``, one a line: level, player and what it does."""
    from kit.core.game import game as find_game

    levels = find_game(game).levels()
    return "\n".join(f"{name:9} {spec.agent:10} {spec.description}" for name, spec in levels.items())


def moves_text(traces: Sequence[Trace[Any]]) -> str:
    """The moves of a game, in order, separated by spaces."""
    return " ".join(str(trace.move) for trace in traces)
