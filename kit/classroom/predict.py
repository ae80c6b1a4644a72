"""Predict, then reveal: which events of a move are worth a question, and checking answers.

:func:`questions` finds the decisive events of a traced move; each game says which they
are (``Game.predict_questions``, in its folder's ``predict`` module): where a sowing ends,
each capture, a change of sides.

Each :class:`Question` says where the stepper stops (``step``: the board after that many
events), what to ask, which holes or hollows answer it and where to go to reveal it.
:func:`check` turns a click on the board into "Right" or "Not yet". No widgets here.

The questions of the demonstrations are in tests/test_classroom_predict.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from kit.core.game import Trace, game, game_of
from kit.core.verdict import Verdict

Target = Hashable  # a board target: a hole, a hollow


@dataclass(frozen=True)
class Question:
    """A question asked at ``step`` of a move: ``text``, the ``answers`` that are right (holes
    or hollows), their names, and ``reveal_step``, the step that shows the answer (its
    narration explains it)."""

    game: str  # the name of the game whose move it is
    step: int
    reveal_step: int
    text: str
    answers: frozenset[Target]
    answer_names: str


def questions(trace: Trace) -> tuple[Question, ...]:
    """The questions of a traced move, in the order the stepper meets them (its game asks them)."""
    return tuple(game_of(trace.before).predict_questions(trace))


def target_name(question: Question, target: Any) -> str:
    """The name of a board target (a hole, a hollow) as the players of the question's game say it."""
    return game(question.game).target_name(target)


def check(question: Question, target: Target | None) -> Verdict:
    """Whether a click on ``target`` (None: off the board) answers the question, in one sentence."""
    if target in question.answers:
        return Verdict(True, f"Right: {target_name(question, target)}.")
    said = "That was off the board." if target is None else f"Not {target_name(question, target)}."
    return Verdict(False, f"Not yet. {said} The answer: {question.answer_names}.")
