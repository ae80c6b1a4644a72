"""The one implementation of a Walak-pussa move: lift, relay sowing, capture, bead chain.

:func:`sow` plays a move on a mutable board. Given an ``emit`` callable it reports every
step as an event (:mod:`kit.games.walak.events`); without one it builds no events at all, so
untraced play pays nothing for tracing.
"""
from __future__ import annotations

from typing import Callable, MutableSequence

from kit.games.walak.board import HOLES, Hole, owner
from kit.games.walak.events import Capture, Endless, Event, LapEnd, Lift, MoveEnd, Relay, Sow
from kit.games.walak.rules import Rules

Emit = Callable[[Event], None]


def sow(board: MutableSequence[int], origin: Hole, rules: Rules, emit: Emit | None = None,
        max_laps: int | None = None) -> int | None:
    """Play the move from ``origin`` on ``board`` in place; return the seeds captured.

    Returns ``None`` (board left part-way) when the relay has not ended after
    ``max_laps`` laps (default: the rules' endless limit): the move is endless.
    """
    limit = rules.endless_laps if max_laps is None else max_laps
    landing = rules.relay == "landing"
    skip = rules.skip_origin
    player = owner(origin)
    skipped = origin if skip else -1  # the hole this hand passes over (none: -1)
    hand, board[origin] = board[origin], 0
    if emit:
        emit(Lift(player, origin, hand))
    pos = origin
    lap = 1
    while True:
        while hand:
            pos += 1
            if pos == HOLES:
                pos = 0
            if pos == skipped:
                continue
            board[pos] += 1
            hand -= 1
            if emit:
                emit(Sow(pos, hand))
        # The hand is empty at pos: relay, or end the sowing.
        look = pos if landing else (pos + 1) % HOLES
        goes_on = board[look] > 1 if landing else board[look] > 0
        if emit:
            emit(LapEnd(pos, lap, look, goes_on))
        if not goes_on:
            break
        if lap >= limit:
            if emit:
                emit(Endless(player, origin, lap))
            return None
        lap += 1
        hand, board[look] = board[look], 0
        pos = look
        if skip:
            skipped = look
        if emit:
            emit(Relay(look, hand, lap))
    return _capture(board, player, look, emit, landed=landing)


def _capture(board: MutableSequence[int], player: int, empty: Hole, emit: Emit | None, landed: bool) -> int:
    """The capture step after the sowing ends at ``empty``: *pussa kanawa*, then the bead chain."""
    total = 0
    k = (empty + 1) % HOLES
    past = empty
    chained = False
    while board[k]:
        count, board[k] = board[k], 0
        total += count
        if emit:
            emit(Capture(player, k, count, past, chained, landed and not chained))
        past = (k + 1) % HOLES
        if board[past]:  # the chain is broken by an occupied hole
            break
        k = (past + 1) % HOLES  # two empties in a row end the loop below
        chained = True
    if emit:
        emit(MoveEnd(player, total))
    return total
