"""The widgets beside each exercise serve its question without answering it (issues 36.2, 37.1, 37.2).

For every exercise of every lesson, the boards, steppers and move choosers built in the lesson's
*Exercises* section up to the exercise's answer cell are built here as the lesson builds them, and:

- a play board's **hint** is off (a hint recommends the move that plays best, which need not answer
  the question: lesson 4 exercise 3's recommended ``c`` while the answer is ``a``), or the move it
  recommends is a right answer;
- a Myra play board names no capture in its lists before a move is played;
- no step's narration (the caption, and the hidden line screen readers read aloud) states the answer,
  unless stepping through the move is the very way the exercise asks to find it (listed below, with why).
"""
from __future__ import annotations

import ast
import contextlib
import functools
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kit.exercises import EXERCISES, _load_all, check_answer, forget_answers
from kit.widgets.controller import traces_of
from kit.widgets.hints import suggest
from kit.widgets.move_chooser import MoveChooser
from kit.widgets.play_board import PlayBoard
from kit.widgets.stepper import MoveStepper

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))

_load_all()

#: Exercises whose stepper is the tool the question asks to read: the narration names what a step does.
READ_FROM_THE_STEPPER = {
    "walak-relay-1": "the question asks where the stepper's first lap ends: its step drops the seed there",
    "walak-relay-2": "the question asks which hole the stepper's first relay lifts: its step lifts it",
    "walak-relay-3": "the question asks to count the laps, which the stepper numbers one by one as they end",
}


@functools.cache
def exercise_widgets() -> dict[str, list[Any]]:
    """Every exercise key -> the widgets its lesson builds in the Exercises section before its answer cell."""
    found: dict[str, list[Any]] = {}
    for lesson in LESSONS:
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        sources = ["".join(cell["source"]) for cell in cells]
        start = next((i for i, s in enumerate(sources)
                      if cells[i]["cell_type"] == "markdown" and re.search(r"^## Exercises", s, re.MULTILINE)), None)
        if start is None:
            continue  # a lesson without exercises (the puzzles')
        namespace: dict[str, Any] = {}
        _run(sources[next(i for i, c in enumerate(cells) if c["cell_type"] == "code")], namespace)  # the imports
        shown: list[Any] = []
        for index in range(start, len(cells)):
            if cells[index]["cell_type"] != "code":
                continue
            source = sources[index]
            keys = re.findall(r'check_answer\("([^"]+)"', source)
            if keys:
                found.update({key: list(shown) for key in keys})
                continue
            if "claim" in cells[index].get("metadata", {}).get("tags", []):
                continue
            value = _run_needing(source, namespace, sources[:start])
            if isinstance(value, (PlayBoard, MoveStepper, MoveChooser)):
                shown.append(value)
    return found


def _run(source: str, namespace: dict[str, Any]) -> Any:
    """Run a cell's code (without IPython's % lines); the value of its last expression."""
    tree = ast.parse("\n".join(line for line in source.splitlines() if not line.startswith("%")))
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    with contextlib.redirect_stdout(io.StringIO()):  # what the cell prints is not looked at here
        exec(compile(tree, "<cell>", "exec"), namespace)  # noqa: S102 - the lesson's own code
        return None if last is None else eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)  # noqa: S307


def _run_needing(source: str, namespace: dict[str, Any], earlier: list[str]) -> Any:
    """Run a cell, first running the earlier cells that define the names it needs (the lesson's order)."""
    for _ in range(10):
        try:
            return _run(source, namespace)
        except NameError as error:
            name = error.name
            defining = [s for s in earlier if re.search(rf"^{re.escape(name)} = ", s, re.MULTILINE)]
            if not defining:
                raise
            _run_needing(defining[-1], namespace, earlier)
    raise AssertionError("too many names missing")


def test_every_exercise_is_checked():
    assert set(exercise_widgets()) == set(EXERCISES)


def plainly(value: Any) -> list[str]:
    """The words that would state the answer: a hole's or hollow's name, a move, a number of 10 or more
    (smaller numbers are in every sentence), each hole of a list."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [rf"(?<![\d.]){value}(?![\d])"] if value >= 10 else []
    if isinstance(value, (list, tuple, set, frozenset)):
        return [word for item in value for word in plainly(item)]
    text = str(value)
    return [re.escape(text)] if len(text) > 2 else []


def narrations(widget: Any) -> list[str]:
    """Every line a stepper (or a chooser, for each of its moves) shows or reads aloud, step by step."""
    if isinstance(widget, MoveChooser):
        traces = [trace for move in widget.choice.options for trace in traces_of(widget.position, move)[0]]
    elif isinstance(widget, MoveStepper):
        traces = list(widget.traces)
    else:
        return []
    lines = [event.text for trace in traces for event in trace.events]
    if isinstance(widget, MoveStepper):
        widget.go(widget.steps)
        lines += [widget.text, re.sub(r"<[^>]+>", " ", widget.narration.value)]
    return lines


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_a_board_hint_beside_an_exercise_is_off_or_serves_it(key):
    forget_answers()
    for board in (w for w in exercise_widgets()[key] if isinstance(w, PlayBoard)):
        if board.hints.limit == 0:
            assert board.hint_button.disabled and board.hint_button.description == "no hint here"
            continue
        suggestion, _ = suggest(board.position, depth=2)
        assert check_answer(key, suggestion.move).right, f"{key}: the board's hint recommends {suggestion.move}"


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_no_list_beside_an_exercise_names_a_capture_before_it_is_played(key):
    for board in (w for w in exercise_widgets()[key] if isinstance(w, PlayBoard) and hasattr(w, "lists")):
        assert not board.lists, f"{key}: the Myra board beside it lists the moves"
        position = board.position
        labels = [board._label(move) for move in position.legal_moves()]
        assert not any("captures" in label for label in labels), key


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_no_narration_beside_an_exercise_states_its_answer(key):
    words = plainly(EXERCISES[key].answer())
    lines = [line for widget in exercise_widgets()[key] for line in narrations(widget)]
    told = [line for line in lines for word in words if re.search(word, line)]
    if key in READ_FROM_THE_STEPPER:
        assert told, f"{key}: listed as read from the stepper, but no step names {words}"
    else:
        assert not told, f"{key}: a step says {told[0]!r}"


def test_lesson_10_exercise_3_stepper_stops_before_the_change_of_sides():
    stepper = next(w for w in exercise_widgets()["myra-captures-3"] if isinstance(w, MoveStepper))
    stepper.go(stepper.steps)
    assert "Green is out" in stepper.text and "16" not in stepper.narration.value
    assert EXERCISES["myra-captures-3"].answer() == 16  # what the full move's last step would have said
