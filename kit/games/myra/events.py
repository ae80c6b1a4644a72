"""The events of a traced Myra move: small immutable values with a one-line narration.

A traced move is a sequence such as ``Lift, Step, Step, Capture, Drop``. Each event says
exactly what changed, so :func:`state_at` can rebuild the board after any number of
events: drawings and steppers show a move one event at a time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Sequence, Union

from kit.games.myra.hexgrid import Hollow, hollow_name
from kit.games.myra.seen import Seen
from kit.games.myra.pieces import FORTRESS, PLAYER_NAMES, Piece



def _soldiers(count: int) -> str:
    return "a soldier" if count == 1 else f"{count} soldiers"


def _soldiers_verb(count: int, singular: str, plural: str) -> str:
    """'a soldier leaves' or '3 soldiers leave'."""
    return f"{_soldiers(count)} {singular if count == 1 else plural}"


@dataclass(frozen=True, slots=True)
class Lift:
    """The player takes count soldiers (or the queen) out of a hollow; left stay behind."""

    player: int
    hollow: Hollow
    count: int
    queen: bool = False
    left: int = 0

    @property
    def text(self) -> str:
        name, where = PLAYER_NAMES[self.player], hollow_name(self.hollow)
        if self.queen:
            return f"{name} lifts the queen from {where}."
        if self.left:
            return f"{name} lifts {self.count} of the {self.count + self.left} soldiers from {where}, leaving {self.left}."
        whole = {1: "the soldier", 2: "both soldiers"}.get(self.count, f"all {self.count} soldiers")
        return f"{name} lifts {whole} from {where}."


@dataclass(frozen=True, slots=True)
class Step:
    """The balls in hand move one hollow along the path."""

    player: int
    origin: Hollow
    to: Hollow
    count: int
    queen: bool = False

    @property
    def text(self) -> str:
        what = "queen steps" if self.queen else ("soldier steps" if self.count == 1 else f"{self.count} soldiers step")
        return f"{PLAYER_NAMES[self.player]}'s {what} from {hollow_name(self.origin)} to {hollow_name(self.to)}."


@dataclass(frozen=True, slots=True)
class Drop:
    """The balls in hand are put down in an empty hollow (after any capture there)."""

    player: int
    hollow: Hollow
    count: int
    queen: bool = False

    @property
    def text(self) -> str:
        what = "the queen" if self.queen else _soldiers(self.count)
        return f"{PLAYER_NAMES[self.player]} puts {what} down on {hollow_name(self.hollow)}."


@dataclass(frozen=True, slots=True)
class Merge:
    """The soldiers in hand join the player's own troop: build up to total."""

    player: int
    hollow: Hollow
    count: int
    total: int

    @property
    def text(self) -> str:
        fortress = ", a fortress" if self.total == FORTRESS else ""
        return (f"{PLAYER_NAMES[self.player]} builds up {hollow_name(self.hollow)}: "
                f"{self.total - self.count} + {self.count} = {self.total} soldiers{fortress}.")


@dataclass(frozen=True, slots=True)
class Capture:
    """An enemy troop of count soldiers is captured and leaves the game."""

    player: int
    hollow: Hollow
    victim: int
    count: int

    @property
    def text(self) -> str:
        troop = Piece(self.victim, self.count).describe()
        return f"{PLAYER_NAMES[self.player]} captures {troop} on {hollow_name(self.hollow)}; {_soldiers_verb(self.count, 'leaves', 'leave')} the game."


@dataclass(frozen=True, slots=True)
class QueenCaptured:
    """An enemy queen is captured."""

    player: int
    hollow: Hollow
    victim: int

    @property
    def text(self) -> str:
        return f"{PLAYER_NAMES[self.player]} captures {PLAYER_NAMES[self.victim]}'s queen on {hollow_name(self.hollow)}!"


@dataclass(frozen=True, slots=True)
class Gather:
    """Chaining up: the hand moves on to the next soldier of the chain and picks it up."""

    player: int
    origin: Hollow
    to: Hollow
    in_hand: int

    @property
    def text(self) -> str:
        return f"{PLAYER_NAMES[self.player]} gathers the soldier on {hollow_name(self.to)} into the chain ({self.in_hand} in hand)."


@dataclass(frozen=True, slots=True)
class Lay:
    """Unchaining: the hand moves on to the next hollow and lays one soldier there."""

    player: int
    origin: Hollow
    to: Hollow
    left: int

    @property
    def text(self) -> str:
        rest = f" ({self.left} still in hand)" if self.left else " (the chain is laid)"
        return f"{PLAYER_NAMES[self.player]} lays a soldier on {hollow_name(self.to)}{rest}."


