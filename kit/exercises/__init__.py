"""Exercises for the lessons: ``check_answer(key, answer)`` says right or not yet, with a hint.

Each exercise is registered under a key such as ``"<game>-sowing-1"`` by its game's folder
(``kit/games/<name>/exercises.py``); its checker computes
the right answer with the engines, so the notebooks never hard-code a fact the kit can
work out. The feedback shows itself as text and as HTML in a notebook.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Callable

Checker = Callable[[Any], "bool | str"]


class WrongShape(ValueError):
    """An answer of the wrong kind (a word where a number is asked, ...); the message says what is expected."""


def whole_number(answer: Any) -> int:
    """A whole number given as an int, a whole float or digits (not True or False); WrongShape otherwise."""
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and answer.strip().isdigit():
        return int(answer)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise WrongShape(f"the answer is a whole number, like 12 (not {answer!r}).")
    return answer


@dataclass(frozen=True)
class Exercise:
    """A question, how to check an answer, a hint for a wrong one, and why the answer is right."""

    key: str
    question: str
    check: Checker
    hint: str
    explanation: str


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer."""

    key: str
    right: bool
    message: str

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.right

    def _repr_html_(self) -> str:
        colour, mark = ("#009E73", "&#10004;") if self.right else ("#D55E00", "&#10008;")
        return (f'<div style="border-left: 6px solid {colour}; padding: 4px 10px; font-size: 1.1em">'
                f"{mark} {html.escape(self.message)}</div>")


EXERCISES: dict[str, Exercise] = {}


def exercise(key: str, question: str, hint: str, explanation: str) -> Callable[[Checker], Checker]:
    """Register the decorated function as the checker of a new exercise.

    A checker returns True for a right answer, False for a wrong one, or a sentence for a wrong
    answer that matches a known misreading (shown instead of the hint); it raises
    :class:`WrongShape` for an answer of the wrong kind."""
    def register(check: Checker) -> Checker:
        if key in EXERCISES:
            raise ValueError(f"exercise {key!r} is registered twice")
        EXERCISES[key] = Exercise(key, question, check, hint, explanation)
        return check
    return register


def check_answer(key: str, answer: Any) -> Feedback:
    """Check an answer to the exercise ``key``: right, or not yet with a hint."""
    _load_all()
    try:
        ex = EXERCISES[key]
    except KeyError:
        raise KeyError(f"no exercise {key!r} (known: {', '.join(sorted(EXERCISES))})") from None
    if answer is Ellipsis or answer is None:
        return Feedback(key, False, f"Not answered yet: replace ... with your answer. Hint: {ex.hint}")
    try:
        verdict = ex.check(answer)
    except WrongShape as error:
        return Feedback(key, False, f"Not yet: {error}")
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        verdict = False
    if isinstance(verdict, str):
        return Feedback(key, False, f"Not yet. {verdict}")
    if verdict:
        return Feedback(key, True, f"Right! {ex.explanation}")
    return Feedback(key, False, f"Not yet. Hint: {ex.hint}")


def _load_all() -> None:
    """Bring in every game's exercises (each game's folder registers its own)."""
    from kit.core.game import game, games

    for name in games():
        game(name).load_exercises()
