"""Walak-pussa puzzles: the hole that captures the most, and where a relay ends.

Each finder traces every legal move with the engine and counts from the events
(``Capture``, ``LapEnd``); no rule is computed here.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from kit.game import Trace
from kit.puzzles.levels import Found, closeness, level_of
from kit.walak import PLAYER_NAMES, Capture, LapEnd, hole_name
from kit.walak.events import seeds_captured


@lru_cache(maxsize=4)
def traces(position: Any) -> dict[str, Trace]:
    """Every legal move in notation, traced (the last few positions' traces are kept)."""
    return {position.notation(move): position.trace(move) for move in position.legal_moves()}


def seeds_taken(trace: Trace) -> int:
    """The seeds a Walak-pussa move captures (:func:`kit.walak.events.seeds_captured`; a sweep is no capture)."""
    return seeds_captured(trace.events)


def laps(trace: Trace) -> int:
    """How many laps a Walak-pussa move sows."""
    return sum(isinstance(event, LapEnd) for event in trace.events)


def relay_end(trace: Trace) -> int:
    """The hole where the last seed of the move's last lap falls."""
    return [event.hole for event in trace.events if isinstance(event, LapEnd)][-1]


def _mover(position: Any) -> str:
    return PLAYER_NAMES[position.to_move]


def walak_most_captured(position: Any) -> list[Found]:
    """The hole whose move captures strictly more seeds than every other move, and at least 3,
    where another move captures too (else the question would be "which move captures?").

    Difficulty: how close the runner-up comes (by 1 seed: 2 points, by 2: 1 point), and a
    long relay (3 laps or more: 1 point).
    """
    moves = traces(position)
    if any(trace.after.is_over for trace in moves.values()):
        return []  # a move that ends the game sweeps the board too: "captures the most" would mislead
    taken = {move: seeds_taken(trace) for move, trace in moves.items()}
    if not taken:
        return []
    best = max(taken, key=taken.__getitem__)
    runners_up = [n for move, n in taken.items() if n and move != best]
    if taken[best] < 3 or not runners_up or max(runners_up) == taken[best]:
        return []
    points = closeness(taken[best] - max(runners_up)) + (laps(moves[best]) >= 3)
    question = f"{_mover(position)} to move (2 players): which hole captures the most seeds?"
    return [Found(best, best, taken[best], level_of(points), question)]


def walak_relay_end(position: Any) -> list[Found]:
    """For each move of two laps or more: the hole where its relay ends (level by laps: 2, 3-4, 5+)."""
    found = []
    for move, trace in traces(position).items():
        lapped = laps(trace)
        if lapped >= 2:
            question = (f"{_mover(position)} to move (2 players): {_mover(position)} plays {move}. "
                        f"In which hole does the relay end?")
            level = 1 if lapped == 2 else 2 if lapped <= 4 else 3
            found.append(Found(move, hole_name(relay_end(trace)), seeds_taken(trace), level, question))
    return found
