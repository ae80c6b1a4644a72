"""Predict, then reveal, for Walak-pussa: the questions a move asks the class (see :mod:`kit.classroom.predict`).

>>> from kit.games.walak.demos import demo
>>> [q.text for q in questions(demo("single").trace())]
['Where does the last seed fall?', 'What does South capture?']
"""
from __future__ import annotations

from typing import Any

from kit.classroom.predict import Question
from kit.core.game import Trace
from kit.games.walak.board import PLAYER_NAMES, hole_name
from kit.games.walak.events import Capture, LapEnd, Lift, Relay


def questions(trace: Trace[Any]) -> tuple[Question, ...]:
    """Where the sowing ends (asked once the last lap's seeds are lifted) and each capture, the
    *pussa kanawa* and every bead-chain link (asked just before it)."""
    events = trace.events
    mover = PLAYER_NAMES[trace.before.to_move]
    found: list[Question] = []
    lifted = 0  # the step after the last lift or relay: the last lap is sown from there
    for index, event in enumerate(events):
        if isinstance(event, (Lift, Relay)):
            lifted = index + 1
        elif isinstance(event, LapEnd) and not event.goes_on:
            text = "Where does this relay end?" if event.lap > 1 else "Where does the last seed fall?"
            found.append(Question("walak", lifted, index + 1, text, frozenset({event.hole}), hole_name(event.hole)))
        elif isinstance(event, Capture):
            found.append(Question("walak", index, index + 1, f"What does {mover} capture?", frozenset({event.hole}),
                                  hole_name(event.hole)))
    return tuple(found)
