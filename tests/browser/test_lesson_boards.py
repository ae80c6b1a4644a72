"""The lessons' play boards think off the widget thread (issue 34): in lessons 06 and 11,
rendered by Voila, the computer at *strong* thinks while a click on the board is answered at
once with a word. The order is asserted, not a time: the page records every message as it
arrives, and the click's refusal ("Wait: ... is thinking") comes before the computer's move.
(Before, the click waited behind the search and was then played as a move.)
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from jupyter_servers import JupyterServer
from voila_ui import OFF_MACHINE, wait_for_voila
from widgets_ui import board_point, error_outputs, find_widgets, shoot, wait_for_text

from kit import myra, walak
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lesson(browser: Browser, voila_server: JupyterServer) -> Iterator[callable]:
    """Opens a lesson in Voila in a fresh context (a kernel of its own); the contexts close at the end."""
    contexts = []

    def open_lesson(notebook: str) -> Page:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        contexts.append(context)
        context.set_default_timeout(60_000)
        context.route(OFF_MACHINE, lambda route: route.abort())
        page = context.new_page()
        page.goto(voila_server.url(f"voila/render/{notebook}"), timeout=240_000)
        wait_for_voila(page, timeout=240)
        return page

    yield open_lesson
    for context in contexts:
        context.close()


def seat(board: Locator, player: str, level: str) -> None:
    """Let the computer at ``level`` play ``player``, in the board's settings (opened first)."""
    board.get_by_text("settings: rules, players, game record").first.click()
    board.locator(".widget-dropdown").filter(has_text=player).locator("select").first.select_option(label=level)


#: Records every message the board says, in order, as the page receives it.
RECORD_MESSAGES = """root => {
  window.kitSaid = [];
  const note = () => {
    for (const el of root.querySelectorAll('.widget-html')) {
      const text = el.innerText.trim();
      if (/Wait:|is thinking|played/.test(text) && !window.kitSaid.includes(text)) window.kitSaid.push(text);
    }
  };
  new MutationObserver(note).observe(root, {subtree: true, childList: true, characterData: true});
}"""


def answered_while_thinking(board: Locator, thinker: str) -> list[str]:
    """The messages the board said, once the computer has played: the click's refusal came
    while the computer was still thinking, before its move."""
    wait_for_text(board, f"{thinker} played", timeout=120)
    said = board.page.evaluate("() => window.kitSaid")
    refused = [n for n, text in enumerate(said) if text.startswith(f"Wait: {thinker} is thinking")]
    played = [n for n, text in enumerate(said) if f"{thinker} played" in text]
    assert refused and played and refused[0] < played[0], said
    return said


def test_lesson_06_answers_a_click_while_the_computer_thinks(lesson, screenshots: Path) -> None:
    page = lesson("lessons/06-playing-walak-pussa.ipynb")
    board = find_widgets(page, "board")[0]
    seat(board, "North", "computer, strong")
    wait_for_text(board, "Players changed.")
    image = board.locator("img.kit-board-view").first
    drawing = WalakBoard(walak.start())
    point = board_point(image, drawing.pixel_of(3), drawing.figure.bbox.width)
    board.evaluate(RECORD_MESSAGES)
    board.locator("button.mod-success").first.click()  # one of South's holes that can be played
    page.mouse.click(*point)  # at once: it reaches the kernel while the computer thinks
    answered_while_thinking(board, "North (computer, strong)")
    shoot(board, screenshots, "voila-lesson-06-answered")
    assert error_outputs(page) == []


def test_lesson_11_answers_a_click_while_the_computer_thinks(lesson, screenshots: Path) -> None:
    page = lesson("lessons/11-playing-myra.ipynb")
    typed = page.get_by_placeholder("type a move: F10-E10").first
    board = typed.locator("xpath=ancestor::div[contains(@class, 'jupyter-widgets') and contains(@class, "
                          "'widget-container')][last()]")
    wait_for_text(board, "Orange (computer, beginner) played")  # the lesson's own first move and its answer
    seat(board, "Orange", "computer, strong")
    wait_for_text(board, "Players changed.")
    position = myra.start().play("F10-F9").play("H1-H2-H3-G4")  # the lesson's game so far (its checked output)
    typed.fill(position.notation(position.legal_moves()[0]))
    image = board.locator("img.kit-board-view").first
    drawing = MyraBoard(myra.start())
    point = board_point(image, drawing.pixel_of(myra.parse_hollow("C8")), drawing.figure.bbox.width)
    board.evaluate(RECORD_MESSAGES)
    board.get_by_role("button", name="play typed move").first.click()
    page.mouse.click(*point)  # at once: it reaches the kernel while the computer thinks
    answered_while_thinking(board, "Orange (computer, strong)")
    shoot(board, screenshots, "voila-lesson-11-answered")
    assert error_outputs(page) == []
