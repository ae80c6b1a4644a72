"""The agent protocol: what every computer player offers, and how an agent is specified.

An agent has a ``name``, a seeded ``rng`` (:class:`random.Random`) and one method,
``choose(position) -> move``, which returns one of ``position.legal_moves()``. Agents are
written once against the uniform game protocol of :mod:`kit.core.game`, so each works for both
games; only the evaluation functions (:mod:`kit.agents.evaluation`) know a game.

Same seed, same choices: an agent under a depth or playout limit plays the same game
every time. Under a time limit the search depth depends on the machine's speed, so such
games need not repeat.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, Sequence, runtime_checkable

from kit.core.game import GameState

AGENTS: tuple[str, ...] = ("random", "greedy", "alphabeta", "mcts")
#: The strength levels every game offers (``kit.game(name).levels()`` says what each one is).
LEVEL_NAMES: tuple[str, ...] = ("beginner", "club", "strong")


@runtime_checkable
class Agent(Protocol):
    """A computer player: ``choose(position)`` returns one of the position's legal moves."""

    name: str
    rng: random.Random

    def choose(self, position: GameState[Any]) -> Any: ...


class SeededAgent:
    """The common part of the kit's agents: a name and a seeded random number generator."""

    def __init__(self, name: str, seed: int | None = 0) -> None:
        self.name = name
        self.seed = seed
        self.rng = random.Random(seed)

    @staticmethod
    def check_limits(time_per_move: float | None, **counts: int | None) -> None:
        """Refuse a time per move that is not a positive number, or a count limit (``depth``,
        ``playouts``) that is not a whole number >= 1."""
        for what, value in counts.items():
            if value is not None and (not isinstance(value, int) or value < 1):
                raise ValueError(f"the {what} limit must be a whole number >= 1, not {value!r}")
        if time_per_move is not None and not time_per_move > 0:
            raise ValueError(f"the time per move must be a positive number of seconds, not {time_per_move!r}")

    def legal_moves(self, position: GameState[Any]) -> list[Any]:
        """The position's legal moves; ValueError if the game is over."""
        moves = list(position.legal_moves()) if not position.is_over else []
        if not moves:
            raise ValueError(f"{self.name} cannot choose a move: the game is over")
        return moves

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


def children(position: GameState[Any]) -> list[tuple[Any, GameState[Any]]]:
    """Each legal move with the position it leads to (the engine's ``successors()``, which
    skips re-checking moves it has just generated)."""
    return list(zip(position.legal_moves(), position.successors()))


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name and limits, as :func:`make_agent` takes them; a game's strength levels
    (``kit.game(name).levels()``) are such specs with a description."""

    agent: str
    depth: int | None = None
    time_per_move: float | None = None
    playouts: int | None = None
    description: str = ""


def agent_keys(names: Sequence[str]) -> tuple[str, ...]:
    """Names to tell agents apart in results: repeated names get ``-1``, ``-2``, ... in order.

    >>> agent_keys(["random", "greedy"])
    ('random', 'greedy')
    >>> agent_keys(["mcts", "mcts"])
    ('mcts-1', 'mcts-2')
    """
    counts = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    keys = []
    for name in names:
        if counts[name] == 1:
            keys.append(name)
        else:
            seen[name] = seen.get(name, 0) + 1
            keys.append(f"{name}-{seen[name]}")
    return tuple(keys)
