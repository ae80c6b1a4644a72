"""Evaluation functions: how the computer players judge a position, in plain words.

Every function takes ``(position, player)`` and returns a number seen from ``player``'s
side: more is better for them. Each game has two:

``material``
    What the greedy player maximises after its move (and what orders moves in a search).
``heuristic``
    What alpha-beta scores at the edge of its search, and what MCTS turns into a chance of
    winning when a playout is cut short.

A finished game is never judged by these: :func:`outcome_value` gives a win or a loss a
value beyond any heuristic.

Each game's own functions, described in words, are in its folder
(``kit/games/<game>/evaluation.py``); ``game.evaluation()`` hands them out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit.core.game import GameState


WIN = 1_000_000.0  # the value of a won game, beyond any heuristic

Judge = Callable[[Any, int], float]


@dataclass(frozen=True)
class Evaluation:
    """A game's evaluation functions, with two settings for MCTS.

    ``scale`` is one clear advantage (MCTS turns ``heuristic / scale`` into a chance of
    winning); ``rollout_plies`` is how far a random playout goes before the heuristic
    judges it (``None``: to the end of the game).
    """

    game: str
    material: Judge
    heuristic: Judge
    scale: float
    rollout_plies: int | None


def outcome_value(position: GameState[Any], player: int, judge: Judge) -> float:
    """The value of a finished game for ``player``: +-WIN for a win or loss (0 for a draw) plus ``judge``'s margin."""
    return position.returns()[player] * WIN + judge(position, player)
