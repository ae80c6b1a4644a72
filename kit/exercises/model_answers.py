"""A model answer to each exercise, written as a student writes it: the homework's solutions.

Grading never reads this table. The lessons and the homework's autograder both ask the
exercise's checker (:func:`kit.exercises.check_answer`), which works the right answer out
with the engine. A model answer is only what the teacher's copy of a homework shows in an
answer cell (``answer = 56``), and :func:`model_answer` refuses one its checker does not
accept, so the table cannot drift from the engines unnoticed.
"""
from __future__ import annotations

import ast

from kit.exercises import check_answer

#: exercise key -> the right-hand side of ``answer = ...``, as Python source
MODEL_ANSWERS: dict[str, str] = {
    "walak-start-1": "56",
    "walak-start-2": "44",
    "walak-start-3": "4",
    "walak-sowing-1": "9",
    "walak-sowing-2": '"North\'s a"',
    "walak-sowing-3": '"South\'s b"',
    "walak-relay-1": '"North\'s c"',
    "walak-relay-2": '"North\'s d"',
    "walak-relay-3": "23",
    "walak-capture-1": "5",
    "walak-capture-2": '["North\'s c", "North\'s e"]',
    "walak-capture-3": '"a"',
    "walak-endless-1": '"f"',
    "walak-endless-2": "13",
    "walak-endless-3": "4",
    "walak-play-1": "5",
    "walak-play-2": "(25, 31)",
    "walak-play-3": '"South"',
    "walak-play-4": "1",
    "walak-sources-1": '"North\'s c"',
    "walak-sources-2": '"d"',
    "walak-sources-3": '["a", "e"]',
    "walak-sources-4": '"South\'s c"',
    "myra-board-1": '{"G7", "G8", "H6", "H8", "I6", "I7"}',
    "myra-board-2": "61",
    "myra-board-3": '"K1"',
    "myra-moves-1": "2",
    "myra-moves-2": '{"D9", "F10"}',
    "myra-moves-3": "5",
    "myra-captures-1": '{"E8", "F5", "H9"}',
    "myra-captures-2": "True",
    "myra-captures-3": "16",
    "myra-play-1": "214",
    "myra-play-2": '"F4-E3-E2-F2-F1"',
    "myra-play-3": '"*F2"',
}


def model_answer(key: str) -> str:
    """The model answer to exercise ``key`` as source text; ValueError if there is none or its
    checker does not accept it."""
    try:
        text = MODEL_ANSWERS[key]
    except KeyError:
        raise ValueError(f"exercise {key!r} has no model answer in kit/exercises/model_answers.py") from None
    feedback = check_answer(key, ast.literal_eval(text))
    if not feedback:
        raise ValueError(f"the model answer {text} to exercise {key!r} is not right: {feedback}")
    return text
