"""Predict, then reveal, for Myra: the questions a move asks the class (see :mod:`kit.classroom.predict`)."""
from __future__ import annotations

from typing import Any

from kit.classroom.predict import Question
from kit.core.game import Trace
from kit.games.myra.events import Capture, ChangeSides, Lift, QueenCaptured
from kit.games.myra.hexgrid import hollow_name
from kit.games.myra.pieces import PLAYER_NAMES


def questions(trace: Trace[Any]) -> tuple[Question, ...]:
    """Each capture, the queen's included (asked once the capturing piece is lifted), and the
    change of sides of a three-player game (asked just before it)."""
    events = trace.events
    mover = PLAYER_NAMES[trace.before.to_move]
    lifted = next((i + 1 for i, e in enumerate(events) if isinstance(e, Lift)), 0)
    found: list[Question] = []
    for index, event in enumerate(events):
        if isinstance(event, (Capture, QueenCaptured)):
            found.append(Question("myra", lifted, index + 1, f"What does {mover} capture?", frozenset({event.hollow}),
                                  hollow_name(event.hollow)))
        elif isinstance(event, ChangeSides):
            loser = PLAYER_NAMES[event.player]
            found.append(Question("myra", index, index + 1, f"{loser} is out. Which soldiers change sides? Click one.",
                                  frozenset(event.hollows), ", ".join(map(hollow_name, event.hollows))))
    return tuple(found)
