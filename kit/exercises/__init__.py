"""Exercises for the lessons: ``check_answer(key, answer)`` says right or not yet, hints only after trying.

Each exercise is registered under a key such as ``"<game>-sowing-1"`` by its game's folder
(``kit/games/<name>/exercises.py``); its checker computes
the right answer with the engines, so the notebooks never hard-code a fact the kit can
work out. The feedback shows itself as text and as HTML in a notebook:

- before an answer (``answer = ...``): a neutral "Your answer: ..." and no hint;
- after a wrong answer: the exercise's first hint (it points at the rule, not the answer), after
  a second different wrong answer the next hint, and so on; a known misreading gets its own
  sentence instead; an answer of the wrong kind is told the kind, and costs no try;
- after any wrong answer, a "show the answer" button (an HTML ``<details>``, closed): the answer
  is shown only when the student opens it;
- a right answer: "Right!" and why.

A play board beside an exercise (``kit.explore(position, exercise=key)``) keeps its hint off until a
wrong try at that exercise: it asks :func:`tried`, and :func:`when_tried` tells it of each wrong answer.

Before an answer, the feedback also shows an answer box below the cell (:mod:`kit.exercises.answer_box`):
a text box checked on Enter, and a list to choose from where the answer is one of a few, so an exercise
is answered without writing Python; each exercise's ``form`` says what to type ("a hole, like North's c").
"""
from __future__ import annotations

import html
import re
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from kit.core.errors import show

Checker = Callable[[Any], "bool | str"]


class WrongShape(ValueError):
    """An answer of the wrong kind (a word where a number is asked, ...); the message says what is expected."""


class WrongAnswer(ValueError):
    """An answer of the right kind that is wrong for the reason in the message (an illegal move): it counts
    as a try, and the answer is offered as for any wrong answer."""


def whole_number(answer: Any) -> int:
    """A whole number given as an int, a whole float or digits, perhaps with the word counted
    ("23 laps"; not True or False); WrongShape otherwise.

    >>> whole_number("23 laps"), whole_number(" 6 "), whole_number(7.0)
    (23, 6, 7)
    """
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and (counted := re.fullmatch(r"\s*(\d+)(\s+[A-Za-z][A-Za-z' ]*)?\.?\s*", answer)):
        return int(counted.group(1))
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise WrongShape(f"the answer is a whole number, like 12 (not {show(answer)}).")
    return answer


def plain(text: str) -> str:
    """Typed text without the quotes or brackets a student may copy from Python ('"North's c"' -> "North's c")."""
    return text.strip().strip("[](){}").strip().strip("\"'“”").strip()


def typed(value: Any) -> str:
    """A value written as the student would type it after ``answer =`` ("North's c" in quotes, [...] for lists)."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        inner = ", ".join(typed(item) for item in items)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    return str(value)


@dataclass(frozen=True)
class Exercise:
    """A question, how to check an answer, the hints for wrong answers (in order), why the answer is
    right, and the right answer itself (computed when the student asks to see it)."""

    key: str
    question: str
    check: Checker
    hints: tuple[str, ...]
    explanation: str
    answer: Callable[[], Any] | None = None
    form: str = "your answer"
    choices: Callable[[], Sequence[str]] | None = None

    @property
    def hint(self) -> str:
        """The first hint."""
        return self.hints[0]


@dataclass(frozen=True)
class AnswerFeedback:
    """The verdict on one answer: ``right``, the message, and (after a wrong answer) the answer behind a button.

    ``answered`` is False before an answer (``...``); ``reveal`` is the text the "show the answer"
    button opens, or None (no button)."""

    key: str
    right: bool
    message: str
    answered: bool = True
    reveal: str | None = field(default=None, repr=False)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.right

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """Before an answer, in a notebook: the exercise's answer box as well (its widget view; the text
        and HTML of the message stay as they are, for a page without widgets)."""
        if self.answered:
            return {}
        from kit.exercises.answer_box import AnswerBox

        view = AnswerBox(self.key)._repr_mimebundle_(include=include, exclude=exclude) or {}
        kind = "application/vnd.jupyter.widget-view+json"
        return {kind: view[kind]} if kind in view else {}

    def _repr_html_(self) -> str:
        if not self.answered:
            colour, mark = "#767676", ""
        else:
            colour, mark = ("#009E73", "&#10004; ") if self.right else ("#D55E00", "&#10008; ")
        shown = (f'<div style="border-left: 6px solid {colour}; padding: 4px 10px; font-size: 1.1em">'
                 f"{mark}{html.escape(self.message)}</div>")
        if self.reveal is None:
            return shown
        return (shown + '<details style="margin: 4px 0 0 16px"><summary style="cursor: pointer; display: inline-block; '
                'border: 1px solid #767676; border-radius: 4px; padding: 2px 10px">show the answer</summary>'
                f'<div style="padding: 4px 10px">{html.escape(self.reveal)}</div></details>')


EXERCISES: dict[str, Exercise] = {}

#: The different wrong answers given so far to each exercise (in this kernel): they choose the hint.
_WRONG: dict[str, list[str]] = {}


def exercise(key: str, question: str, hint: str | Sequence[str], explanation: str,
             answer: Callable[[], Any] | None = None, form: str = "your answer",
             choices: Callable[[], Sequence[str]] | None = None) -> Callable[[Checker], Checker]:
    """Register the decorated function as the checker of a new exercise.

    ``hint`` is one hint or several, in the order wrong answers show them (the first points at
    the rule); ``answer`` computes the right answer for the "show the answer" button (without
    it the button shows the explanation alone); ``form`` says in a few words what to type in the answer
    box ("a number, like 12"), ``choices`` lists the answers to choose from where they are few. A checker returns True for a right answer,
    False for a wrong one, or a sentence for a wrong answer that matches a known misreading
    (shown instead of the hint); it raises :class:`WrongShape` for an answer of the wrong kind."""
    hints = (hint,) if isinstance(hint, str) else tuple(hint)
    if not hints or not all(isinstance(h, str) and h for h in hints):
        raise ValueError(f"exercise {key!r} needs at least one hint, each a sentence")

    def register(check: Checker) -> Checker:
        if key in EXERCISES:
            raise ValueError(f"exercise {key!r} is registered twice")
        EXERCISES[key] = Exercise(key, question, check, hints, explanation, answer, form, choices)
        return check
    return register


def the_answer(key: str) -> str:
    """What the "show the answer" button of exercise ``key`` shows: the answer and why."""
    ex = find_exercise(key)
    if ex.answer is None:
        return ex.explanation
    value = ex.answer()
    code, said = typed(value), spoken(value)
    in_code = "" if code.strip('"') == said else f" (in code: answer = {code})"
    return f"The answer: {said}{in_code}. {ex.explanation}"


def spoken(value: Any) -> str:
    """A value as a student types it in an answer box: no quotes, no brackets ("North's c, North's
    e"), yes or no, a pair of counts as a score ("25-31")."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}-{value[1]}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(spoken(item) for item in (sorted(value) if isinstance(value, (set, frozenset)) else value))
    return str(value)


