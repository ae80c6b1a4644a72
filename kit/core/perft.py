"""Perft over the protocol: how many move sequences of each length a position has.

The first check a game's author runs: counted from the start and compared with figures
worked out by hand or published (chess's 20, 400, 8,902; Othello's 4, 12, 56, 244). Only
``legal_moves()`` and ``play(move)`` are used (the last ply counts moves without playing them),
so any game's positions are counted alike:

>>> from kit.core.game import game, games
>>> perft_counts(game(games()[0]).start(), 2)
[7, 30]
"""
from __future__ import annotations

from typing import Any


def perft(position: Any, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies from ``position`` (chess's perft; 1 at depth 0)."""
    if depth < 0:
        raise ValueError(f"a perft depth is 0 or more, not {depth}")
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(move), depth - 1) for move in moves)


def perft_counts(position: Any, depth: int) -> list[int]:
    """The number of move sequences of exactly 1, 2, ..., ``depth`` plies (a game ended early counts none further)."""
    if depth < 0:
        raise ValueError(f"a perft depth is 0 or more, not {depth}")
    counts = [0] * depth
    _count(position, depth, counts, 0)
    return counts


def _count(position: Any, depth: int, counts: list[int], ply: int) -> None:
    moves = position.legal_moves()
    counts[ply] += len(moves)
    if ply + 1 < depth:
        for move in moves:
            _count(position.play(move), depth, counts, ply + 1)
