"""The uniform game-state protocol both engines follow (after OpenSpiel).

Agents, tournaments, drawings and widgets are written once against these names:

- ``position.to_move`` (int), ``position.num_players`` (int)
- ``position.legal_moves()`` -> list of moves, each result once
- ``position.play(move)`` -> new position (the old one is unchanged)
- ``position.trace(move)`` -> :class:`Trace` (the same rules code, recording events)
- ``position.is_over`` (bool), ``position.winner`` (player index or ``None``)
- ``position.returns()`` -> one number per player: +1 win, -1 loss, 0 draw / not over
- ``position.key()`` -> a hashable value identifying the position (transposition tables)
- ``position.notation(move)`` / ``position.parse_move(text)`` -> the move's text form

Every event of a traced move has ``event.text``: a one-line English narration.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar, runtime_checkable


class IllegalMove(ValueError):
    """A move that is not legal in the position; the message says why."""


class RecordError(ValueError):
    """A malformed game record or position file; the message names the problem."""


class RulesError(ValueError):
    """An unknown rule option or preset."""


@runtime_checkable
class Event(Protocol):
    """One small immutable step of a traced move."""

    @property
    def text(self) -> str: ...


P = TypeVar("P")


@dataclass(frozen=True)
class Trace(Generic[P]):
    """A move played with tracing on: the position before, the move, its events, the position after."""

    before: P
    move: Any
    events: tuple[Any, ...]
    after: P

    def narration(self) -> list[str]:
        """The one-line narration of every event, in order."""
        return [event.text for event in self.events]


class GameState(Protocol):
    """What agents and tournaments need of a position."""

    @property
    def to_move(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    def legal_moves(self) -> Sequence[Any]: ...
    def play(self, move: Any) -> "GameState": ...
    def returns(self) -> list[float]: ...
    def key(self) -> Hashable: ...
