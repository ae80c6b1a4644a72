"""Lesson helpers that work for every game: narrating a move, playing a game out, the computer's levels, margins.

The game-specific questions of the lessons are in each game's folder (``kit/games/<name>/study.py``).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from kit.core.game import Trace

__all__ = ["narrate", "play_moves", "play_out", "levels_table", "moves_text", "rare_range", "share_over_games"]


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


def _poisson_at_most(found: int, mean: float) -> float:
    """The chance of at most ``found`` events when ``mean`` are expected (Poisson)."""
    term = total = math.exp(-mean)
    for k in range(1, found + 1):
        term *= mean / k
        total += term
    return total


def rare_range(found: int, asked: int) -> tuple[float, float]:
    """The range of a rare rate measured as ``found`` in ``asked`` that holds in about 19 cases out of 20.

    For rare events (a handful found) the usual ``2 * sqrt(p * (1 - p) / n)`` does not fit: the
    range is lopsided. This is the exact range of a Poisson count, 2.5% cut off at either end;
    with nothing found its top is about ``3.7 / asked`` (``3 / asked`` cuts off 5% on one side).
    """
    if asked <= 0 or not 0 <= found <= asked:
        raise ValueError(f"found must be 0..asked and asked positive, not {found} of {asked}")

    def solve(goal: float, found_at_most: int) -> float:  # the mean at which P(X <= found_at_most) == goal
        low, high = 0.0, found_at_most + 10.0 + 10 * math.sqrt(found_at_most + 1)
        for _ in range(100):
            middle = (low + high) / 2
            low, high = (middle, high) if _poisson_at_most(found_at_most, middle) > goal else (low, middle)
        return low

    bottom = 0.0 if found == 0 else solve(0.975, found - 1)
    return bottom / asked, solve(0.025, found) / asked


def share_over_games(counts: Sequence[tuple[int, int]]) -> tuple[float, float]:
    """A share counted over many games, and its margin of error, from ``(hits, tries)`` per game.

    The tries of one game hang together (one game's laps or hands are not independent draws), so
    the margin (two standard errors) is counted over the games, not over the tries.
    """
    games = len(counts)
    tries = sum(n for _, n in counts)
    if games < 2 or tries == 0:
        raise ValueError("a share over games needs at least two games and one try")
    share = sum(hits for hits, _ in counts) / tries
    spread = sum((hits - share * n) ** 2 for hits, n in counts) / (games * (games - 1))
    return share, 2 * math.sqrt(spread) / (tries / games)
