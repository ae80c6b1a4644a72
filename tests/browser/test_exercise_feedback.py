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
