"""Predict, then reveal: which events of a move are worth a question, and checking answers.

:func:`questions` finds the decisive events of a traced move of either game:

- Walak-pussa: the hole the sowing ends in (asked once the last lap's seeds are lifted),
  and each capture, the *pussa kanawa* and every bead-chain link (asked just before it);
- Myra: each capture, the queen's included (asked once the capturing piece is lifted),
  and the change of sides of a three-player game (asked just before it).

Each :class:`Question` says where the stepper stops (``step``: the board after that many
events), what to ask, which holes or hollows answer it and where to go to reveal it.
:func:`check` turns a click on the board into "Right" or "Not yet". No widgets here.

>>> from kit.games.walak.demos import demo
>>> [q.text for q in questions(demo("single").trace())]
['Where does the last seed fall?', 'What does South capture?']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from kit.core.game import Trace
from kit.games.myra import events as myra_events
from kit.games.myra.hexgrid import cell_name
from kit.games.myra.pieces import PLAYER_NAMES as MYRA_NAMES
from kit.games.myra.position import Position as MyraPosition
from kit.games.walak import events as walak_events
from kit.games.walak.board import PLAYER_NAMES as WALAK_NAMES
from kit.games.walak.board import hole_name
from kit.games.walak.position import Position as WalakPosition

Target = Hashable  # a Walak-pussa hole (int) or a Myra cell ((q, r))


@dataclass(frozen=True)
class Question:
    """A question asked at ``step`` of a move: ``text``, the ``answers`` that are right (holes
    or cells), their names, and ``reveal_step``, the step that shows the answer (its
    narration explains it)."""

    step: int
    reveal_step: int
    text: str
    answers: frozenset[Target]
    answer_names: str


@dataclass(frozen=True)
class Verdict:
    """The result of an answer: ``right`` and the sentence to show the class."""

    right: bool
    text: str


def questions(trace: Trace) -> tuple[Question, ...]:
    """The questions of a traced move of either game, in the order the stepper meets them."""
    if isinstance(trace.before, WalakPosition):
        return _walak_questions(trace)
    if isinstance(trace.before, MyraPosition):
        return _myra_questions(trace)
    raise TypeError(f"expected a traced Walak-pussa or Myra move, not one from {type(trace.before).__name__}")


def _walak_questions(trace: Trace) -> tuple[Question, ...]:
    events = trace.events
    mover = WALAK_NAMES[trace.before.to_move]
    found: list[Question] = []
    lifted = 0  # the step after the last lift or relay: the last lap is sown from there
    for index, event in enumerate(events):
        if isinstance(event, (walak_events.Lift, walak_events.Relay)):
            lifted = index + 1
        elif isinstance(event, walak_events.LapEnd) and not event.goes_on:
            text = "Where does this relay end?" if event.lap > 1 else "Where does the last seed fall?"
            found.append(Question(lifted, index + 1, text, frozenset({event.hole}), hole_name(event.hole)))
        elif isinstance(event, walak_events.Capture):
            found.append(Question(index, index + 1, f"What does {mover} capture?", frozenset({event.hole}),
                                  hole_name(event.hole)))
    return tuple(found)


def _myra_questions(trace: Trace) -> tuple[Question, ...]:
    events = trace.events
    mover = MYRA_NAMES[trace.before.to_move]
    lifted = next((i + 1 for i, e in enumerate(events) if isinstance(e, myra_events.Lift)), 0)
    found: list[Question] = []
    for index, event in enumerate(events):
        if isinstance(event, (myra_events.Capture, myra_events.QueenCaptured)):
            found.append(Question(lifted, index + 1, f"What does {mover} capture?", frozenset({event.cell}),
                                  cell_name(event.cell)))
        elif isinstance(event, myra_events.ChangeSides):
            loser = MYRA_NAMES[event.player]
            found.append(Question(index, index + 1, f"{loser} is out. Which soldiers change sides? Click one.",
                                  frozenset(event.cells), ", ".join(map(cell_name, event.cells))))
    return tuple(found)


def target_name(target: Any) -> str:
    """The name of a hole or a cell as players say it ("South's c", "F7")."""
    return hole_name(target) if isinstance(target, int) else cell_name(target)


def check(question: Question, target: Target | None) -> Verdict:
    """Whether a click on ``target`` (None: off the board) answers the question, in one sentence."""
    if target in question.answers:
        return Verdict(True, f"Right: {target_name(target)}.")
    said = "That was off the board." if target is None else f"Not {target_name(target)}."
    return Verdict(False, f"Not yet. {said} The answer: {question.answer_names}.")
