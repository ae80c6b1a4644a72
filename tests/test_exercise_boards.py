"""The widgets beside each exercise serve its question without answering it (issues 36.2, 37.1, 37.2).

For every exercise of every lesson, the boards, steppers and move choosers built in the lesson's
*Exercises* section up to the exercise's answer cell are built here as the lesson builds them, and:

- a play board's **hint** is off until a wrong try at the exercises it serves, then on: on the exercise's
  position it gives the exercise's own hints (the computer's best move need not answer the question: lesson
  4 exercise 3's recommended ``c``, a wrong answer, where the answer was ``a``), after a move the computer's,
  saying that it need not answer the exercise;
- a Myra play board names no capture in its lists before a move is played;
- no step's narration (the caption, and the hidden line screen readers read aloud) states the answer,
  unless stepping through the move is the very way the exercise asks to find it (listed below, with why).
"""
from __future__ import annotations

import ast
import contextlib
import functools
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import kit
from kit import walak
from kit.exercises import EXERCISES, _load_all, check_answer, forget_answers
from kit.exercises.answer_box import AnswerBox
from kit.widgets.controller import traces_of
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
        own: list[Any] = []  # built since the last answer cell
        for index in range(start, len(cells)):
            if cells[index]["cell_type"] != "code":
                continue
            source = sources[index]
            keys = re.findall(r'check_answer\("([^"]+)"', source)
            if keys:
                found.update({key: list(shown) for key in keys})
                _OWN.update({key: list(own) for key in keys})
                own = []
                continue
            if "claim" in cells[index].get("metadata", {}).get("tags", []):
                continue
            value = _run_needing(source, namespace, sources[:start])
            if isinstance(value, (PlayBoard, MoveStepper, MoveChooser)):
                shown.append(value)
                own.append(value)
    return found


#: Every exercise key -> the widgets built between the answer cell before it and its own (filled with the above).
_OWN: dict[str, list[Any]] = {}


def own_boards(key: str) -> list[PlayBoard]:
    """The play boards built for exercise ``key``: after the exercise before it was answered, up to its answer cell."""
    exercise_widgets()
    return [widget for widget in _OWN[key] if isinstance(widget, PlayBoard)]


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
def test_a_board_hint_beside_an_exercise_waits_for_a_try(key):
    """A hint recommends the move that plays best, which need not answer the question: before a try it is off."""
    forget_answers()
    for board in (w for w in exercise_widgets()[key] if isinstance(w, PlayBoard)):
        assert board.exercises, f"{key}: a play board beside it serves no exercise"
        assert board.hint_button.disabled and board.hint_button.description == "hint after an answer", key


#: A wrong answer to each exercise that has a play board of its own (its hint comes on after it).
WRONG_TRY = {"walak-capture-3": "c", "walak-sources-2": "b", "myra-moves-1": 4, "myra-moves-2": "D9",
             "myra-moves-3": 6, "myra-captures-1": "E8, F5", "myra-captures-2": "no", "myra-play-2": "F4-F3",
             "myra-play-3": "E1-E2"}


def test_every_exercise_with_a_board_is_served_by_it():
    """A board built for an exercise (or, lesson 9's, for the exercises after it) turns its hint on after their tries."""
    served = {key for board in (w for ws in exercise_widgets().values() for w in ws if isinstance(w, PlayBoard))
              for key in board.exercises}
    assert {key for key in EXERCISES if own_boards(key)} <= served
    assert served == set(WRONG_TRY)


@pytest.mark.parametrize("key", sorted(WRONG_TRY))
def test_a_wrong_try_brings_the_board_hint_back(key):
    """Issue 37.1 kept the hint off until a try; after a wrong answer (in the answer box, as a student gives it)
    the boards serving the exercise offer it: on the exercise's position, the exercise's own hint; after a move,
    the computer's, saying that it need not answer the question."""
    forget_answers()
    boards = [w for w in exercise_widgets()[key] if isinstance(w, PlayBoard) and key in w.exercises]
    assert boards and all(board.hint_button.disabled for board in boards)
    assert not AnswerBox(key).answer(str(WRONG_TRY[key]))
    for board in boards:
        assert not board.hint_button.disabled and board.hint_button.description == "hint (3 left)", key
        board.hint_search = {"depth": 2}
        at_the_exercise = board.position == board.position_of(board.history.game()[0].state)
        board.hint_button.click()
        message = html.unescape(board.feedback.message.value)
        if at_the_exercise:  # the exercise's own hint
            assert "Hint for the exercise: " in message and any(hint in message for hint in EXERCISES[key].hints), message
        else:  # a move played since (the lesson's own, or the student's): the computer's, with a word
            assert "Hint for" in message and "need not answer the exercise" in message, message
        assert board.hint_button.description == "hint (2 left)"
        board.new_game()  # as it was, for the other tests (its hints again)
    others = [w for ws in exercise_widgets().values() for w in ws
              if isinstance(w, PlayBoard) and key not in w.exercises]
    assert all(board.hint_button.disabled for board in others), "a try at one exercise brings only its boards' hints"
    forget_answers()


