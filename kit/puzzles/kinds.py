"""The kinds of puzzle: what they ask, the rule a hint points at, and their finders.

Every finder takes a position and returns the puzzles it holds (often none), each answer
proven by brute force over the legal moves with the game's own engine (each game lists its
kinds in its folder's ``puzzle_kinds`` module; ``game.puzzle_kinds()``). Levels: :mod:`kit.puzzles.levels`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit.core.game import game as find_game
from kit.puzzles.levels import Found


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its game and name, what it asks, and the finder that proves its answers."""

    game: str
    name: str
    summary: str
    rule: str  # the rule a wrong answer's hint points at
    find: Callable[[Any], list[Found]]
    in_mix: bool = True  # whether a request without a kind includes this kind (rare kinds do not)


def kinds_for(game: str) -> dict[str, Kind]:
    """The kinds of puzzle of the game called ``game``, by name (each game's folder lists its own)."""
    return find_game(game).puzzle_kinds()
