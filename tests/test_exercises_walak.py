"""The Walak-pussa lessons' exercise checkers: right answers (in several spellings) and wrong ones."""
import json
import re
from pathlib import Path

import pytest

from kit.exercises import EXERCISES, _load_all, check_answer

ROOT = Path(__file__).resolve().parents[1]

# key: (right answers, wrong answers)
ANSWERS = {
    "walak-start-1": ([56, "56", 56.0], [48, 14, True]),
    "walak-start-2": ([44], [43, 7]),
    "walak-start-3": ([4], [7, 3]),
    "walak-sowing-1": ([9, "9"], [2, 10, "North's c"]),
    "walak-sowing-2": (["North's a", "north a", "N a", "North’s a", 7], ["South's a", "North's g", 0, "a"]),
    "walak-sowing-3": (["South's b", 1], ["South's a", "South's c", 0]),
    "walak-relay-1": (["North's c", 9], ["North's d", "South's g"]),
    "walak-relay-2": (["North's d", 10], ["North's c", "North's a"]),
    "walak-relay-3": ([23], [22, 24, 7]),
    "walak-capture-1": ([5], [2, 7, 4]),
    "walak-capture-2": ([["North's c", "North's e"], (9, 11)],
                        [["North's c"], ["North's e", "North's c"], "North's c", [9, 11, 0]]),
    "walak-capture-3": (["a", "A", "South's a"], ["e", "c", "North's a", 7]),
    "walak-endless-1": (["f", "South's f"], ["g", "a", "North's f"]),
    "walak-endless-2": ([13], [12, 10_000]),
    "walak-endless-3": ([4], [1, 3, 7]),
    "walak-play-1": ([5], [3, 25]),
    "walak-play-2": ([(25, 31), [25, 31]], [(31, 25), (20, 31), (25, 31, 0), 56]),
    "walak-play-3": (["South", "south", 0], ["North", 1, "East"]),
    "walak-play-4": ([1], [0, 2]),
    "walak-sources-1": (["North's c", 9], ["North's d", "South's g"]),
    "walak-sources-2": (["d", "North's d", 10], ["a", "g", "South's d", 8]),
    "walak-sources-3": ([["a", "e"], ("e", "a"), ["South's a", "South's e"]], [["a"], ["a", "c", "e"], "ae", []]),
    "walak-sources-4": (["South's c", 2], ["South's b", "South's a"]),
}


def walak_keys():
    _load_all()
    return sorted(key for key in EXERCISES if key.startswith("walak-"))


def test_every_walak_exercise_is_tested():
    assert walak_keys() == sorted(ANSWERS)


@pytest.mark.parametrize("key", sorted(ANSWERS))
def test_right_and_wrong_answers(key):
    right, wrong = ANSWERS[key]
    for answer in right:
        feedback = check_answer(key, answer)
        assert feedback.right, f"{answer!r} should be right: {feedback}"
        assert str(feedback).startswith("Right!")
    for answer in wrong:
        feedback = check_answer(key, answer)
        assert not feedback.right, f"{answer!r} should be wrong"
        assert str(feedback).startswith("Not yet")


def test_unanswered_says_so():
    assert str(check_answer("walak-start-1", ...)).startswith("Your answer:")


def test_each_exercise_is_asked_in_one_lesson_with_its_position():
    """A lesson shows each exercise once, and the position its question names."""
    texts = {path.name: path.read_text(encoding="utf-8") for path in sorted((ROOT / "lessons").glob("0*.ipynb"))}
    for key in walak_keys():
        lessons = [name for name, text in texts.items() if f'check_answer(\\"{key}\\"' in text]
        assert len(lessons) == 1, f"{key} is asked in {lessons or 'no lesson'}"
        cells = json.loads(texts[lessons[0]])["cells"]
        source = "".join("".join(cell["source"]) for cell in cells)
        for position in re.findall(r"`([SN]:[^`]+)`", EXERCISES[key].question):
            assert position in source, f"{lessons[0]} does not show {position} for {key}"
