"""The Myra exercise checkers: right answers pass, wrong and malformed ones get a hint."""
import pytest

from kit import myra
from kit.exercises import EXERCISES, check_answer
from kit.exercises.myra import PUZZLES, capturable, puzzle, queen_in_danger, with_turn

RIGHT_AND_WRONG = {
    "myra-board-1": ({"H6", "H8", "G7", "G8", "I6", "I7"}, {"H6", "H8", "G6", "G7", "I7", "I8"}),
    "myra-board-2": (61, 60),
    "myra-board-3": ("K1", "A1"),
    "myra-moves-1": (2, 4),
    "myra-moves-2": ({"D9", "F10"}, {"D9"}),
    "myra-moves-3": (5, 6),
    "myra-captures-1": ({"E8", "F5", "H9"}, {"E8", "F5"}),
    "myra-captures-2": (True, False),
    "myra-captures-3": (16, 10),
    "myra-play-1": (214, 210),
    "myra-play-2": ("F4-E3-E2-F2-F1", "F4-F3"),
    "myra-play-3": ("*F2", "E1-E2"),
}


def test_every_myra_exercise_is_tested():
    assert {key for key in EXERCISES if key.startswith("myra-")} == set(RIGHT_AND_WRONG)


@pytest.mark.parametrize("key", sorted(RIGHT_AND_WRONG))
def test_right_answer(key):
    feedback = check_answer(key, RIGHT_AND_WRONG[key][0])
    assert feedback.right, feedback.message
    assert feedback.message.startswith("Right!")


@pytest.mark.parametrize("key", sorted(RIGHT_AND_WRONG))
def test_wrong_answer_gets_the_hint(key):
    feedback = check_answer(key, RIGHT_AND_WRONG[key][1])
    assert not feedback.right
    assert feedback.message == f"Not yet. Hint: {EXERCISES[key].hint}"


@pytest.mark.parametrize("key", sorted(RIGHT_AND_WRONG))
def test_unanswered_and_malformed(key):
    assert check_answer(key, ...).message.startswith("Your answer:")
    for junk in ("Z99", [None], 3.5, object()):
        assert not check_answer(key, junk).right


@pytest.mark.parametrize("key,answer", [
    ("myra-board-1", "h6, H8 g7 G8;I6,i7"),       # one string, any case and separators
    ("myra-board-1", ["I7", "I6", "H8", "H6", "G8", "G7"]),
    ("myra-board-3", "k1"),
    ("myra-moves-1", "2"),
    ("myra-moves-3", 5.0),
    ("myra-play-2", "F4-G3-G2-F2-F1"),             # the other way round F3: the same move
    ("myra-play-3", "D2-E2-F2"),                    # any saving move will do
    ("myra-play-3", "G1-F2"),
])
def test_other_forms_of_a_right_answer(key, answer):
    assert check_answer(key, answer).right


def test_yes_no_is_not_a_number():
    assert not check_answer("myra-board-2", True).right
    assert not check_answer("myra-captures-2", 1).right


def test_puzzles_are_legal_positions():
    for name in PUZZLES:
        assert isinstance(puzzle(name), myra.Position)
    with pytest.raises(KeyError, match="no Myra puzzle 'nope'"):
        puzzle("nope")


def test_helpers():
    assert capturable(myra.start()) == frozenset()
    assert with_turn(puzzle("rescue"), 0).to_move == 0
    assert queen_in_danger(puzzle("rescue"), 1)
    assert not queen_in_danger(myra.start(), 0)
