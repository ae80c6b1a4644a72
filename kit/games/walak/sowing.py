"""The one implementation of a Walak-pussa move: lift, relay sowing, capture, bead chain.

:func:`sowings` sows moves on copies of a board (a position's candidates at once, or the
one move traced), and :func:`capture` takes the seeds at the end of the move played. Given
an ``emit`` callable they report every step as an event (:mod:`kit.games.walak.events`);
without one they build no events at all, so untraced play pays nothing for tracing. A
position sows every candidate to know which moves end (the others are endless), and
captures only for the move played.

A hand is sown a lap at a time: :func:`lap` says which holes a hand falls into and which
hole is looked at when it is empty. The laps of hands under 28 seeds are looked up in tables
made from :func:`lap` at import (one for each reading of the relay and of the origin), so
the common lap is one look-up and a short loop; the events, when asked for, are read from
the same lap.
"""
from __future__ import annotations

from typing import Callable, Mapping, Sequence, TypeVar

from kit.games.walak.board import HOLES, Hole, Player, owner
from kit.games.walak.events import Capture, Endless, Event, LapEnd, Lift, MoveEnd, Relay, Sow
from kit.games.walak.rules import Rules

Emit = Callable[[Event], None]
K = TypeVar("K")  # what the caller names a move by
Lap = tuple[tuple[Hole, ...], Hole]  # the holes a hand sows, the hole looked at when it is empty
Sown = tuple[list[int], Hole]  # the board when a sowing ends, and the hole looked at then

_NEXT = tuple((hole + 1) % HOLES for hole in range(HOLES))  # the hole after each hole


def lap(pos: Hole, hand: int, skip: bool, landing: bool) -> Lap:
    """The holes a hand of ``hand`` seeds lifted from ``pos`` sows (passing over ``pos`` itself
    when it laps the board, under ``skip``), and the hole that decides whether the sowing goes
    on: the hole after the last seed, or (``landing``, the Ludii reading) the hole the last
    seed fell into."""
    holes: list[Hole] = []
    hole = pos
    while len(holes) < hand:
        hole = _NEXT[hole]
        if hole != pos or not skip:
            holes.append(hole)
    return tuple(holes), hole if landing else _NEXT[hole]


# _LAPS[landing][skip][pos][hand]: the lap of every hand of up to two rounds of the board, for
# each reading of the relay and of the origin (a hand is always lifted from the hole it starts
# at: the origin, or the hole of a relay, which is also the hole it skips)
_LAPS = tuple(tuple(tuple(tuple(lap(pos, hand, skip, landing) for hand in range(2 * HOLES)) for pos in range(HOLES))
                    for skip in (False, True)) for landing in (False, True))


def sowings(board: Sequence[int], origins: Mapping[K, Hole], rules: Rules, emit: Emit | None = None,
            max_laps: int | None = None) -> dict[K, Sown]:
    """The sowing of each move of ``origins`` (its name, e.g. its letter, to the hole it lifts)
    from an occupied hole, on a copy of ``board``: the board when the hand is empty for good,
    and the hole looked at then (the capture step is :func:`capture`), by the move's name. A
    move whose relay has not ended after ``max_laps`` laps (default: the rules' endless
    limit) is endless and left out."""
    limit = rules.endless_laps if max_laps is None else max(max_laps, 1)
    landing = rules.relay == "landing"
    more = 1 if landing else 0  # the looked-at hole relays when it holds more seeds than this
    skip = rules.skip_origin
    laps = _LAPS[landing][skip]
    sown: dict[K, Sown] = {}
    for name, origin in origins.items():
        if not board[origin]:  # an empty hole is no move
            continue
        after = list(board)
        hand, after[origin] = after[origin], 0
        if emit:
            emit(Lift(owner(origin), origin, hand))
        look = origin  # the hole the hand was lifted from (each relay's is the hole looked at)
        number = 1  # the lap
        while True:
            try:
                holes, look = laps[look][hand]
            except IndexError:  # a hand of 28 seeds or more
                holes, look = lap(look, hand, skip, landing)
            for hole in holes:
                after[hole] += 1
            # The hand is empty: relay from the looked-at hole, or end the sowing.
            hand = after[look]
            if emit:
                for number_sown, hole in enumerate(holes, 1):
                    emit(Sow(hole, len(holes) - number_sown))
                emit(LapEnd(holes[-1], number, look, hand > more))
                if hand > more and number < limit:
                    emit(Relay(look, hand, number + 1))
            if hand <= more:
                sown[name] = (after, look)
                break
            if number == limit:
                if emit:
                    emit(Endless(owner(origin), origin, limit))
                break
            number += 1
            after[look] = 0
    return sown


def capture(board: Sequence[int], empty: Hole, player: Player, rules: Rules,
            emit: Emit | None = None) -> tuple[tuple[int, ...], int]:
    """The capture step after a sowing that left ``board`` and ended looking at ``empty``:
    *pussa kanawa*, then the bead chain. Returns the board after it and the seeds captured
    (``board`` itself is left as it is)."""
    after: Sequence[int] | list[int] = board
    total = 0
    past = empty
    k = _NEXT[empty]
    chained = False
    while after[k]:
        if after is board:
            after = list(board)
        assert isinstance(after, list)  # copied before the first capture
        count, after[k] = after[k], 0
        total += count
        if emit:
            emit(Capture(player, k, count, past, chained, rules.relay == "landing" and not chained))
        past = _NEXT[k]
        if after[past]:  # the chain is broken by an occupied hole
            break
        k = _NEXT[past]  # two empties in a row end the loop
        chained = True
    if emit:
        emit(MoveEnd(player, total))
    return tuple(after), total