def test_a_board_built_after_a_try_offers_its_hint_at_once():
    forget_answers()
    check_answer("walak-capture-3", "c")
    board = kit.explore(walak.parse_position("S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"), exercise="walak-capture-3")
    assert not board.hint_button.disabled
    forget_answers()
    with pytest.raises(KeyError, match="no exercise"):
        kit.explore(walak.start(), exercise="walak-capture-99")


def test_a_right_or_malformed_answer_brings_no_hint():
    forget_answers()
    board = kit.explore(walak.parse_position("S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"), exercise="walak-capture-3")
    check_answer("walak-capture-3", "North's a")  # the wrong kind of answer: no try
    check_answer("walak-capture-3", "a")  # right
    assert board.hint_button.disabled and board.hint_button.description == "hint after an answer"


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


def test_lesson_3_exercise_3_stepper_numbers_no_lap():
    """Its stepper said "Lap 23 ends ..." at its last lap's end: the count the exercise asks for."""
    stepper = [w for w in exercise_widgets()["walak-relay-3"] if isinstance(w, MoveStepper)][-1]  # its own
    laps = EXERCISES["walak-relay-3"].answer()
    assert laps > 20 and len(stepper.traces) == 1
    ends = [event for event in stepper.traces[0].events if type(event).__name__ == "LapEnd"]
    assert len(ends) == laps  # every lap's end is still a step of its own, to count
    for step in range(1, stepper.steps + 1):
        stepper.go(step)
        shown = [stepper.text, re.sub(r"<[^>]+>", " ", stepper.narration.value), stepper.drawing._caption.get_text()]
        assert not any(re.search(r"\b[Ll]ap \d", line) for line in shown), (step, shown)


def test_lesson_4_exercise_3_s_board_hint_never_points_at_the_wrong_answer_just_tried():
    """The reviewer's path: ``c`` typed (wrong), then the board's hint: the exercise's hints, in turn, no move."""
    forget_answers()
    board = kit.explore(walak.parse_position("S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"), exercise="walak-capture-3")
    assert not check_answer("walak-capture-3", "c").right
    said = []
    for _ in range(2):
        board.hint_button.click()
        said.append(html.unescape(board.feedback.message.value))
    hints = EXERCISES["walak-capture-3"].hints  # the answer box said the first: the board goes on from there
    assert [hint in line for hint, line in zip((hints * 2)[1:], said)] == [True, True], said
    assert board.hinted is None and not any("Hint for South" in line for line in said), said
    forget_answers()


def test_no_right_answer_s_explanation_answers_an_exercise_after_it():
    """The "Right!" of one exercise is shown while the next is still open: its explanation must not
    name that exercise's answer of several parts (lesson 4 exercise 1's named exercise 2's holes, in
    order; an answer of one word, a hole or a side, is named in many a sentence about another position)."""
    order = list(exercise_widgets())  # lesson by lesson, in the order the lessons ask them
    lesson_of = {key: key.rsplit("-", 1)[0] for key in order}
    for n, key in enumerate(order):
        words = plainly(EXERCISES[key].answer()) if EXERCISES[key].answer else []
        for earlier in order[:n]:
            if lesson_of[earlier] == lesson_of[key] and len(words) > 1:
                said = EXERCISES[earlier].explanation
                assert not all(re.search(word, said) for word in words), f"{earlier}'s explanation answers {key}: {said}"


def test_a_hint_refused_uses_up_none_of_the_exercise_s_hints():
    """Each press gives the exercise's next hint; a press refused (none left in this game) gives none,
    so the first hint of the next game is the one not yet given."""
    forget_answers()
    board = kit.explore(walak.parse_position("S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"), exercise="walak-capture-3",
                        hints=1)
    assert not check_answer("walak-capture-3", "c").right  # the hint comes on
    said = []
    for press in (board.hint_button.click, board.hint_button.click, board.new_game, board.hint_button.click):
        press()
        said.append(html.unescape(board.feedback.message.value))
    assert "no hints left in this game" in said[1].lower(), said
    hints = EXERCISES["walak-capture-3"].hints
    given = [next(hint for hint in hints if hint in message) for message in (said[0], said[3])]
    assert given[0] != given[1], f"the refused press used up a hint: {said}"
    forget_answers()
