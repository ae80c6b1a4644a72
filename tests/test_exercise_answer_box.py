"""Every exercise answered without Python (issues 36.3, 37.4): the answer box under the exercise cell, a
text box checked on Enter and a list to choose from, and the plain forms a student types."""
from __future__ import annotations

import pytest

from kit.exercises import EXERCISES, _load_all, check_answer, forget_answers, spoken
from kit.exercises.answer_box import UNCHOSEN, AnswerBox

from entering import type_and_press_enter

_load_all()

VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(autouse=True)
def fresh_tries():
    forget_answers()
    yield
    forget_answers()


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_every_exercise_is_answered_in_the_box_in_plain_words(key):
    ex = EXERCISES[key]
    assert ex.form != "your answer", f"{key} does not say what to type"
    box = AnswerBox(key)
    assert ex.form in box.entry.placeholder
    assert "Your answer: ..." in box.result.value  # neutral before an answer
    type_and_press_enter(box.entry, spoken(ex.answer()))
    assert "Right!" in box.result.value, (key, box.entry.value, box.result.value)


@pytest.mark.parametrize("key", sorted(key for key, ex in EXERCISES.items() if ex.choices))
def test_an_exercise_with_few_answers_offers_them_in_a_list(key):
    ex = EXERCISES[key]
    box = AnswerBox(key)
    assert box.choice.layout.display != "none" and box.choice.value == UNCHOSEN
    right = spoken(ex.answer())
    assert right in box.choice.options
    wrong = next(option for option in box.choice.options if option not in (UNCHOSEN, right))
    box.choice.value = wrong
    assert "Not yet" in box.result.value and "show the answer" in box.result.value
    box.choice.value = right
    assert "Right!" in box.result.value


def test_enter_with_a_wrong_answer_gives_the_hint_then_the_next():
    box = AnswerBox("walak-start-1")
    for typed, hint in (("48", 0), ("60", 1)):
        type_and_press_enter(box.entry, typed)
        assert EXERCISES["walak-start-1"].hints[hint] in box.result.value
    box.entry.value = ""
    box.check_button.click()
    assert "Your answer: ..." in box.result.value  # an empty box is no try


def test_the_box_shows_below_an_unanswered_exercise_only():
    waiting = check_answer("walak-start-1", ...)
    bundle = waiting._repr_mimebundle_()
    assert VIEW in bundle and "model_id" in bundle[VIEW]
    assert waiting._repr_html_() and repr(waiting).startswith("Your answer:")  # text and HTML as before
    assert check_answer("walak-start-1", 56)._repr_mimebundle_() == {}


# the plain forms the issues name, each in the exercise it was refused in
PLAIN = [
    ("walak-capture-2", "North's c, North's e"),  # 37.4: not only a Python list
    ("walak-capture-2", "North's c and North's e"),
    ("myra-captures-2", "yes"),  # 37.4: yes / no, not only True
    ("myra-captures-2", "Yes"),
    ("walak-play-2", "25-31"),  # 36.3: the form the lessons use for scores
    ("walak-play-2", "25 31"),
    ("walak-sources-3", "a e"),  # 36.3: as Myra accepts "D9 F10"
    ("walak-sources-3", "a, e"),
    ("myra-moves-2", "D9 F10"),
    ("walak-sowing-1", "9"),
    ("walak-sowing-2", '"North\'s a"'),  # quotes copied from Python do no harm
    ("walak-relay-1", "9"),  # a hole by its global index, typed
    ("walak-capture-3", "a"),
    ("walak-play-3", "south"),
    ("myra-play-2", "F4-E3-E2-F2-F1"),
]


@pytest.mark.parametrize("key, text", PLAIN)
def test_a_plain_form_is_right(key, text):
    assert check_answer(key, text).right, check_answer(key, text).message


def test_a_plain_no_is_wrong_where_the_answer_is_yes():
    assert not check_answer("myra-captures-2", "no").right
    assert check_answer("myra-captures-2", "perhaps").message.startswith("Not yet: the answer is yes or no")