@dataclass(frozen=True, slots=True)
class Produce:
    """A soldier comes from the reserve into an empty hollow next to the queen."""

    player: int
    hollow: Hollow
    reserve_left: int

    @property
    def text(self) -> str:
        return (f"{PLAYER_NAMES[self.player]} brings a soldier from the reserve onto {hollow_name(self.hollow)}, "
                f"next to the queen ({self.reserve_left} left in reserve).")


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player whose queen was taken is out; their reserve leaves the game."""

    player: int
    by: int
    reserve_lost: int

    @property
    def text(self) -> str:
        lost = f"; {_soldiers_verb(self.reserve_lost, 'in reserve leaves', 'in reserve leave')} the game" if self.reserve_lost else ""
        return f"{PLAYER_NAMES[self.player]} is out of the game{lost}."


@dataclass(frozen=True, slots=True)
class ChangeSides:
    """Three players: the soldiers of the player who is out change to the capturer's colour."""

    player: int
    by: int
    hollows: tuple[Hollow, ...]
    soldiers: int

    @property
    def text(self) -> str:
        hollows = "1 hollow" if len(self.hollows) == 1 else f"{len(self.hollows)} hollows"
        if self.soldiers == 1:
            return f"{PLAYER_NAMES[self.player]}'s last soldier changes sides and now belongs to {PLAYER_NAMES[self.by]}."
        return (f"{PLAYER_NAMES[self.player]}'s {self.soldiers} soldiers in {hollows} "
                f"change sides and now belong to {PLAYER_NAMES[self.by]}.")


@dataclass(frozen=True, slots=True)
class Pass:
    """A player with no legal move passes."""

    player: int

    @property
    def text(self) -> str:
        return f"{PLAYER_NAMES[self.player]} has no legal move and passes."


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game has ended: a winner, or a draw (winner None) for the reason given."""

    winner: int | None
    reason: str

    @property
    def text(self) -> str:
        if self.winner is None:
            return f"The game is a draw: {self.reason}."
        return f"{PLAYER_NAMES[self.winner]} wins: {self.reason}."


MyraEvent = Union[Lift, Step, Drop, Merge, Capture, QueenCaptured, Gather, Lay, Produce,
                  PlayerOut, ChangeSides, Pass, GameOver]


@dataclass(frozen=True)
class Hand:
    """Balls in a player's hand during a move, and the hollow they are over."""

    player: int
    count: int
    queen: bool
    hollow: Hollow


@dataclass(frozen=True)
class BoardState:
    """The board part way through a move: pieces, reserves, eliminated players and the hand."""

    hollows: Mapping[Hollow, Piece]
    reserve: tuple[int, ...]
    eliminated: tuple[int, ...]
    hand: Hand | None = field(default=None)


def state_at(position: Seen, events: Sequence[MyraEvent], step: int) -> BoardState:
    """The board after the first ``step`` events of a move traced from ``position``.

    ``step = 0`` is the position before the move; ``step = len(events)`` equals the
    position after it (same hollows, reserves and eliminated players, no hand).
    """
    if not 0 <= step <= len(events):
        raise ValueError(f"step must be between 0 and {len(events)}, not {step}")
    hollows = dict(position.hollows)
    reserve = list(position.reserve)
    eliminated = set(position.eliminated)
    hand: Hand | None = None
    for event in events[:step]:
        if isinstance(event, Lift):
            if event.left:
                hollows[event.hollow] = Piece(event.player, event.left)
            else:
                del hollows[event.hollow]
            hand = Hand(event.player, event.count, event.queen, event.hollow)
        elif isinstance(event, Step):
            hand = Hand(event.player, event.count, event.queen, event.to)
        elif isinstance(event, Drop):
            hollows[event.hollow] = Piece(event.player, event.count, event.queen)
            hand = None
        elif isinstance(event, Merge):
            hollows[event.hollow] = Piece(event.player, event.total)
            hand = None
        elif isinstance(event, (Capture, QueenCaptured)):
            del hollows[event.hollow]
        elif isinstance(event, Gather):
            del hollows[event.to]
            hand = Hand(event.player, event.in_hand, False, event.to)
        elif isinstance(event, Lay):
            hollows[event.to] = Piece(event.player, 1)
            hand = Hand(event.player, event.left, False, event.to) if event.left else None
        elif isinstance(event, Produce):
            hollows[event.hollow] = Piece(event.player, 1)
            reserve[event.player] = event.reserve_left
        elif isinstance(event, PlayerOut):
            eliminated.add(event.player)
            reserve[event.player] -= event.reserve_lost
        elif isinstance(event, ChangeSides):
            for hollow in event.hollows:
                hollows[hollow] = Piece(event.by, hollows[hollow].count)
    return BoardState(MappingProxyType(hollows), tuple(reserve), tuple(sorted(eliminated)), hand)
