"""Exercise feedback beyond right and wrong: real hints, known misreadings, answers of the wrong shape."""
import json
import re
from pathlib import Path

import pytest

from kit.exercises import EXERCISES, _load_all, check_answer, forget_answers, typed
from kit.games.walak.exercises import LUDII_RELAY, ORIGIN, TWO_EMPTIES

_load_all()

# key, wrong answer, words the feedback must hold (about the misreading, not the generic hint)
def _id(value) -> str:
    """A test id that is the same in every process (a set's order varies with hash randomisation,
    and pytest-xdist's workers must collect the same ids)."""
    return str(sorted(value) if isinstance(value, (set, frozenset)) else value)[:24]


MISREADINGS = [
    ("walak-relay-2", "North's c", LUDII_RELAY),  # the Ludii relay: lift the landing hole
    ("walak-sources-1", "North's d", "default reading"),  # the other way round, under Ludii
    ("walak-relay-1", "North's b", ORIGIN),  # the first seed dropped back into the origin
    ("walak-sowing-2", "South's g", ORIGIN),
    ("walak-sowing-3", "South's a", ORIGIN),
    ("walak-sowing-3", "South's c", "skip-origin"),
    ("walak-sources-4", "South's b", "default rules"),
    ("walak-capture-1", 7, TWO_EMPTIES),  # a chain jumping two empty holes
    ("walak-capture-2", ["North's c", "North's e", "South's a"], TWO_EMPTIES),
    ("walak-capture-1", 2, "only the first capture"),
    ("walak-capture-2", ["North's e", "North's c"], "order"),
    ("walak-start-2", 7, "number of laps"),
    ("walak-endless-3", 1, "10,000"),
    ("myra-moves-1", 6, "build-up"),  # a build-up counted as a chain-up
    ("myra-moves-2", {"D9", "E10", "F10"}, "middle of the chain"),
    ("myra-captures-1", {"E8", "F5", "H9", "D7"}, "fortress"),
    ("myra-captures-3", 6, "troops"),
    ("myra-captures-3", 28, "reserve"),
    ("myra-play-1", 217, "at the start"),
]


@pytest.mark.parametrize("key, answer, words", MISREADINGS, ids=_id)
def test_a_known_misreading_gets_its_own_hint(key, answer, words):
    feedback = check_answer(key, answer)
    assert not feedback.right
    assert words.lower() in feedback.message.lower(), feedback.message
    assert EXERCISES[key].hint not in feedback.message  # the misreading, not the general hint


# key, an answer of the wrong shape, the shape the feedback must name
SHAPES = [
    ("walak-start-1", "fifty-six", "whole number"),
    ("walak-start-1", True, "whole number"),
    ("walak-sowing-2", "the next one", "hole"),
    ("walak-sowing-2", 99, "0 to 13"),
    ("walak-capture-2", "the first two", "list of holes"),
    ("walak-capture-3", "North's a", "not one of South's holes"),
    ("walak-play-2", 56, "pair"),
    ("walak-play-3", "East", "South"),
    ("walak-sources-3", "ae", "list of letters"),
    ("myra-board-1", 7, "hollows"),
    ("myra-board-3", "the corner", "hollow"),
    ("myra-board-2", "sixty", "whole number"),
    ("myra-captures-2", "perhaps", "yes or no"),
    ("myra-play-2", 42, "move written as text"),
    ("myra-play-2", "F4-Z9", "not a hollow name"),
]


@pytest.mark.parametrize("key, answer, shape", SHAPES, ids=_id)
def test_an_answer_of_the_wrong_shape_is_told_the_shape(key, answer, shape):
    feedback = check_answer(key, answer)
    assert not feedback.right
    assert feedback.message.startswith("Not yet:"), feedback.message
    assert shape.lower() in feedback.message.lower(), feedback.message


def test_an_illegal_move_is_a_wrong_answer_told_why_in_one_sentence_with_the_answer_offered():
    feedback = check_answer("myra-play-2", "F4-F3-F2-F1")
    assert feedback.message == ("Not yet. F4-F3-F2-F1 is not legal here: "
                                "the path is blocked at F3 by Orange's single soldier."), feedback.message
    assert feedback.reveal is not None and "show the answer" in feedback._repr_html_()


