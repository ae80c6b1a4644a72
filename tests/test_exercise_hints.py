"""Exercise feedback beyond right and wrong: real hints, known misreadings, answers of the wrong shape."""
import re

import pytest

from kit.exercises import EXERCISES, _load_all, check_answer
from kit.games.walak.exercises import LUDII_RELAY, ORIGIN, TWO_EMPTIES

_load_all()

# key, wrong answer, words the feedback must hold (about the misreading, not the generic hint)
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


@pytest.mark.parametrize("key, answer, words", MISREADINGS, ids=lambda v: str(v)[:24])
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
    ("walak-capture-2", "North's c", "list of holes"),
    ("walak-capture-3", "North's a", "not one of South's holes"),
    ("walak-play-2", 56, "pair"),
    ("walak-play-3", "East", "South"),
    ("walak-sources-3", "ae", "list of letters"),
    ("myra-board-1", 7, "hollows"),
    ("myra-board-3", "the corner", "hollow"),
    ("myra-board-2", "sixty", "whole number"),
    ("myra-captures-2", "yes", "True or False"),
    ("myra-play-2", 42, "move written as text"),
    ("myra-play-2", "F4-F3-F2", "not a legal move"),
]


@pytest.mark.parametrize("key, answer, shape", SHAPES, ids=lambda v: str(v)[:24])
def test_an_answer_of_the_wrong_shape_is_told_the_shape(key, answer, shape):
    feedback = check_answer(key, answer)
    assert not feedback.right
    assert feedback.message.startswith("Not yet:"), feedback.message
    assert shape.lower() in feedback.message.lower(), feedback.message


def test_no_hint_gives_the_answer_away():
    """A hint helps to find the answer; it does not hold code that prints it."""
    for key, exercise in EXERCISES.items():
        assert not re.search(r"len\(|legal_moves\(\)|endless_moves\(\)|\.events", exercise.hint), key
