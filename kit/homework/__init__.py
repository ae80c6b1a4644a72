"""Homework: the lessons' exercises as nbgrader assignments (``python -m kit homework DIR``).

:mod:`kit.homework.assignment` turns a lesson's exercises into an assignment notebook,
:mod:`kit.homework.course` lays out an nbgrader course of them, and :func:`grade` is what the
autograder's test cells call: the lessons' own checker, with the kit's own words as feedback.
See docs/homework.md for the teacher's side.
"""
from __future__ import annotations

import sys
from typing import Any

from kit.exercises import check_answer


#: What the feedback says under an exercise left as ``answer = ...`` (or whose answer cell broke).
NO_ANSWER = "No answer: the answer cell still says answer = ..., or it stopped with an error."


def grade(key: str, answer: Any) -> None:
    """Check a homework answer to exercise ``key``: print the kit's feedback, on stdout if the
    answer is right and on stderr if not (nbgrader gives a test cell that writes to stderr no
    points, and shows the student the text without a traceback).

    A wrong answer gets the kit's "Not yet. Hint: ..." with the exercise's first hint: each
    notebook is graded in a kernel of its own, where this is the exercise's first wrong answer.
    The feedback never shows the answer itself."""
    feedback = check_answer(key, answer)
    message = str(feedback) if feedback.answered else NO_ANSWER
    print(message, file=sys.stdout if feedback else sys.stderr)