#: Who is told when an exercise's wrong answers change (a play board beside it), held weakly: key -> methods.
_TOLD: dict[str, list[weakref.WeakMethod]] = {}


def tried(key: str) -> bool:
    """Whether exercise ``key`` has had a wrong answer in this kernel (an answer of the wrong kind is no try)."""
    return bool(_WRONG.get(key))


def wrong_tries(key: str) -> int:
    """How many different wrong answers exercise ``key`` has had (each earned the next of its hints)."""
    return len(_WRONG.get(key, ()))


def when_tried(key: str, method: Callable[[], Any]) -> None:
    """Call ``method`` (a bound method, held weakly: a widget run again is let go) after each wrong answer to
    exercise ``key``, and when the answers are forgotten."""
    find_exercise(key)
    _TOLD.setdefault(key, []).append(weakref.WeakMethod(method))


def _tell(key: str) -> None:
    alive = [ref for ref in _TOLD.get(key, []) if ref() is not None]
    _TOLD[key] = alive
    for ref in alive:
        method = ref()
        if method is not None:
            method()


def forget_answers() -> None:
    """Forget every wrong answer given so far: the next wrong answer shows the first hint again (and the
    boards beside the exercises keep their hints for a try again)."""
    _WRONG.clear()
    for key in list(_TOLD):
        _tell(key)


def check_answer(key: str, answer: Any) -> AnswerFeedback:
    """Check an answer to the exercise ``key``: right, or not yet with the hint its wrong answers have earned."""
    ex = find_exercise(key)
    if answer is Ellipsis or answer is None:
        return AnswerFeedback(key, False, "Your answer: ... (replace the ... with your answer and run the cell)",
                        answered=False)
    try:
        verdict = ex.check(answer)
    except WrongShape as error:
        return AnswerFeedback(key, False, f"Not yet: {error}")
    except WrongAnswer as error:
        verdict = str(error)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        verdict = False
    if verdict and not isinstance(verdict, str):
        return AnswerFeedback(key, True, f"Right! {ex.explanation}")
    wrong = _WRONG.setdefault(key, [])
    if repr(answer) not in wrong:
        wrong.append(repr(answer))
    _tell(key)
    if isinstance(verdict, str):
        return AnswerFeedback(key, False, f"Not yet. {verdict}", reveal=the_answer(key))
    tries = wrong.index(repr(answer)) + 1
    hint = ex.hints[min(tries, len(ex.hints)) - 1]
    return AnswerFeedback(key, False, f"Not yet. Hint: {hint}", reveal=the_answer(key))


def find_exercise(key: str) -> Exercise:
    """The exercise registered under ``key`` (every game's exercises are loaded first); KeyError naming the known ones."""
    _load_all()
    try:
        return EXERCISES[key]
    except KeyError:
        raise KeyError(f"no exercise {show(key)} (known: {', '.join(sorted(EXERCISES))})") from None


def _load_all() -> None:
    """Bring in every game's exercises (each game's folder registers its own)."""
    from kit.core.game import game, games

    for name in games():
        game(name).load_exercises()
