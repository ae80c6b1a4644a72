"""The lessons' play boards think off the widget thread (issue 34): in lessons 06 and 11,
rendered by Voila, the computer at *strong* thinks while a click on the board is answered at
once with a word. The order is asserted, not a time: the click's answer arrives while the
search still runs (stop thinking is still shown, the computer's move not yet listed), and the
computer's move follows.
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


def stop_shown(board: Locator) -> bool:
    return board.get_by_role("button", name="stop thinking").first.is_visible()


def refused_while_thinking(board: Locator, image: Locator, point: tuple[float, float], thinker: str) -> None:
    """Click the picture while ``thinker`` thinks: the refusal is said while the search still runs."""
    wait_for_text(board, f"{thinker} is thinking")
    assert stop_shown(board)
    board.page.mouse.click(*point)
    wait_for_text(board, f"Wait: {thinker} is thinking. Press stop thinking to stop it.")
    assert stop_shown(board), "the click was answered only after the search"
    assert f"{thinker} played" not in board.inner_text()


def test_lesson_06_answers_a_click_while_the_computer_thinks(lesson, screenshots: Path) -> None:
    page = lesson("lessons/06-playing-walak-pussa.ipynb")
    board = find_widgets(page, "board")[0]
    seat(board, "North", "computer, strong")
    wait_for_text(board, "Players changed.")
    image = board.locator("img.kit-board-view").first
    drawing = WalakBoard(walak.start())
    board.locator("button.mod-success").first.click()  # one of South's holes that can be played
    refused_while_thinking(board, image, board_point(image, drawing.pixel_of(3), drawing.figure.bbox.width),
                           "North (computer, strong)")
    shoot(board, screenshots, "voila-lesson-06-thinking")
    wait_for_text(board, "North (computer, strong) played", timeout=120)
    assert not stop_shown(board) and error_outputs(page) == []


def test_lesson_11_answers_a_click_while_the_computer_thinks(lesson, screenshots: Path) -> None:
    page = lesson("lessons/11-playing-myra.ipynb")
    typed = page.get_by_placeholder("or type a move, e.g. F10-E10").first
    board = typed.locator("xpath=ancestor::div[contains(@class, 'jupyter-widgets') and contains(@class, "
                          "'widget-container')][last()]")
    wait_for_text(board, "Orange (computer, beginner) played")  # the lesson's own first move and its answer
    seat(board, "Orange", "computer, strong")
    wait_for_text(board, "Players changed.")
    position = myra.start().play("F10-F9").play("H1-H2-H3-G4")  # the lesson's game so far (its checked output)
    typed.fill(position.notation(position.legal_moves()[0]))
    board.get_by_role("button", name="play typed move").first.click()
    image = board.locator("img.kit-board-view").first
    drawing = MyraBoard(myra.start())
    point = board_point(image, drawing.pixel_of(myra.parse_hollow("C8")), drawing.figure.bbox.width)
    refused_while_thinking(board, image, point, "Orange (computer, strong)")
    shoot(board, screenshots, "voila-lesson-11-thinking")
    wait_for_text(board, "Orange (computer, strong) played", timeout=120)
    assert not stop_shown(board) and error_outputs(page) == []
