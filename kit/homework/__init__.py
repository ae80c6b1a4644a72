"""Homework: the lessons' exercises as nbgrader assignments (``python -m kit homework DIR``).

:mod:`kit.homework.assignment` turns a lesson's exercises into an assignment notebook,
:mod:`kit.homework.course` lays out an nbgrader course of them, and :func:`check` is what the
autograder's test cells call: the lessons' own checker, with the kit's own words as feedback.
See docs/homework.md for the teacher's side.
"""
from __future__ import annotations

import sys
import textwrap
from typing import Any

from kit.exercises import check_answer


#: What the feedback says under an exercise left as ``answer = ...`` (or whose answer cell broke).
NO_ANSWER = ("No answer: the answer cell still says answer = ..., or it stopped with an error. "
             "If it stopped with an error, check that names and holes are in quotes, like \"D9\" "
             "or \"North's c\", and that a list is in square brackets, like [\"D9\", \"F10\"].")

#: What the feedback says under a right answer: no more (a lesson's explanation could answer another exercise).
RIGHT = "Right!"

WIDTH = 76  # the feedback's line length: nbgrader shows a test's output as it is, without wrapping


def check(key: str) -> None:
    """Check the notebook's ``answer`` to exercise ``key`` and take it away (so a later answer
    cell that breaks leaves no answer behind for the next exercise); print the feedback as
    :func:`grade` does."""
    notebook = sys._getframe(1).f_globals  # the notebook's own names: the test cell calls this
    grade(key, notebook.pop("answer", ...))


def grade(key: str, answer: Any) -> None:
    """Check a homework answer to exercise ``key``: print the kit's feedback, wrapped to
    ``WIDTH`` columns, on stdout if the answer is right and on stderr if not (nbgrader gives a
    test cell that writes to stderr no points, and shows the student the text without a traceback).

    A right answer gets "Right!" alone. A wrong answer gets the kit's "Not yet. Hint: ..." with
    the exercise's first hint: each notebook is graded in a kernel of its own, where this is the
    exercise's first wrong answer. The feedback never shows an answer."""
    feedback = check_answer(key, answer)
    message = RIGHT if feedback else str(feedback) if feedback.answered else NO_ANSWER
    print(textwrap.fill(message, WIDTH), file=sys.stdout if feedback else sys.stderr)
