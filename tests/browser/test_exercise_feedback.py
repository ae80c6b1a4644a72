"""An exercise's feedback in a real browser: before an answer no hint and no button; after a
wrong answer the hint, and the answer only once "show the answer" is pressed (issue 23)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kit.exercises import EXERCISES, _load_all
from notebook_pages import OpenedNotebook
from widgets_ui import shoot

pytestmark = pytest.mark.browser


def test_the_answer_shows_only_when_asked(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    _load_all()
    page = clicks_notebook.page
    waiting = page.get_by_text("Your answer: ...", exact=False).first
    waiting.wait_for(state="visible")
    hint = EXERCISES["walak-start-1"].hints[0]
    wrong = page.get_by_text(f"Not yet. Hint: {hint}", exact=False).first
    wrong.wait_for(state="visible")
    button = page.locator("summary", has_text="show the answer")
    assert button.count() == 1  # after the wrong answer only, not before an answer
    answer = page.get_by_text("The answer: 56.", exact=False).first
    assert not answer.is_visible()
    shoot(page, screenshots, "voila-exercise-01-wrong")
    button.click()
    answer.wait_for(state="visible")
    shoot(page, screenshots, "voila-exercise-02-answer-shown")
    clicks_notebook.assert_no_errors()


def test_an_exercise_is_answered_in_its_box_without_python(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    """Issue 36.3: a text box checked on Enter, plain words ("North's c, North's e"), a list to choose from."""
    page = clicks_notebook.page
    boxes = page.locator(".kit-answer-box")
    boxes.nth(2).wait_for(state="visible")
    assert boxes.count() == 3  # the unanswered exercises only: not the one answered 48 in code
    first, holes, yes_no = boxes.nth(0), boxes.nth(1), boxes.nth(2)
    assert first.get_by_text("Your answer: ...", exact=False).is_visible()  # neutral before an answer
    entry = first.locator("input[type=text]")
    assert "a number, like 12" in (entry.get_attribute("placeholder") or "")
    entry.fill("56")
    entry.press("Enter")
    first.get_by_text("Right!", exact=False).wait_for(state="visible")
    entry = holes.locator("input[type=text]")
    entry.fill("North's c, North's e")
    entry.press("Enter")
    holes.get_by_text("Right!", exact=False).wait_for(state="visible")
    choose = yes_no.locator("select")
    choose.select_option("no")
    yes_no.get_by_text("Not yet. Hint:", exact=False).wait_for(state="visible")
    choose.select_option("yes")
    yes_no.get_by_text("Right!", exact=False).wait_for(state="visible")
    shoot(page, screenshots, "voila-exercise-03-answered-in-the-box")
    clicks_notebook.assert_no_errors()
