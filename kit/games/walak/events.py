"""The events of a traced Walak-pussa move, their narration, and the board after any step.

Each event is a small immutable value; ``event.text`` narrates it in one line, naming holes
as players do ("North's c"). :func:`state_at` replays the first ``step`` events onto a
position, so drawings, animations and widgets are functions of (position, events, step).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence, Union

from kit.games.walak.board import PLAYER_NAMES, Hole, Player, hole_name


def seed_count(n: int) -> str:
    """``n`` seeds in words, singular or plural: "1 seed", "0 seeds", "5 seeds"."""
    return f"{n} seed" if n == 1 else f"{n} seeds"


@dataclass(frozen=True)
class Lift:
    """The mover takes every seed from one of their holes: the move begins."""

    player: Player
    hole: Hole
    count: int

    @property
    def text(self) -> str:
        return f"{PLAYER_NAMES[self.player]} lifts {seed_count(self.count)} from {hole_name(self.hole)}."


@dataclass(frozen=True)
class Sow:
    """One seed dropped into a hole; ``hand`` seeds are left in the hand."""

    hole: Hole
    hand: int

    @property
    def text(self) -> str:
        return f"Sow a seed into {hole_name(self.hole)} ({self.hand} left in hand)."


@dataclass(frozen=True)
class LapEnd:
    """The hand is empty at ``hole``; ``looked_at`` decides whether the sowing goes on. ``numbered``
    False: the narration does not number the lap ("A lap ends in ..."), for a stepper beside an exercise
    that asks how many laps a move takes."""

    hole: Hole
    lap: int
    looked_at: Hole
    goes_on: bool
    numbered: bool = True

    @property
    def text(self) -> str:
        start = f"{f'Lap {self.lap}' if self.numbered else 'A lap'} ends in {hole_name(self.hole)}"
        if self.looked_at == self.hole:  # the Ludii reading looks at the landing hole itself
            return f"{start}, which was {'occupied: relay from there' if self.goes_on else 'empty: the sowing stops'}."
        state = "holds seeds: relay" if self.goes_on else "is empty: the sowing stops"
        return f"{start}; the next hole, {hole_name(self.looked_at)}, {state}."


@dataclass(frozen=True)
class Relay:
    """All seeds of a hole lifted to sow on (Indian-style relay sowing)."""

    hole: Hole
    count: int
    lap: int

    @property
    def text(self) -> str:
        return f"Relay: lift {self.count} from {hole_name(self.hole)}."


@dataclass(frozen=True)
class Capture:
    """Seeds taken off the board: the *pussa kanawa* capture (``chained`` False) or a bead-chain link.

    ``past`` is the hole passed over: the empty hole before ``hole``, or (``landed``, the
    Ludii reading) the hole the last seed fell into while it was empty.
    """

    player: Player
    hole: Hole
    count: int
    past: Hole
    chained: bool
    landed: bool = False

    @property
    def text(self) -> str:
        if self.chained:
            return f"Bead chain: capture {self.count} from {hole_name(self.hole)} (past empty {hole_name(self.past)})."
        if self.landed:
            return f"Pussa kanawa: the last seed fell into empty {hole_name(self.past)}, capture {self.count} from {hole_name(self.hole)}."
        return f"Pussa kanawa: {hole_name(self.past)} is empty, capture {self.count} from {hole_name(self.hole)}."


@dataclass(frozen=True)
class MoveEnd:
    """The move is over after the capture step."""

    player: Player
    captured: int

    @property
    def text(self) -> str:
        if self.captured:
            return f"The move ends: {PLAYER_NAMES[self.player]} captured {seed_count(self.captured)}."
        return "The move ends without a capture."


@dataclass(frozen=True)
class Endless:
    """A relay that has not ended after ``laps`` laps: the move is refused."""

    player: Player
    hole: Hole
    laps: int

    @property
    def text(self) -> str:
        return (f"Endless sowing: after {self.laps:,} laps the relay from {hole_name(self.hole)} "
                "has not ended, so this move is not allowed.")


@dataclass(frozen=True)
class Sweep:
    """The player to move has no legal move: the other player takes every seed left."""

    player: Player
    count: int

    @property
    def text(self) -> str:
        other = PLAYER_NAMES[1 - self.player]
        return f"{other} has no legal move: {PLAYER_NAMES[self.player]} takes the {seed_count(self.count)} left on the board."


@dataclass(frozen=True)
class Repetition:
    """The position stands for the third time: the game ends, each player takes the seeds in their own row."""

    rows: tuple[int, int]  # seeds left in South's row and in North's

    @property
    def text(self) -> str:
        south, north = self.rows
        mine = f"the {seed_count(south)} in their row" if south else "nothing from their empty row"
        theirs = f"the {north} in theirs" if north else "nothing from theirs"
        return f"The position stands for the third time: South takes {mine}, North {theirs}."


@dataclass(frozen=True)
class GameEnd:
    """The round is over; ``winner`` is None for a draw."""

    score: tuple[int, int]
    winner: Player | None

    @property
    def text(self) -> str:
        south, north = self.score
        if self.winner is None:
            return f"Game over: a draw, {south}-{north}."
        return f"Game over: {PLAYER_NAMES[self.winner]} wins, South {south} - North {north}."


Event = Union[Lift, Sow, LapEnd, Relay, Capture, MoveEnd, Endless, Sweep, Repetition, GameEnd]


@dataclass(frozen=True)
class Snapshot:
    """The board part-way through a move: after the first ``step`` events."""

    board: tuple[int, ...]
    captured: tuple[int, int]
    hand: int
    event: Event | None

    @property
    def focus(self) -> Hole | None:
        """The hole the current event is about, if any."""
        return getattr(self.event, "hole", None)


def seeds_captured(events: Sequence[Event]) -> int:
    """The seeds a move captures: those its *pussa kanawa* and bead-chain links take.

    This is the kit's one meaning of "a move captures": the sweep that may follow when the
    game ends takes seeds too, but it is the game's end, not a capture.
    """
    return sum(event.count for event in events if isinstance(event, Capture))


def state_at(position: Any, events: Sequence[Event], step: int) -> Snapshot:
    """The board, captured seeds and seeds in hand after the first ``step`` events of a
    move traced from ``position`` (anything with ``board`` and ``captured``)."""
    if not 0 <= step <= len(events):
        raise IndexError(f"step {step} is outside 0..{len(events)}")
    holes, taken, hand = list(position.board), list(position.captured), 0
    for event in events[:step]:
        if isinstance(event, (Lift, Relay)):
            holes[event.hole], hand = 0, event.count
        elif isinstance(event, Sow):
            holes[event.hole] += 1
            hand = event.hand
        elif isinstance(event, Capture):
            holes[event.hole] = 0
            taken[event.player] += event.count
        elif isinstance(event, Sweep):
            holes = [0] * len(holes)
            taken[event.player] += event.count
        elif isinstance(event, Repetition):
            holes = [0] * len(holes)
            taken = [taken[0] + event.rows[0], taken[1] + event.rows[1]]
    return Snapshot(tuple(holes), (taken[0], taken[1]), hand, events[step - 1] if step else None)