def test_no_hint_gives_the_answer_away():
    """A hint helps to find the answer; it does not hold code that prints it."""
    for key, exercise in EXERCISES.items():
        for hint in exercise.hints:
            assert not re.search(r"len\(|legal_moves\(\)|endless_moves\(\)|\.events|\.captured\b|study\.", hint), key


# -- hints after trying (issue 23): none before an answer, one more per wrong answer, the answer on request --

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(autouse=True)
def fresh_tries():
    forget_answers()
    yield
    forget_answers()


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_no_hint_before_an_answer(key):
    feedback = check_answer(key, ...)
    assert not feedback.right and not feedback.answered
    assert feedback.message.startswith("Your answer:"), feedback.message
    assert feedback.reveal is None
    page = feedback._repr_html_()
    assert "Hint" not in page and "show the answer" not in page and "#D55E00" not in page
    for hint in EXERCISES[key].hints:
        assert hint not in feedback.message and hint not in page


def test_every_exercise_of_every_lesson_starts_without_an_answer():
    """Each lesson cell that checks an answer asks with ``answer = ...``, and its recorded output is neutral."""
    asked = set()
    for lesson in LESSONS:
        nb = json.loads(lesson.read_text(encoding="utf-8"))
        expected = ROOT / "lessons" / "expected" / f"{lesson.stem}.json"
        recorded = json.loads(expected.read_text(encoding="utf-8"))["cells"] if expected.exists() else {}
        code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
        for number, cell in enumerate(code):
            source = "".join(cell["source"])
            for key in re.findall(r'check_answer\("([^"]+)"', source):
                asked.add(key)
                assert key in EXERCISES, f"{lesson.name} asks an unknown exercise {key}"
                assert re.search(r"^answer = \.\.\.$", source, re.MULTILINE), f"{lesson.name}: {key} starts answered"
                for output in recorded.get(str(number), {}).get("outputs", []):
                    shown = json.dumps(output)
                    assert "Hint" not in shown and "Not answered" not in shown, f"{lesson.name}: {key} shows {shown}"
    assert asked == set(EXERCISES), f"exercises no lesson asks: {sorted(set(EXERCISES) - asked)}"


def test_each_wrong_answer_earns_the_next_hint():
    ex = EXERCISES["walak-start-1"]
    assert len(ex.hints) >= 2
    assert check_answer("walak-start-1", 48).message == f"Not yet. Hint: {ex.hints[0]}"
    assert check_answer("walak-start-1", 48).message == f"Not yet. Hint: {ex.hints[0]}"  # the same answer again
    assert check_answer("walak-start-1", 60).message == f"Not yet. Hint: {ex.hints[1]}"
    assert check_answer("walak-start-1", 61).message == f"Not yet. Hint: {ex.hints[-1]}"  # no hints left: the last


def test_an_answer_of_the_wrong_shape_earns_no_hint():
    assert check_answer("walak-start-1", "many").reveal is None
    assert check_answer("walak-start-1", 48).message.endswith(EXERCISES["walak-start-1"].hints[0])


@pytest.mark.parametrize("key", sorted(key for key, ex in EXERCISES.items() if ex.answer is not None))
def test_the_answer_waits_behind_its_button(key):
    """The answer is in the "show the answer" button (closed), never in a hint or the message."""
    right = typed(EXERCISES[key].answer())
    words = right.strip('"')
    telling = len(words) > 2 or (words.isdigit() and int(words) >= 10)
    for hint in EXERCISES[key].hints:
        assert not telling or words not in hint, f"{key}: hint gives the answer {right}"
    assert check_answer(key, EXERCISES[key].answer()).right  # the answer shown is right
    wrong = check_answer(key, 9999)
    assert not wrong.right and (wrong.reveal is None or right in wrong.reveal)
    if wrong.reveal is not None:
        assert not telling or words not in wrong.message
        page = wrong._repr_html_()
        assert "<details" in page and "<details open" not in page and "show the answer" in page
